import type { components } from '@consign/api/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, publicClient, unwrap } from './client';

export const authMetaQueryKey = ['meta', 'auth'] as const;

/** What the API has configured: Google sign-in, the mail transport, the payments provider. */
export function useAuthMeta() {
  return useQuery({
    queryKey: authMetaQueryKey,
    queryFn: ({ signal }) => api.meta.auth(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/** The lists every form needs: service types, nations, countries, cover tiers, customs and HS codes. */
export type ReferenceData = components['schemas']['ReferenceData'];

export const referenceDataQueryKey = ['meta', 'reference'] as const;

/** GET /meta: changes only with a release, so it is fetched once per visit. */
export const referenceDataQuery = queryOptions({
  queryKey: referenceDataQueryKey,
  queryFn: ({ signal }) => api.meta.reference(signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
});

export function useReferenceData() {
  return useQuery(referenceDataQuery);
}

/** Countries as select options: the ISO code is the value, the name the label. */
export function countryOptions(countries: readonly { code: string; name: string }[]) {
  return countries.map((country) => ({ value: country.code, label: country.name }));
}

export type ReviewSummary = components['schemas']['ReviewSummary'];

/**
 * How many reviews Consign holds and their average: the only figures the marketing copy may
 * claim about reviews (measured, never written into the copy).
 */
export const reviewSummaryQuery = queryOptions({
  queryKey: ['reviews', 'summary'],
  queryFn: async ({ signal }) => unwrap(await publicClient.GET('/api/v1/reviews/summary', { signal })),
  staleTime: 5 * 60_000,
  retry: 1,
});

export function useReviewSummary() {
  return useQuery(reviewSummaryQuery);
}

export type CollectionDays = components['schemas']['CollectionDays'];

/**
 * The collection calendar by the server's clock: today, the first collection day (the cut-off
 * passed, it is the next working day) and the bank holidays. Asked again each minute a form is
 * open, so a page left open past 14:00 or midnight stops offering a day the API would refuse.
 */
export const collectionDaysQuery = queryOptions({
  queryKey: ['meta', 'collection-days'],
  queryFn: ({ signal }) => api.meta.collectionDays(signal),
  staleTime: 60_000,
  refetchInterval: 60_000,
  retry: 2,
});

export function useCollectionDays() {
  return useQuery(collectionDaysQuery);
}
