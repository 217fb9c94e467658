/**
 * Courier services, uploads and the vendor record: calls that need a signed-in vendor.
 */
import type { components } from '@consign/api/client';
import { API_BASE, ApiError, type AuthFetch, describeError, isApiError, type Problem } from '../../app/api';

type Schemas = components['schemas'];

export type CourierService = Schemas['CourierService'];
export type WeightTier = Schemas['WeightTier'];
export type SameDayPricing = NonNullable<Schemas['SameDayPricing']>;
export type Currency = Schemas['Currency'];
export type Vendor = Schemas['Vendor'];

/**
 * The body of POST /couriers and PATCH /couriers/{id}. Written out because the generated type
 * marks defaulted fields (currency, status, volumetricDivisor) as required; the form sends them all.
 */
export interface CourierServiceBody {
  name: string;
  serviceType: Schemas['ServiceType'];
  currency: Currency;
  logoUrl: string | null;
  fromLocation: string;
  toLocation: string | string[];
  weightTiers: WeightTier[];
  maxLengthCm: number | null;
  maxWidthCm: number | null;
  maxHeightCm: number | null;
  maxWeightKg: number | null;
  volumetricDivisor: number;
  transitDays: number;
  sameDay: SameDayPricing | null;
  status: CourierService['status'];
}

export const couriersQueryKey = ['couriers'] as const;

export const couriersApi = {
  list: (authFetch: AuthFetch, signal?: AbortSignal) =>
    authFetch<Schemas['CourierServiceList']>('/couriers', { signal }),
  get: (authFetch: AuthFetch, id: string, signal?: AbortSignal) =>
    authFetch<CourierService>(`/couriers/${encodeURIComponent(id)}`, { signal }),
  create: (authFetch: AuthFetch, body: CourierServiceBody) =>
    authFetch<CourierService>('/couriers', { method: 'POST', body }),
  update: (authFetch: AuthFetch, id: string, body: CourierServiceBody) =>
    authFetch<CourierService>(`/couriers/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  remove: (authFetch: AuthFetch, id: string) =>
    authFetch<void>(`/couriers/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  myVendor: (authFetch: AuthFetch, signal?: AbortSignal) => authFetch<Vendor>('/vendors/me', { signal }),
};

/* ------------------------------------------------------------------ uploads */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const NOT_AN_IMAGE = 'Please select an image file';
export const FILE_TOO_LARGE = 'File size should be less than 5MB';

/** The spec's client-side checks, before anything is sent; null when the file may be uploaded. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  return null;
}

async function postImage(file: File, token: string | null): Promise<Response> {
  const body = new FormData();
  body.append('image', file);
  return fetch(`${API_BASE}/uploads`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json, application/problem+json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
}

async function problemOf(response: Response): Promise<Problem> {
  try {
    const data = (await response.json()) as Problem;
    if (data && typeof data === 'object' && 'status' in data) return data;
  } catch {
    // Not JSON (a proxy's HTML error page): fall through to a generic problem.
  }
  return {
    type: 'about:blank',
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
  };
}

/**
 * POST /uploads as multipart (field `image`). The shared `request()` speaks JSON only, so this
 * sends the form itself; on a 401 it lets `authFetch` refresh the session through a cheap
 * authenticated call and tries once more.
 */
export async function uploadImage(
  file: File,
  auth: { getAccessToken: () => string | null; authFetch: AuthFetch },
): Promise<string> {
  let response: Response;
  try {
    response = await postImage(file, auth.getAccessToken());
    if (response.status === 401) {
      await auth.authFetch('/vendors/me').catch(() => null);
      response = await postImage(file, auth.getAccessToken());
    }
  } catch {
    throw new ApiError({
      type: 'about:blank',
      title: 'Network error',
      status: 0,
      detail: 'Could not reach Consign. Check your connection and try again.',
    });
  }
  if (response.ok) return ((await response.json()) as { url: string }).url;
  throw new ApiError(await problemOf(response));
}

/** The toast for a failed upload: the spec's two messages for type and size, else the reason. */
export function uploadErrorMessage(error: unknown): string {
  if (isApiError(error, 415)) return NOT_AN_IMAGE;
  if (isApiError(error, 413)) return FILE_TOO_LARGE;
  return `Failed to upload image: ${describeError(error)}`;
}

/**
 * The server's reason for a refused save, when it gave one a person can act on: a 422's field
 * messages, or a problem's detail. Falls back to the spec's generic message.
 */
export function saveErrorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return fallback;
  const fieldMessages = error.problem.errors?.map((e) => e.message).filter(Boolean) ?? [];
  if (fieldMessages.length > 0) return [...new Set(fieldMessages)].join('. ');
  return error.problem.detail ?? fallback;
}
