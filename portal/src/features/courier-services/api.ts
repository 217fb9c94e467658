/**
 * Courier services and the vendor record: calls that need a signed-in vendor.
 */
import type { components } from '@consign/api/client';
import { type AuthFetch, describeError } from '../../app/api';
import { uploadProblem } from '../../app/uploads';

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

/** The toast for a failed logo upload: the spec's two messages for type and size, else the reason. */
export function uploadErrorMessage(error: unknown): string {
  return uploadProblem(error) ?? `Failed to upload image: ${describeError(error)}`;
}
