/** Weight and size adjustments (docs/claims-and-returns.md, "Adjustments"): the courier's and the customer's calls. */
import type { components } from '@consign/api/client';
import { type ApiClient, unwrap } from './client';

type Schemas = components['schemas'];
export type Adjustment = Schemas['Adjustment'];
export type AdjustmentPreview = Schemas['AdjustmentPreview'];
export type FileAdjustmentBody = Schemas['FileAdjustmentBody'];
export type MeasuredParcel = FileAdjustmentBody['parcels'][number];

export const adjustmentKeys = {
  all: ['adjustments'] as const,
  ofOrder: (orderId: string) => ['adjustments', 'order', orderId] as const,
};

const path = (id: string, adjustmentId: string) => ({ params: { path: { id, adjustmentId } } });

export const adjustmentsApi = {
  ofOrder: async (client: ApiClient, orderId: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/orders/{id}/adjustments', { params: { path: { id: orderId } }, signal }))
      .items,
  preview: async (client: ApiClient, orderId: string, parcels: MeasuredParcel[]) =>
    unwrap(
      await client.POST('/api/v1/vendor/orders/{id}/adjustments/preview', {
        params: { path: { id: orderId } },
        body: { parcels },
      }),
    ),
  file: async (client: ApiClient, orderId: string, body: FileAdjustmentBody) =>
    unwrap(
      await client.POST('/api/v1/vendor/orders/{id}/adjustments', {
        params: { path: { id: orderId } },
        body,
      }),
    ),
  accept: async (client: ApiClient, orderId: string, id: string) =>
    unwrap(await client.POST('/api/v1/orders/{id}/adjustments/{adjustmentId}/accept', path(orderId, id))),
  dispute: async (client: ApiClient, orderId: string, id: string, reason: string) =>
    unwrap(
      await client.POST('/api/v1/orders/{id}/adjustments/{adjustmentId}/dispute', {
        ...path(orderId, id),
        body: { reason },
      }),
    ),
  startPayment: async (client: ApiClient, orderId: string, id: string) =>
    unwrap(await client.POST('/api/v1/orders/{id}/adjustments/{adjustmentId}/payment', path(orderId, id)))
      .payment,
  capture: async (client: ApiClient, orderId: string, id: string) =>
    unwrap(
      await client.POST('/api/v1/orders/{id}/adjustments/{adjustmentId}/payment/capture', path(orderId, id)),
    ),
};
