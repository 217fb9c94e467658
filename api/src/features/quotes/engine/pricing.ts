/**
 * The quote engine: which courier services can carry a consignment, and at what price.
 * Pure functions only — no database, clock or network — so every rule is table-tested and a
 * stored quote can be recomputed exactly from its inputs.
 *
 * Rules (docs/architecture.md §3.1):
 * - Chargeable weight of a parcel = max(actual kg, L×W×H cm³ / volumetricDivisor).
 * - A parcel is priced by the cheapest tier whose maxKg is at least its chargeable weight;
 *   a weight exactly on a tier's maxKg is covered by that tier.
 * - Limits are checked per parcel against the dimensions as given: length against
 *   maxLengthCm, width against maxWidthCm, height against maxHeightCm, with no rotation.
 *   Couriers publish limits in the same L/W/H terms the customer enters and the label
 *   declares, so we don't second-guess the orientation. maxWeightKg limits the actual weight
 *   (what a driver must lift); tiers bound the chargeable weight.
 * - A parcel over any limit, or heavier than every tier, excludes the whole service.
 * - Same-day adds one distance fee per consignment (one trip), see `sameDayDistanceFee`.
 * - VAT is computed once on the net total (domain/money).
 */

import { DEFAULT_VOLUMETRIC_DIVISOR, INTERNATIONAL_ORIGIN } from '../../../domain/courier-services';
import { withVat } from '../../../domain/money';
import { ANY_LOCATION } from '../../../domain/services';
import { createDeliveryEstimator, type DeliveryEstimator, deliveryEstimatorFor } from './delivery';
import type {
  BilledBy,
  CourierServiceRates,
  Parcel,
  PricedParcel,
  QuoteBadge,
  QuoteContext,
  QuoteOption,
  QuoteRequest,
  SameDayPricing,
  ServiceEvaluation,
  ServiceLimits,
  WeightTier,
} from './types';

export { DEFAULT_VOLUMETRIC_DIVISOR, INTERNATIONAL_ORIGIN };

export class InvalidQuoteRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidQuoteRequestError';
  }
}

// Weights are compared at gram precision: L×W×H/divisor in binary floating point can give
// 2.0000000000000004 for a parcel that is exactly 2 kg, which must still fit a 2 kg tier.
function toGrams(kg: number): number {
  return Math.round(kg * 1000);
}

