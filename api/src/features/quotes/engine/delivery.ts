/**
 * Estimated delivery dates for quote options and orders. The calendar rules (working days,
 * bank holidays, the 14:00 same-day cut-off) live in domain/uk-days; this decides which rule applies.
 */

import type { ServiceType } from '../../../domain/services';
import {
  addWorkingDays,
  collectionDay,
  isBeforeSameDayCutoff,
  ukToday,
  workingDayOnOrAfter,
} from '../../../domain/uk-days';

export type DeliveryEstimator = (serviceType: ServiceType, transitDays: number) => string;

/**
 * When a parcel collected on `collectionDate` arrives.
 *
 * - Other services: `transitDays` working days after the collection day, the collection day
 *   first moved to a working day (nothing is collected on a Sunday or a bank holiday).
 * - Same day ignores transit days and arrives on its collection day; when that day is today
 *   it must still be before the cut-off, otherwise the next working day.
 *
 * `now` only matters for a same-day collection today. A collection date before today is
 * treated as today: the caller validates dates, this never returns a past date.
 */
export function deliveryDateFor(
  serviceType: ServiceType,
  transitDays: number,
  collectionDate: string,
  now: Date,
): string {
  const today = ukToday(now);
  const collected = workingDayOnOrAfter(collectionDate < today ? today : collectionDate);
  if (serviceType !== 'same_day') return addWorkingDays(collected, transitDays);
  if (collected === today && !isBeforeSameDayCutoff(now)) return addWorkingDays(today, 1);
  return collected;
}

/** The day quotes assume when the request names none: today, or the next working day. */
export const defaultCollectionDate = collectionDay;

/** Delivery for a parcel booked now and collected on the default collection day. */
export function estimateDeliveryDate(serviceType: ServiceType, transitDays: number, now: Date): string {
  return createDeliveryEstimator(now)(serviceType, transitDays);
}

/**
 * The same rule for many services at one instant and collection date. Reading the UK clock
 * goes through Intl and costs far more than the pricing itself, so a quote over hundreds of
 * services reads it once and remembers each transit time's answer.
 */
export function createDeliveryEstimator(now: Date, collectionDate?: string): DeliveryEstimator {
  const collection = collectionDate ?? collectionDay(now);
  let sameDay: string | undefined;
  const byTransitDays = new Map<number, string>();
  return (serviceType, transitDays) => {
    if (serviceType === 'same_day') {
      sameDay ??= deliveryDateFor('same_day', 0, collection, now);
      return sameDay;
    }
    let date = byTransitDays.get(transitDays);
    if (date === undefined) {
      date = deliveryDateFor(serviceType, transitDays, collection, now);
      byTransitDays.set(transitDays, date);
    }
    return date;
  };
}

/**
 * The estimator for `now`, shared by every quote priced within the same UTC minute for the
 * same collection date. Every rule above reads only the UK date, hour and minute (the cut-off
 * is 14:00 sharp), and UK clock changes move by whole hours, so two instants in one UTC minute
 * always get the same dates. Under load this turns the clock and bank-holiday arithmetic from
 * once per quote into once per minute. A few entries: a clock going backwards (tests) or a new
 * minute simply starts afresh.
 */
let shared: { minute: number; byCollection: Map<string, DeliveryEstimator> } | null = null;
const MAX_SHARED_COLLECTION_DATES = 32;

export function deliveryEstimatorFor(now: Date, collectionDate?: string): DeliveryEstimator {
  const minute = Math.floor(now.getTime() / 60_000);
  if (!Number.isFinite(minute)) return createDeliveryEstimator(now, collectionDate);
  if (shared?.minute !== minute) shared = { minute, byCollection: new Map() };
  const key = collectionDate ?? '';
  let estimator = shared.byCollection.get(key);
  if (!estimator) {
    if (shared.byCollection.size >= MAX_SHARED_COLLECTION_DATES) shared.byCollection.clear();
    estimator = createDeliveryEstimator(now, collectionDate);
    shared.byCollection.set(key, estimator);
  }
  return estimator;
}
