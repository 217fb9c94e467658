/**
 * Postcode look-up for the booking form: Ideal Postcodes when IDEAL_POSTCODES_API_KEY is set,
 * otherwise none, and the suggestions are the embedded default (the person's own addresses and
 * the post town; features/addresses). The choice is made once at start-up.
 */
import { LRUCache } from 'lru-cache';
import { createIdealPostcodesLookup } from './ideal-postcodes';
import type { AddressLookup, PostcodeAddress } from './types';

export type AddressLookupOptions = {
  idealPostcodesApiKey?: string | undefined;
  /** API host, for tests; defaults to https://api.ideal-postcodes.co.uk. */
  baseUrl?: string | undefined;
  fetch?: typeof fetch | undefined;
  timeoutMs?: number | undefined;
};

export function createAddressLookup(options: AddressLookupOptions = {}): AddressLookup | undefined {
  const apiKey = options.idealPostcodesApiKey?.trim();
  if (!apiKey) return undefined;
  return cachedAddressLookup(
    createIdealPostcodesLookup({
      apiKey,
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
    }),
  );
}

/**
 * Each look-up is paid for, and a person types the same postcode into two forms, goes back, and
 * books again: one request per postcode per hour per process, with simultaneous asks sharing it.
 * Failures are not kept, so the next keystroke tries again.
 */
export function cachedAddressLookup(
  inner: AddressLookup,
  options: { ttlMs?: number; maxEntries?: number } = {},
): AddressLookup {
  const cache = new LRUCache<string, PostcodeAddress[]>({
    max: options.maxEntries ?? 5000,
    ttl: options.ttlMs ?? 60 * 60 * 1000,
    fetchMethod: (postcode) => inner.addressesAt(postcode),
  });
  return {
    name: inner.name,
    async addressesAt(postcode) {
      return (await cache.fetch(postcode)) ?? [];
    },
  };
}

export { createIdealPostcodesLookup } from './ideal-postcodes';
export * from './types';
