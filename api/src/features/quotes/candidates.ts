/**
 * Which services of the in-memory catalogue a request could possibly use, so the engine prices
 * a short list instead of the whole catalogue on every quote. The filter is the engine's own
 * first two rules (service type, then `routeMatches`), and the engine applies them again, so
 * this can only save work, never change a result.
 */
import type { QuotableService } from '../couriers';
import { routeMatches } from './engine/pricing';
import type { QuoteRequest } from './engine/types';

/**
 * One index per catalogue snapshot: the catalogue hands out the same frozen array until it
 * changes, so a new snapshot starts a new index and the old one is garbage with its array.
 * Keys are bounded by the validated request values (service types × nations or destinations).
 */
const indexes = new WeakMap<readonly QuotableService[], Map<string, readonly QuotableService[]>>();

export function candidatesFor(
  services: readonly QuotableService[],
  request: QuoteRequest,
): readonly QuotableService[] {
  let index = indexes.get(services);
  if (!index) {
    index = new Map();
    indexes.set(services, index);
  }
  const key = `${request.serviceType}\u0000${request.from ?? ''}\u0000${request.to ?? ''}`;
  let candidates = index.get(key);
  if (!candidates) {
    candidates = services.filter(
      (service) => service.serviceType === request.serviceType && routeMatches(request, service),
    );
    index.set(key, candidates);
  }
  return candidates;
}
