/** Drop-off points: the public search the booking picker uses, and the customer's change of point. */
import type { components } from '@consign/api/client';
import { type ApiClient, publicClient, unwrap } from '../api/client';

type Schemas = components['schemas'];

export type DropOffSearchResult = Schemas['DropOffSearchResult'];
export type DropOffPointOption = Schemas['DropOffPointOption'];
export type OrderDropOffPoint = Schemas['OrderDropOffPoint'];
export type WeeklyHours = Schemas['WeeklyHours'];
export type DayHours = Schemas['DropOffDayHours'];

export type DropOffSearch = { postcode: string; serviceId: string; date?: string; weightKg?: number };

export const dropOffKeys = {
  search: (search: DropOffSearch) => ['dropoff-points', 'search', search] as const,
};

export const dropOffApi = {
  search: async (search: DropOffSearch, signal?: AbortSignal) =>
    unwrap(
      await publicClient.GET('/api/v1/dropoff-points', {
        params: { query: { ...search, limit: 10 } },
        signal,
      }),
    ),
  changeForOrder: async (client: ApiClient, orderId: string, dropOffPointId: string) =>
    unwrap(
      await client.PUT('/api/v1/orders/{id}/drop-off-point', {
        params: { path: { id: orderId } },
        body: { dropOffPointId },
      }),
    ),
};
