/**
 * Reviews, courier profiles and the marketplace's review figures. Wire types come from the API's
 * generated OpenAPI schema.
 */
import type { components } from '@consign/api/client';
import { type ApiClient, publicClient, unwrap } from './client';

type Schemas = components['schemas'];

export type CourierProfile = Schemas['CourierProfile'];
export type PublicReview = Schemas['PublicReview'];
export type OrderReview = Schemas['OrderReview'];
// The generated schema marks the component nullable (an order's review is null until written);
// a listed or replied-to review never is.
export type Review = NonNullable<Schemas['Review']>;
export type ServiceRating = Schemas['ServiceRating'];
export type ServiceOnTime = Schemas['ServiceOnTime'];
export type CourierRecord = Schemas['CourierRecord'];
export type ReviewSummary = Schemas['ReviewSummary'];

export const reviewsApi = {
  profile: async (slug: string, signal?: AbortSignal) =>
    unwrap(await publicClient.GET('/api/v1/couriers/{slug}/profile', { params: { path: { slug } }, signal })),
  ofOrder: async (client: ApiClient, id: string, signal?: AbortSignal) =>
    unwrap(await client.GET('/api/v1/orders/{id}/review', { params: { path: { id } }, signal })),
  write: async (client: ApiClient, id: string, body: { rating: number; comment?: string | null }) =>
    unwrap(await client.POST('/api/v1/orders/{id}/review', { params: { path: { id } }, body })),
  /** The signed-in courier's reviews, newest 100, with the comment even when staff hid it. */
  forVendor: async (client: ApiClient, signal?: AbortSignal): Promise<{ items: Review[] }> => {
    const list = unwrap(await client.GET('/api/v1/vendor/reviews', { signal }));
    return { items: list.items.filter((r): r is Review => r !== null) };
  },
  /** The courier's one reply to a review of its own: the review with its reply. */
  reply: async (client: ApiClient, id: string, reply: string): Promise<Review> => {
    const review = unwrap(
      await client.POST('/api/v1/vendor/reviews/{id}/reply', { params: { path: { id } }, body: { reply } }),
    );
    if (!review) throw new Error('The API answered a reply without its review');
    return review;
  },
};

export const vendorReviewKeys = { all: ['vendor-reviews'] as const };
