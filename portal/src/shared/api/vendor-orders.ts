/** The vendor dashboard's calls: its orders (filtered on the server), figures, CSV and edits. */
import type { components, paths } from '@consign/api/client';
import { type ApiClient, unwrap } from './client';

type Schemas = components['schemas'];

export type VendorOrderList = Schemas['VendorOrderList'];
/** A row of the list: the order's page (OrdersApi.get) has the rest. */
export type OrderSummary = Schemas['OrderSummary'];
export type VendorOrderStats = Schemas['VendorOrderStats'];
export type VendorOrderUpdate = Schemas['UpdateVendorOrderRequest'];
export type TrackingEventRequest = Schemas['AddTrackingEventRequest'];
export type BulkPreview = Schemas['BulkUpdatePreview'];
export type BulkResult = Schemas['BulkUpdateResult'];
export type BulkRow = Schemas['BulkUpdateRow'];
export type VendorOrderStatus = NonNullable<
  NonNullable<paths['/api/v1/vendor/orders']['get']['parameters']['query']>['status']
>;

/** The dashboard's filters as the API takes them; empty values are left out. */
export interface VendorOrderFilters {
  status?: VendorOrderStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export const VENDOR_ORDERS_PAGE_SIZE = 20;

const clean = (filters: VendorOrderFilters) => ({
  ...(filters.status ? { status: filters.status } : {}),
  ...(filters.from ? { from: filters.from } : {}),
  ...(filters.to ? { to: filters.to } : {}),
  ...(filters.q?.trim() ? { q: filters.q.trim() } : {}),
});

export const vendorOrdersApi = {
  list: async (client: ApiClient, filters: VendorOrderFilters, page: number, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/vendor/orders', {
        params: { query: { ...clean(filters), page, limit: VENDOR_ORDERS_PAGE_SIZE } },
        signal,
      }),
    ),
  stats: async (client: ApiClient, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendor/orders/stats', { signal })),
  /** Every row the filters match, as the server writes it (all pages, not just the one on screen). */
  exportCsv: async (client: ApiClient, filters: VendorOrderFilters) => {
    const { data, error, response } = await client.GET('/api/v1/vendor/orders/export.csv', {
      params: { query: clean(filters) },
      parseAs: 'blob',
    });
    const blob = unwrap({ data, error, response }) as Blob;
    const disposition = response.headers.get('Content-Disposition') ?? '';
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'vendor-orders.csv';
    return { blob, filename };
  },
  update: async (client: ApiClient, id: string, body: VendorOrderUpdate) =>
    unwrap(await client.PATCH('/api/v1/vendor/orders/{id}', { params: { path: { id } }, body })),
  /** Out for delivery, attempted, delayed or exception: the timeline grows, the status stays. */
  addEvent: async (client: ApiClient, id: string, body: TrackingEventRequest) =>
    unwrap(await client.POST('/api/v1/vendor/orders/{id}/events', { params: { path: { id } }, body })),
  bulkPreview: async (client: ApiClient, text: string) =>
    unwrap(await client.POST('/api/v1/vendor/orders/bulk/preview', { body: { text } })),
  bulkApply: async (client: ApiClient, text: string) =>
    unwrap(await client.POST('/api/v1/vendor/orders/bulk/apply', { body: { text } })),
};

export const vendorOrderKeys = {
  all: ['vendor-orders'] as const,
  list: (filters: VendorOrderFilters, page: number) => ['vendor-orders', 'list', filters, page] as const,
  stats: () => ['vendor-orders', 'stats'] as const,
};