function isPositiveFinite(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

function isNonNegativeFinite(value: number): boolean {
  return Number.isFinite(value) && value >= 0;
}

/** The request is validated by the route schema; this guards the engine against misuse. */
export function assertValidParcels(parcels: readonly Parcel[]): void {
  if (parcels.length === 0) throw new InvalidQuoteRequestError('A quote needs at least one parcel');
  parcels.forEach((parcel, index) => {
    for (const key of ['length', 'width', 'height', 'weight'] as const) {
      if (!isPositiveFinite(parcel[key])) {
        throw new InvalidQuoteRequestError(`parcels[${index}].${key} must be a positive number`);
      }
    }
  });
}

export function volumetricWeightKg(parcel: Parcel, divisor: number = DEFAULT_VOLUMETRIC_DIVISOR): number {
  return (parcel.length * parcel.width * parcel.height) / divisor;
}

/** max(actual, volumetric) to the gram; ties are billed by actual weight. */
export function chargeableWeight(
  parcel: Parcel,
  divisor: number = DEFAULT_VOLUMETRIC_DIVISOR,
): { kg: number; billedBy: BilledBy } {
  const actualGrams = toGrams(parcel.weight);
  const volumetricGrams = toGrams(volumetricWeightKg(parcel, divisor));
  return volumetricGrams > actualGrams
    ? { kg: volumetricGrams / 1000, billedBy: 'volumetric' }
    : { kg: actualGrams / 1000, billedBy: 'actual' };
}

/** The cheapest tier covering the weight (tiers may be unsorted, and a promotion can make a
 * heavier tier cheaper); among equal prices the smaller tier wins, for a stable breakdown. */
export function cheapestCoveringTier(tiers: readonly WeightTier[], chargeableKg: number): WeightTier | null {
  const grams = toGrams(chargeableKg);
  let best: WeightTier | null = null;
  for (const tier of tiers) {
    if (toGrams(tier.maxKg) < grams) continue;
    if (!best || tier.price < best.price || (tier.price === best.price && tier.maxKg < best.maxKg)) {
      best = tier;
    }
  }
  return best;
}

export function limitsOf(service: CourierServiceRates): ServiceLimits {
  // A frozen service's limits are computed once and shared, themselves frozen, by every option
  // quoted on it (see `quotability` below).
  const known = frozenLimits.get(service);
  if (known) return known;
  const limits = computeLimits(service);
  if (Object.isFrozen(service)) frozenLimits.set(service, Object.freeze(limits));
  return limits;
}

function computeLimits(service: CourierServiceRates): ServiceLimits {
  return {
    maxLengthCm: service.maxLengthCm ?? null,
    maxWidthCm: service.maxWidthCm ?? null,
    maxHeightCm: service.maxHeightCm ?? null,
    maxWeightKg: service.maxWeightKg ?? null,
    volumetricDivisor: service.volumetricDivisor ?? DEFAULT_VOLUMETRIC_DIVISOR,
  };
}

/** The first limit the parcel breaks, described for logs and support; null when it fits. */
export function limitBreach(parcel: Parcel, limits: ServiceLimits): string | null {
  // The common case without building the descriptions (this runs for every service and parcel).
  if (
    (limits.maxLengthCm === null || parcel.length <= limits.maxLengthCm) &&
    (limits.maxWidthCm === null || parcel.width <= limits.maxWidthCm) &&
    (limits.maxHeightCm === null || parcel.height <= limits.maxHeightCm) &&
    (limits.maxWeightKg === null || parcel.weight <= limits.maxWeightKg)
  )
    return null;
  const checks = [
    ['length', parcel.length, limits.maxLengthCm, 'cm'],
    ['width', parcel.width, limits.maxWidthCm, 'cm'],
    ['height', parcel.height, limits.maxHeightCm, 'cm'],
    ['weight', parcel.weight, limits.maxWeightKg, 'kg'],
  ] as const;
  for (const [what, value, limit, unit] of checks) {
    // Strictly greater: a parcel exactly on the limit is accepted.
    if (limit !== null && value > limit) return `${what} ${value}${unit} is over the ${limit}${unit} limit`;
  }
  return null;
}

/**
 * Same-day distance fee in minor units: max(minimumFee, round(baseFee + perMile × miles)),
 * rounded half up. The minimum protects short hops, where the base fee alone would not pay
 * for a dedicated driver.
 */
export function sameDayDistanceFee(pricing: SameDayPricing, miles: number): number {
  if (!isNonNegativeFinite(miles))
    throw new InvalidQuoteRequestError('Distance must be a non-negative number');
  return Math.max(pricing.minimumFee, Math.round(pricing.baseFee + pricing.perMile * miles));
}

/** Locations as compared: trimmed, lower case. Remembered, since every quote compares the same few. */
const comparable = new Map<string, string>();

function comparableLocation(location: string): string {
  let value = comparable.get(location);
  if (value === undefined) {
    value = location.trim().toLowerCase();
    // Nations, country codes and what vendors typed: a few hundred at most; the bound is a guard.
    if (comparable.size > 10_000) comparable.clear();
    comparable.set(location, value);
  }
  return value;
}

function sameLocation(a: string, b: string): boolean {
  return a === b || comparableLocation(a) === comparableLocation(b);
}

function isAny(location: string): boolean {
  return sameLocation(location, ANY_LOCATION);
}

/** Whether a service's to-location (one value or a list) admits `wanted`. */
function locationAdmits(location: string | readonly string[], wanted: string | undefined): boolean {
  const values = typeof location === 'string' ? [location] : location;
  if (values.some(isAny)) return true;
  // An unknown end of the route can only be served by an 'Any' service: we cannot show that a
  // nation-restricted service covers it.
  if (wanted === undefined || wanted.trim() === '') return false;
  return values.some((value) => sameLocation(value, wanted));
}

/**
 * Route rules. Domestic and same-day compare UK nations ('Any' matches every nation).
 * International requires a GB origin (assumed when absent) and a destination that is listed or
 * covered by 'Any'; the service's fromLocation is not compared, because an international
 * request names only the origin country, not a nation.
 */
export function routeMatches(request: QuoteRequest, service: CourierServiceRates): boolean {
  if (request.serviceType === 'international') {
    const origin = request.from ?? INTERNATIONAL_ORIGIN;
    return sameLocation(origin, INTERNATIONAL_ORIGIN) && locationAdmits(service.toLocation, request.to);
  }
  return locationAdmits(service.fromLocation, request.from) && locationAdmits(service.toLocation, request.to);
}

function isValidTier(tier: WeightTier): boolean {
  return isPositiveFinite(tier.maxKg) && Number.isSafeInteger(tier.price) && tier.price >= 0;
}

function isValidSameDay(pricing: SameDayPricing | null | undefined): pricing is SameDayPricing {
  return (
    !!pricing &&
    Number.isSafeInteger(pricing.baseFee) &&
    pricing.baseFee >= 0 &&
    isNonNegativeFinite(pricing.perMile) &&
    Number.isSafeInteger(pricing.minimumFee) &&
    pricing.minimumFee >= 0 &&
    (pricing.maxMiles == null || (Number.isFinite(pricing.maxMiles) && pricing.maxMiles > 0))
  );
}

/**
 * Whether a service may be quoted at all. Callers pass services already filtered to active
 * services of active vendors; this re-checks the statuses when present and refuses data
 * that would produce a wrong price (no tiers, a malformed tier, a same-day service without
 * distance pricing) rather than quoting it.
 */
export function isQuotable(service: CourierServiceRates): boolean {
  const known = quotability.get(service);
  if (known !== undefined) return known;
  const quotable = checkQuotable(service);
  if (isDeeplyFrozen(service)) quotability.set(service, quotable);
  return quotable;
}

/**
 * Verdicts for services that cannot change any more. The catalogue hands every quote the same
 * deeply frozen service objects, so checking each one's tiers and pricing once per catalogue
 * load instead of once per quote gives the same answer at a fraction of the cost
 * (docs/performance.md, "Pricing a quote"). Unfrozen services, as tests and job matching build them, are checked every time. Keyed weakly: a replaced catalogue takes its verdicts
 * with it.
 */
const quotability = new WeakMap<CourierServiceRates, boolean>();
const frozenLimits = new WeakMap<CourierServiceRates, ServiceLimits>();

/** True when nothing `isQuotable` or `limitsOf` reads can change: the service, its tiers, its same-day pricing. */
function isDeeplyFrozen(service: CourierServiceRates): boolean {
  return (
    Object.isFrozen(service) &&
    Object.isFrozen(service.weightTiers) &&
    service.weightTiers.every((tier) => Object.isFrozen(tier)) &&
    (service.sameDay == null || Object.isFrozen(service.sameDay))
  );
}

function checkQuotable(service: CourierServiceRates): boolean {
  if (service.status !== undefined && service.status !== 'active') return false;
  if (service.vendorStatus !== undefined && service.vendorStatus !== 'active') return false;
  if (service.weightTiers.length === 0 || !service.weightTiers.every(isValidTier)) return false;
  if (service.volumetricDivisor != null && !isPositiveFinite(service.volumetricDivisor)) return false;
  if (!Number.isInteger(service.transitDays) || service.transitDays < 0) return false;
  if (service.serviceType === 'same_day' && !isValidSameDay(service.sameDay)) return false;
  return true;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Prices one service for a request, or says why it cannot carry it. `estimateDelivery` lets
 * `priceQuote` share one reading of the clock across all services.
 */
/**
 * The net price `service`'s rate card gives `parcels` alone (no route, status or distance fee):
 * the same limit, chargeable-weight and tier rules as a quote. A price adjustment
 * (features/adjustments) compares the parcels as booked with the parcels as measured by it.
 */
export function priceParcels(
  service: CourierServiceRates,
  parcels: readonly Parcel[],
):
  | { ok: true; net: number; chargeableWeightKg: number; parcels: PricedParcel[] }
  | { ok: false; index: number; detail: string } {
  const limits = limitsOf(service);
  const priced: PricedParcel[] = [];
  for (const [index, parcel] of parcels.entries()) {
    const breach = limitBreach(parcel, limits);
    if (breach) return { ok: false, index, detail: breach };
    const { kg, billedBy } = chargeableWeight(parcel, limits.volumetricDivisor);
    const tier = cheapestCoveringTier(service.weightTiers, kg);
    if (!tier) return { ok: false, index, detail: `no weight tier covers ${kg}kg` };
    priced.push({ chargeableWeightKg: kg, billedBy, tierMaxKg: tier.maxKg, price: tier.price });
  }
  const grams = priced.reduce((sum, p) => sum + toGrams(p.chargeableWeightKg), 0);
  return {
    ok: true,
    net: priced.reduce((sum, p) => sum + p.price, 0),
    chargeableWeightKg: round2(grams / 1000),
    parcels: priced,
  };
}

export function evaluateService(
  request: QuoteRequest,
  service: CourierServiceRates,
  ctx: QuoteContext,
  estimateDelivery: DeliveryEstimator = createDeliveryEstimator(ctx.now, ctx.collectionDate),
): ServiceEvaluation {
  if (!isQuotable(service)) return { ok: false, reason: 'not_quotable', detail: 'service is not quotable' };
  if (service.serviceType !== request.serviceType) {
    return { ok: false, reason: 'service_type_mismatch', detail: `service is ${service.serviceType}` };
  }
  if (!routeMatches(request, service)) {
    return { ok: false, reason: 'route_mismatch', detail: 'service does not cover this route' };
  }

  const limits = limitsOf(service);
  const divisor = limits.volumetricDivisor;
  const parcels: PricedParcel[] = [];
  for (const [index, parcel] of request.parcels.entries()) {
    const breach = limitBreach(parcel, limits);
    if (breach) return { ok: false, reason: 'over_limit', detail: `parcel ${index + 1}: ${breach}` };
    const { kg, billedBy } = chargeableWeight(parcel, divisor);
    const tier = cheapestCoveringTier(service.weightTiers, kg);
    if (!tier) return { ok: false, reason: 'no_tier', detail: `parcel ${index + 1}: no tier covers ${kg}kg` };
    parcels.push({ chargeableWeightKg: kg, billedBy, tierMaxKg: tier.maxKg, price: tier.price });
  }

  let distanceFee: number | null = null;
  let distance: QuoteOption['distance'];
  if (service.serviceType === 'same_day') {
    // isQuotable has already checked the same-day pricing.
    const pricing = service.sameDay as SameDayPricing;
    if (ctx.distanceMiles === undefined) {
      return { ok: false, reason: 'distance_unknown', detail: 'same-day pricing needs a distance' };
    }
    if (pricing.maxMiles != null && ctx.distanceMiles > pricing.maxMiles) {
      return {
        ok: false,
        reason: 'over_distance',
        detail: `about ${Math.round(ctx.distanceMiles)} miles is over its ${pricing.maxMiles}-mile limit`,
      };
    }
    distanceFee = sameDayDistanceFee(pricing, ctx.distanceMiles);
    distance = { miles: ctx.distanceMiles, source: ctx.distanceSource ?? 'estimate' };
  }

  const net = parcels.reduce((sum, parcel) => sum + parcel.price, 0) + (distanceFee ?? 0);
  const chargeableGrams = parcels.reduce((sum, parcel) => sum + toGrams(parcel.chargeableWeightKg), 0);

  return {
    ok: true,
    option: {
      courierServiceId: service.id,
      vendorId: service.vendorId,
      vendorName: service.vendorName,
      name: service.name,
      logoUrl: service.logoUrl,
      serviceType: service.serviceType,
      price: withVat({ amount: net, currency: service.currency }, service.serviceType),
      chargeableWeightKg: round2(chargeableGrams / 1000),
      billedBy: parcels.some((parcel) => parcel.billedBy === 'volumetric') ? 'volumetric' : 'actual',
      estimatedDelivery: estimateDelivery(service.serviceType, service.transitDays),
      transitDays: service.transitDays,
      limits,
      ...(distance ? { distance } : {}),
      breakdown: { parcels, distanceFee },
    },
  };
}

// Code-unit order, not localeCompare: the order must not depend on the server's locale.
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders by total, then by delivery date, then by name and id so equal offers always come out
 * in the same order. Totals are compared as numbers even across currencies: services are
 * normally priced in GBP, and the engine holds no exchange rates.
 */
function compareOptions(a: Omit<QuoteOption, 'badges'>, b: Omit<QuoteOption, 'badges'>): number {
  return (
    a.price.total - b.price.total ||
    compareStrings(a.estimatedDelivery, b.estimatedDelivery) ||
    compareStrings(a.name, b.name) ||
    compareStrings(a.courierServiceId, b.courierServiceId)
  );
}

/**
 * Every option that fits, cheapest first. 'cheapest' marks all options at the lowest total,
 * 'fastest' all options with the earliest estimated delivery, so ties are never hidden.
 */
export function priceQuote(
  request: QuoteRequest,
  services: readonly CourierServiceRates[],
  ctx: QuoteContext,
): QuoteOption[] {
  assertValidParcels(request.parcels);
  const estimateDelivery = deliveryEstimatorFor(ctx.now, ctx.collectionDate);
  const options: Omit<QuoteOption, 'badges'>[] = [];
  for (const service of services) {
    const evaluation = evaluateService(request, service, ctx, estimateDelivery);
    if (evaluation.ok) options.push(evaluation.option);
  }
  options.sort(compareOptions);
  if (options.length === 0) return [];

  // One pass for the marks, and the badges set on the options themselves: they are this call's
  // own objects, and copying them only to add a field costs (docs/performance.md).
  let lowestTotal = Number.POSITIVE_INFINITY;
  let earliest = options[0]!.estimatedDelivery;
  for (const option of options) {
    if (option.price.total < lowestTotal) lowestTotal = option.price.total;
    if (option.estimatedDelivery < earliest) earliest = option.estimatedDelivery;
  }
  for (const option of options as QuoteOption[]) {
    const badges: QuoteBadge[] = [];
    if (option.price.total === lowestTotal) badges.push('cheapest');
    if (option.estimatedDelivery === earliest) badges.push('fastest');
    option.badges = badges;
  }
  return options as QuoteOption[];
}
