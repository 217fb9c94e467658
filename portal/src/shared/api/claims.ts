/** Claims for loss or damage (docs/claims-and-returns.md): the customer's and the courier's calls. */
import type { components } from '@consign/api/client';
import { type ApiClient, unwrap } from './client';

type Schemas = components['schemas'];
export type Claim = Schemas['Claim'];
export type FileClaimBody = Schemas['FileClaimBody'];

export type CourierClaimAnswer = Schemas['CourierClaimAnswer'];

export const claimKeys = {
  all: ['claims'] as const,
  ofOrder: (orderId: string) => ['claims', 'order', orderId] as const,
};

export const claimsApi = {
  ofOrder: async (client: ApiClient, orderId: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/claims', { params: { query: { orderId } }, signal })).items,
  ofVendorOrder: async (client: ApiClient, orderId: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendor/claims', { params: { query: { orderId } }, signal })).items,
  answer: async (client: ApiClient, id: string, body: CourierClaimAnswer) =>
    unwrap(await client.POST('/api/v1/vendor/claims/{id}/response', { params: { path: { id } }, body })),
  file: async (client: ApiClient, orderId: string, body: FileClaimBody) =>
    unwrap(await client.POST('/api/v1/orders/{id}/claims', { params: { path: { id: orderId } }, body })),
};
