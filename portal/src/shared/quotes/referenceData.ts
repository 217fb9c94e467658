import {
  DEFAULT_NATION,
  UK_COUNTRY_CODE,
  UK_NATION_OPTIONS,
  UK_NATION_VALUES,
} from '@consign/shared/nations';
import { SERVICE_TYPE_OPTIONS } from '@consign/shared/services';
import { useQuery } from '@tanstack/react-query';
import { type ReferenceData, useReferenceData } from '../api/meta';
import { type QuoteLimits, quotesApi, type ServiceType, type UkNation } from '../api/quotes';

/** The spec's fixed lists, so the form is usable before GET /meta answers. */
export const UK_NATIONS: readonly UkNation[] = UK_NATION_VALUES;
export { DEFAULT_NATION };
export const DEFAULT_DESTINATION = 'AL';
export const WEIGHT_OPTIONS: readonly number[] = Array.from({ length: 20 }, (_, i) => i + 1);
/** The quote form's "United Kingdom" origin for international parcels. */
export const INTERNATIONAL_ORIGIN = UK_COUNTRY_CODE;

/**
 * Stands in while GET /meta loads: everything the quote form needs except the full destination
 * list, of which only the default is known.
 */
export const FALLBACK_REFERENCE_DATA: ReferenceData = {
  serviceTypes: SERVICE_TYPE_OPTIONS.map((option) => ({ ...option })),
  ukNations: UK_NATION_OPTIONS.map((option) => ({ ...option })),
  internationalDestinations: [{ code: DEFAULT_DESTINATION, name: 'Albania' }],
  defaultDestination: DEFAULT_DESTINATION,
  coverCurrency: 'GBP',
  coverTiers: [],
  exportReasons: [],
  documentTypes: [],
  partyKinds: [],
  hsCodeCategories: [],
  weightOptions: [...WEIGHT_OPTIONS],
  manufactureCountries: [],
};

/**
 * The reference data for the quote pages, which work before GET /meta answers: until it does,
 * or if it fails, `data` is the fallback above and `isFallback` is true.
 */
export function useQuoteReferenceData() {
  const query = useReferenceData();
  return {
    data: query.data ?? FALLBACK_REFERENCE_DATA,
    isFallback: !query.data,
    isError: query.isError,
  };
}

/**
 * GET /quotes/limits: the heaviest parcel active services take. Couriers change their services,
 * so it is asked again after a minute; undefined while it loads or when it failed.
 */
export function useQuoteLimits(): QuoteLimits | undefined {
  return useQuery({
    queryKey: ['quotes', 'limits'],
    queryFn: ({ signal }) => quotesApi.limits(signal),
    staleTime: 60_000,
    retry: 1,
  }).data;
}

/**
 * The heaviest parcel the services of a type take, or null when that is not known or no
 * service of the type is active: the form then keeps the API's own bound.
 */
export function maxWeightFor(limits: QuoteLimits | undefined, serviceType: ServiceType): number | null {
  return limits?.byServiceType[serviceType]?.maxWeightKg ?? null;
}
