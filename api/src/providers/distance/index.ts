/**
 * Distance for same-day quotes: Google Distance Matrix when GOOGLE_MAPS_API_KEY is set,
 * otherwise the embedded great-circle estimate (docs/architecture.md §7). The choice is made once at
 * start-up; `provider.name` tells the start-up log which one is in use.
 */
import { cachedDistanceProvider } from './cache';
import { createEstimateDistanceProvider } from './estimate';
import { createGoogleDistanceProvider } from './google';
import type { DistanceProvider, LookupCentroid } from './types';

export type DistanceProviderOptions = {
  googleMapsApiKey?: string | undefined;
  /** Distance Matrix host, for tests; defaults to https://maps.googleapis.com. */
  baseUrl?: string | undefined;
  /** Exact centroids for the estimate (the imported postcode table); unused with Google. */
  lookupCentroid?: LookupCentroid | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
};

export function createDistanceProvider(options: DistanceProviderOptions = {}): DistanceProvider {
  const apiKey = options.googleMapsApiKey?.trim();
  if (apiKey) {
    return cachedDistanceProvider(
      createGoogleDistanceProvider({
        apiKey,
        baseUrl: options.baseUrl,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
      }),
    );
  }
  return createEstimateDistanceProvider({ lookupCentroid: options.lookupCentroid });
}

export { cachedDistanceProvider } from './cache';
export { createEstimateDistanceProvider } from './estimate';
export { createGoogleDistanceProvider } from './google';
export {
  isUkPostcode,
  nationOfPostcode,
  nationsOfPostcode,
  parseUkPostcode,
  type UkPostcode,
} from './postcode';
export { POSTCODE_AREAS } from './postcode-areas';
export * from './types';
