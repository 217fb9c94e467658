/**
 * Reviews, courier profiles and the marketplace's review figures. Wire types come from the API's
 * generated OpenAPI schema.
 */
import type { components } from '@consign/api/client';
import { type ApiClient, publicClient, unwrap } from '../../app/api';

type Schemas = components['schemas'];

export type CourierProfile = Schemas['CourierProfile'];
export type PublicReview = Schemas['PublicReview'];
export type OrderReview = Schemas['OrderReview'];
export type Review = Schemas['Review'];
export type ServiceRating = Schemas['ServiceRating'];
export type ServiceOnTime = Schemas['ServiceOnTime'];
export type ReviewSummary = Schemas['ReviewSummary'];

export const reviewsApi = {
  profile: async (slug: string, signal?: AbortSignal) =>
    unwrap(await publicClient.GET('/api/v1/couriers/{slug}/profile', { params: { path: { slug } }, signal })),
  ofOrder: async (client: ApiClient, id: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/orders/{id}/review', { params: { path: { id } }, signal })),
  write: async (client: ApiClient, id: string, body: { rating: number; comment?: string | null }) =>
    unwrap(await client.POST('/api/v1/orders/{id}/review', { params: { path: { id } }, body })),
};
