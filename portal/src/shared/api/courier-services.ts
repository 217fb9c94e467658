/**
 * Courier services and the vendor record: calls that need a signed-in vendor.
 */
import type { components } from '@consign/api/client';
import { type ApiClient, describeError, unwrap } from './client';
import { uploadProblem } from './uploads';

type Schemas = components['schemas'];

export type CourierService = Schemas['CourierService'];
export type WeightTier = Schemas['WeightTier'];
export type SameDayPricing = NonNullable<Schemas['SameDayPricing']>;
export type Currency = Schemas['Currency'];
export type Vendor = Schemas['Vendor'];

/**
 * The body of POST /couriers and PATCH /couriers/{id}: the create request with every field
 * required, because the form always sends them all (null clears a limit on an update).
 */
export type CourierServiceBody = Required<Schemas['CreateCourierServiceRequest']>;

export const couriersQueryKey = ['couriers'] as const;

const byId = (id: string) => ({ path: { id } });

export const couriersApi = {
  list: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/couriers', { signal })),
  get: async (client: ApiClient, id: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/couriers/{id}', { params: byId(id), signal })),
  create: async (client: ApiClient, body: CourierServiceBody) =>
    unwrap(await client.POST('/api/v1/couriers', { body })),
  update: async (client: ApiClient, id: string, body: CourierServiceBody) =>
    unwrap(await client.PATCH('/api/v1/couriers/{id}', { params: byId(id), body })),
  remove: async (client: ApiClient, id: string) => {
    unwrap(await client.DELETE('/api/v1/couriers/{id}', { params: byId(id) }));
  },
  myVendor: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendors/me', { signal })),
};

/** The toast for a failed logo upload: the spec's two messages for type and size, else the reason. */
export function uploadErrorMessage(error: unknown): string {
  return uploadProblem(error) ?? `Failed to upload image: ${describeError(error)}`;
}
