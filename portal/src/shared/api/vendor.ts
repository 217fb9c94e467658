/**
 * The vendor's own records: the business (GET|PATCH /vendors/me), the onboarding draft and the
 * business documents. Shared by every vendor page through the signed-in client.
 */
import type { components } from '@consign/api/client';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth';
import { type ApiClient, unwrap } from './client';

type Schemas = components['schemas'];

export type Vendor = Schemas['Vendor'];
export type UpdateVendorBody = Schemas['UpdateVendorRequest'];
export type Onboarding = Schemas['Onboarding'];
export type OnboardingAnswers = Schemas['OnboardingAnswers'];
export type VendorDocument = Schemas['VendorDocument'];

/** The same key the courier pages use, so one fetch serves the shell and the page. */
export const myVendorQueryKey = ['vendors', 'me'] as const;
export const onboardingQueryKey = ['vendors', 'me', 'onboarding'] as const;
export const documentsQueryKey = ['vendors', 'me', 'documents'] as const;

export const vendorApi = {
  me: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendors/me', { signal })),
  update: async (client: ApiClient, body: UpdateVendorBody) =>
    unwrap(await client.PATCH('/api/v1/vendors/me', { body })),
  onboarding: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendors/me/onboarding', { signal })),
  saveOnboarding: async (client: ApiClient, body: { step: number; answers: OnboardingAnswers }) =>
    unwrap(await client.PUT('/api/v1/vendors/me/onboarding', { body })),
  submitOnboarding: async (client: ApiClient) =>
    unwrap(await client.POST('/api/v1/vendors/me/onboarding/submit', { body: {} })),
  documents: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendors/me/documents', { signal })),
  uploadDocument: async (client: ApiClient, file: File) =>
    unwrap(
      await client.POST('/api/v1/vendors/me/documents', {
        // openapi-typescript types a binary field as string; the browser sends the File itself.
        body: { document: file as unknown as string },
        bodySerializer: (body) => {
          const form = new FormData();
          form.append('document', body.document as unknown as File);
          return form;
        },
      }),
    ),
  removeDocument: async (client: ApiClient, id: string) => {
    unwrap(
      await client.DELETE('/api/v1/vendors/me/documents/{documentId}', {
        params: { path: { documentId: id } },
      }),
    );
  },
  /** The file needs the bearer token, so it is fetched and handed to the browser as a blob. */
  downloadDocument: async (client: ApiClient, id: string) => {
    const result = await client.GET('/api/v1/vendor-documents/{documentId}', {
      params: { path: { documentId: id } },
      parseAs: 'blob',
    });
    return unwrap(result) as unknown as Blob;
  },
};

export function useMyVendor() {
  const { apiClient, user } = useAuth();
  return useQuery({
    queryKey: myVendorQueryKey,
    queryFn: ({ signal }) => vendorApi.me(apiClient, signal),
    enabled: user?.role === 'vendor',
    staleTime: 30_000,
  });
}

export function useOnboarding() {
  const { apiClient } = useAuth();
  return useQuery({
    queryKey: onboardingQueryKey,
    queryFn: ({ signal }) => vendorApi.onboarding(apiClient, signal),
  });
}
