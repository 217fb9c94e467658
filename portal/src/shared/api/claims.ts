/** Claims for loss or damage (docs/claims-and-returns.md): the customer's and the courier's calls. */
import type { components } from '@consign/api/client';
import { type ApiClient, unwrap } from './client';

type Schemas = components['schemas'];
export type Claim = Schemas['Claim'];
export type FileClaimBody = Schemas['FileClaimBody'];

export type CourierClaimAnswer = Schemas['CourierClaimAnswer'];
export type LossClaimOffer = Schemas['LossClaimOffer'];
export type OwnLossClaimOffer = Schemas['OwnLossClaimOffer'];

export const claimKeys = {
  all: ['claims'] as const,
  ofOrder: (orderId: string) => ['claims', 'order', orderId] as const,
  /** Under the order's key, so filing a claim (which invalidates it) reads the offer again. */
  lossOffer: (orderId: string) => ['claims', 'order', orderId, 'loss-offer'] as const,
  /** The caller's own order of a tracking code, with its offer (the tracking page's link). */
  lossOfferByCode: (code: string) => ['claims', 'tracking', code, 'loss-offer'] as const,
};

export const claimsApi = {
  ofOrder: async (client: ApiClient, orderId: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/claims', { params: { query: { orderId } }, signal })).items,
  ofVendorOrder: async (client: ApiClient, orderId: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/vendor/claims', { params: { query: { orderId } }, signal })).items,
  lossOffer: async (client: ApiClient, orderId: string, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/orders/{id}/loss-claim-offer', { params: { path: { id: orderId } }, signal }),
    ),
  lossOfferByCode: async (client: ApiClient, code: string, signal?: AbortSignal) =>
    unwrap(
      await client.GET('/api/v1/tracking/{code}/loss-claim-offer', { params: { path: { code } }, signal }),
    ),
  answer: async (client: ApiClient, id: string, body: CourierClaimAnswer) =>
    unwrap(await client.POST('/api/v1/vendor/claims/{id}/response', { params: { path: { id } }, body })),
  setPayoutReceiver: async (client: ApiClient, id: string, email: string) =>
    unwrap(
      await client.PUT('/api/v1/claims/{id}/payout-receiver', { params: { path: { id } }, body: { email } }),
    ),
  file: async (client: ApiClient, orderId: string, body: FileClaimBody) =>
    unwrap(await client.POST('/api/v1/orders/{id}/claims', { params: { path: { id: orderId } }, body })),
};
