/** The quote being booked, and how reference data names countries and routes. */
import type { components } from '@consign/api/client';
import { publicClient, unwrap } from './client';
import type { ReferenceData } from './meta';

type Schemas = components['schemas'];

export type Quote = Schemas['Quote'];
export type QuoteOption = Schemas['QuoteOption'];
export type QuoteRequestRecord = Schemas['QuoteRequestRecord'];
export type CoverTier = ReferenceData['coverTiers'][number];
export type HsCodeCategory = ReferenceData['hsCodeCategories'][number];

export type HsCode = Schemas['HsCode'];
export type DeliveryDate = Schemas['DeliveryDate'];

export const bookingApi = {
  hsCodes: async (q: string, signal?: AbortSignal) =>
    unwrap(await publicClient.GET('/api/v1/hs-codes', { params: { query: { q } }, signal })).items,
  quote: async (id: string, signal?: AbortSignal) =>
    unwrap(await publicClient.GET('/api/v1/quotes/{id}', { params: { path: { id } }, signal })),
  /** The option's delivery for a collection date, by the rule the booking will store. */
  deliveryDate: async (id: string, optionId: string, collectionDate: string, signal?: AbortSignal) =>
    unwrap(
      await publicClient.GET('/api/v1/quotes/{id}/options/{optionId}/delivery-date', {
        params: { path: { id, optionId }, query: { collectionDate } },
        signal,
      }),
    ),
};

/** Country names for ISO codes, from the reference data (GB is always the United Kingdom). */
export function countryName(code: string, reference: ReferenceData | undefined): string {
  if (code === 'GB') return 'United Kingdom';
  const all = [...(reference?.internationalDestinations ?? []), ...(reference?.manufactureCountries ?? [])];
  return all.find((c) => c.code === code)?.name ?? code;
}

/** 'England → Scotland', 'United Kingdom → France', 'SW1A 1AA → E1 6AN'. */
export function describeRoute(
  route: {
    serviceType: string;
    from?: string | null;
    to?: string | null;
    fromPostcode?: string | null;
    toPostcode?: string | null;
  },
  reference: ReferenceData | undefined,
): string {
  if (route.serviceType === 'international')
    return `United Kingdom → ${countryName(route.to ?? '', reference)}`;
  if (route.serviceType === 'same_day' && route.fromPostcode && route.toPostcode) {
    return `${route.fromPostcode} → ${route.toPostcode}`;
  }
  return `${route.from ?? 'UK'} → ${route.to ?? 'UK'}`;
}

/** The delivery address's country for a route: the destination abroad, else the UK. */
export function deliveryCountryOf(route: { serviceType: string; to?: string | null }): string {
  return route.serviceType === 'international' ? (route.to ?? '') : 'GB';
}
