import {
  DEFAULT_NATION,
  UK_COUNTRY_CODE,
  UK_NATION_OPTIONS,
  UK_NATION_VALUES,
} from '@consign/shared/nations';
import { SERVICE_TYPE_OPTIONS } from '@consign/shared/services';
import { type ReferenceData, useReferenceData } from '../api/meta';
import type { UkNation } from '../api/quotes';

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
