/**
 * The heaviest parcel any active service takes, per service type: the quote forms' weight
 * fields go up to it rather than to a fixed list (GET /quotes/limits).
 */
import type { Catalog } from '../../context';
import { SERVICE_TYPE_VALUES, type ServiceType } from '../../domain/services';
import { isQuotable } from './engine/pricing';
import type { CourierServiceRates } from './engine/types';

export type QuoteLimits = {
  maxWeightKg: number | null;
  byServiceType: Record<ServiceType, { maxWeightKg: number | null }>;
};

/** What one service carries at most: its own limit, and no more than its heaviest tier prices. */
export function heaviestParcelKg(service: CourierServiceRates): number {
  const heaviestTier = Math.max(...service.weightTiers.map((tier) => tier.maxKg));
  return Math.min(service.maxWeightKg ?? Number.POSITIVE_INFINITY, heaviestTier);
}

export function quoteLimitsOf(services: readonly CourierServiceRates[]): QuoteLimits {
  const byServiceType = Object.fromEntries(
    SERVICE_TYPE_VALUES.map((type) => [type, { maxWeightKg: null as number | null }]),
  ) as QuoteLimits['byServiceType'];
  let overall: number | null = null;
  for (const service of services) {
    if (!isQuotable(service)) continue;
    const kg = heaviestParcelKg(service);
    const entry = byServiceType[service.serviceType];
    entry.maxWeightKg = Math.max(entry.maxWeightKg ?? 0, kg);
    overall = Math.max(overall ?? 0, kg);
  }
  return { maxWeightKg: overall, byServiceType };
}

export async function currentQuoteLimits(catalog: Catalog): Promise<QuoteLimits> {
  return quoteLimitsOf(await catalog.quotable());
}
