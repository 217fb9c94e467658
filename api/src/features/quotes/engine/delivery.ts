/**
 * Estimated delivery dates for quote options. The calendar rules (working days, bank
 * holidays, the 14:00 same-day cut-off) live in lib/dates; this decides which rule applies.
 */
import { addWorkingDays, collectionDay, sameDayDeliveryDay } from '../../../lib/dates';
import type { ServiceType } from './types';

export type DeliveryEstimator = (serviceType: ServiceType, transitDays: number) => string;

/**
 * Same-day services ignore transit days: before the cut-off on a working day they deliver
 * today, otherwise on the next working day. Every other service delivers `transitDays`
 * working days after the collection day (today, or the next working day if today is not one).
 */
export function estimateDeliveryDate(serviceType: ServiceType, transitDays: number, now: Date): string {
  return createDeliveryEstimator(now)(serviceType, transitDays);
}

/**
 * The same rule for many services at one instant. Reading the UK clock goes through Intl and
 * costs far more than the pricing itself, so a quote over hundreds of services reads it once
 * and remembers each transit time's answer.
 */
export function createDeliveryEstimator(now: Date): DeliveryEstimator {
  let sameDay: string | undefined;
  let collection: string | undefined;
  const byTransitDays = new Map<number, string>();
  return (serviceType, transitDays) => {
    if (serviceType === 'same_day') {
      sameDay ??= sameDayDeliveryDay(now);
      return sameDay;
    }
    let date = byTransitDays.get(transitDays);
    if (date === undefined) {
      collection ??= collectionDay(now);
      date = addWorkingDays(collection, transitDays);
      byTransitDays.set(transitDays, date);
    }
    return date;
  };
}

/**
 * The estimator for `now`, shared by every quote priced within the same UTC minute. Every rule
 * above reads only the UK date, hour and minute (the cut-off is 14:00 sharp), and UK clock
 * changes move by whole hours, so two instants in one UTC minute always get the same dates.
 * Under load this turns the clock and bank-holiday arithmetic from once per quote into once
 * per minute. One entry: a clock going backwards (tests) simply starts a new one.
 */
let shared: { minute: number; estimator: DeliveryEstimator } | null = null;

export function deliveryEstimatorFor(now: Date): DeliveryEstimator {
  const minute = Math.floor(now.getTime() / 60_000);
  if (!Number.isFinite(minute)) return createDeliveryEstimator(now);
  if (shared?.minute !== minute) shared = { minute, estimator: createDeliveryEstimator(now) };
  return shared.estimator;
}
