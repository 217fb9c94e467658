import { parseUkPostcode } from './postcode';
import { DistanceLookupError, type DistanceProvider, type DistanceResult } from './types';

export type DistanceCacheOptions = { ttlMs?: number; maxEntries?: number; now?: () => number };

/**
 * Quotes are free and unthrottled, but each same-day look-up at a paid routing service costs
 * money: the same pair of postcodes is asked once a day per process, and simultaneous asks share
 * one request. Answers about the customer's input (unknown postcode, no route) are kept too;
 * failures of the service are not, so the next quote tries again.
 */
export function cachedDistanceProvider(
  inner: DistanceProvider,
  options: DistanceCacheOptions = {},
): DistanceProvider {
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; answer: Promise<DistanceResult> }>();

  const keyOf = (from: string, to: string) =>
    `${parseUkPostcode(from)?.postcode ?? from.trim().toUpperCase()}|${parseUkPostcode(to)?.postcode ?? to.trim().toUpperCase()}`;

  return {
    name: inner.name,
    milesBetween(fromPostcode, toPostcode) {
      const key = keyOf(fromPostcode, toPostcode);
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) {
        // Most recently used last, so the oldest is dropped first.
        entries.delete(key);
        entries.set(key, hit);
        return hit.answer;
      }
      const answer = inner.milesBetween(fromPostcode, toPostcode);
      entries.set(key, { at: now(), answer });
      answer.catch((err: unknown) => {
        const keep = err instanceof DistanceLookupError && err.isInputError;
        if (!keep && entries.get(key)?.answer === answer) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return answer;
    },
  };
}
