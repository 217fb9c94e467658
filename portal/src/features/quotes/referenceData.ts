import { type ReferenceData, useReferenceData } from '../../app/meta';
import type { UkNation } from './api';

/** The spec's fixed lists, so the form is usable before GET /meta answers. */
export const UK_NATIONS: readonly UkNation[] = ['England', 'Northern Ireland', 'Scotland', 'Wales'];
export const DEFAULT_NATION: UkNation = 'England';
export const DEFAULT_DESTINATION = 'AL';
export const WEIGHT_OPTIONS: readonly number[] = Array.from({ length: 20 }, (_, i) => i + 1);
/** The quote form's "United Kingdom" origin for international parcels. */
export const INTERNATIONAL_ORIGIN = 'GB';

/**
 * Stands in while GET /meta loads: everything the quote form needs except the full destination
 * list, of which only the default is known.
 */
export const FALLBACK_REFERENCE_DATA: ReferenceData = {
  serviceTypes: [
    { value: 'domestic', label: 'UK to UK' },
    { value: 'international', label: 'International' },
    { value: 'same_day', label: 'Same Day' },
  ],
  ukNations: UK_NATIONS.map((value) => ({ value, label: value })),
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
