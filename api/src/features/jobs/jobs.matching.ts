/**
 * Which courier services could carry a job: the quote engine's own rules (service type, route,
 * per-parcel limits, a weight tier covering each parcel), applied to the job's route and parcels.
 * Pure, so the vendor's list and the accept check cannot disagree.
 */
import type { QuoteRequestRecord, ServiceType } from '../../db/schema';
import { VAT_RATE_BASIS_POINTS } from '../../domain/money';
import type { CourierServiceRates, QuoteRequest, ServiceEvaluation } from '../quotes';
import { createDeliveryEstimator, type DeliveryEstimator, evaluateService } from '../quotes';

export function jobRequest(route: QuoteRequestRecord): QuoteRequest {
  return {
    serviceType: route.serviceType,
    from: route.from,
    to: route.to,
    fromPostcode: route.fromPostcode,
    toPostcode: route.toPostcode,
    parcels: route.parcels,
  };
}

/**
 * Evaluates one service for a job. The customer names the price, so the distance a same-day
 * service would charge for does not matter here; a distance of 0 lets the engine check
 * everything else (type, route, limits, tiers) exactly as it does for a quote.
 */
export function evaluateForJob(
  route: QuoteRequestRecord,
  service: CourierServiceRates,
  now: Date,
  estimator: DeliveryEstimator = createDeliveryEstimator(now),
): ServiceEvaluation {
  return evaluateService(jobRequest(route), service, { now, distanceMiles: 0 }, estimator);
}

/** The services (of one vendor, typically) that could carry the job. */
export function servicesThatCanCarry<S extends CourierServiceRates>(
  route: QuoteRequestRecord,
  services: readonly S[],
  now: Date,
  estimator: DeliveryEstimator = createDeliveryEstimator(now),
): S[] {
  return services.filter((service) => evaluateForJob(route, service, now, estimator).ok);
}

/** Why a service cannot carry a job, in the vendor's words. */
export function cannotCarryMessage(
  evaluation: Extract<ServiceEvaluation, { ok: false }>,
  jobType: ServiceType,
): string {
  switch (evaluation.reason) {
    case 'not_quotable':
      return 'This courier service is not active or has no usable prices';
    case 'service_type_mismatch':
      return `This job needs a ${jobType.replace('_', '-')} service`;
    case 'route_mismatch':
      return 'This courier service does not cover the job’s route';
    case 'over_limit':
      return `This courier service cannot carry the parcels: ${evaluation.detail}`;
    case 'no_tier':
      return 'No weight tier of this courier service covers the parcels';
    case 'distance_unknown':
      return 'This courier service cannot price this route';
    case 'over_distance':
      return `This courier service does not drive that far: ${evaluation.detail}`;
  }
}

/**
 * Splits a VAT-inclusive price into net and VAT at the service type's rate, in integers:
 * net = round(gross × 10000 / (10000 + rate)), VAT = the rest, so net + VAT is the gross exactly.
 */
export function splitGross(gross: number, serviceType: ServiceType): { net: number; vat: number } {
  const rate = VAT_RATE_BASIS_POINTS[serviceType];
  const net = Math.floor((gross * 10000 * 2 + (10000 + rate)) / (2 * (10000 + rate)));
  return { net, vat: gross - net };
}
