/**
 * The terms the product enforces on adjustments (docs/claims-and-returns.md, "Adjustments"), as
 * pure functions of the order, the courier's rate card and the clock. The terms page (portal
 * TermsPage, "Additional charges") states the same.
 */
import { withVat } from '../../domain/money';
import type { ServiceType } from '../../domain/services';
import { addWorkingDays, ukDayEnd, ukToday } from '../../domain/uk-days';
import { type CourierServiceRates, type Parcel, priceParcels } from '../quotes';

/** A courier files an adjustment by the end of this working day after collection (UK time). */
export const ADJUSTMENT_WINDOW_WORKING_DAYS = 2;

/** The last moment an adjustment may be filed: the end of the 2nd working day after collection. */
export function adjustmentDeadline(collectedAt: Date): Date {
  return new Date(
    ukDayEnd(addWorkingDays(ukToday(collectedAt), ADJUSTMENT_WINDOW_WORKING_DAYS)).getTime() - 1,
  );
}

/** Why an adjustment may not be filed on the order at `now`, or null when it may. */
export function adjustmentWindowProblem(
  order: { status: string; collectedAt: Date | null },
  now: Date,
): string | null {
  if (order.status === 'cancelled') return 'A cancelled order cannot be adjusted';
  if (!order.collectedAt || (order.status !== 'in_transit' && order.status !== 'delivered')) {
    return 'An adjustment can be filed once the parcel is collected (in transit)';
  }
  if (now.getTime() > adjustmentDeadline(order.collectedAt).getTime()) {
    return `Adjustments must be filed within ${ADJUSTMENT_WINDOW_WORKING_DAYS} working days of collection`;
  }
  return null;
}

export type AdjustmentPricing =
  | {
      ok: true;
      bookedChargeableKg: number;
      measuredChargeableKg: number;
      /** What the customer paid for carriage: net + VAT as booked. */
      bookedPrice: number;
      /** The booked net plus what the measured parcels cost more on the card, with VAT. */
      adjustedPrice: number;
      difference: number;
    }
  | { ok: false; path: string; message: string; code: 'adjustment_unpriced' | 'adjustment_not_higher' };

/**
 * The price with the parcels as measured. The card prices both the booked and the measured
 * parcels; the customer owes what the measured ones cost more, on top of the booked price, so a
 * change of the courier's rates since booking never reaches the customer. Never a free amount.
 */
export function adjustmentPrice(
  service: CourierServiceRates,
  order: { parcels: readonly Parcel[]; net: number; vat: number; serviceType: ServiceType },
  measured: readonly Parcel[],
): AdjustmentPricing {
  if (measured.length !== order.parcels.length) {
    return {
      ok: false,
      code: 'adjustment_unpriced',
      path: 'parcels',
      message: `give the measured figures of each of the ${order.parcels.length} booked parcels, in order`,
    };
  }
  const booked = priceParcels(service, order.parcels);
  if (!booked.ok) {
    return {
      ok: false,
      code: 'adjustment_unpriced',
      path: 'parcels',
      message: `your rate card no longer prices the parcels as booked (parcel ${booked.index + 1}: ${booked.detail})`,
    };
  }
  const now = priceParcels(service, measured);
  if (!now.ok) {
    return {
      ok: false,
      code: 'adjustment_unpriced',
      path: `parcels.${now.index}`,
      message: `your rate card has no price for this parcel as measured (${now.detail})`,
    };
  }
  const extra = now.net - booked.net;
  const bookedPrice = order.net + order.vat;
  const adjustedPrice = withVat(
    { amount: order.net + Math.max(extra, 0), currency: service.currency },
    order.serviceType,
  ).total;
  if (extra <= 0 || adjustedPrice <= bookedPrice) {
    return {
      ok: false,
      code: 'adjustment_not_higher',
      path: 'parcels',
      message: `as measured (${now.chargeableWeightKg} kg chargeable) the parcels cost no more on your rate card than as booked (${booked.chargeableWeightKg} kg): there is nothing to adjust`,
    };
  }
  return {
    ok: true,
    bookedChargeableKg: booked.chargeableWeightKg,
    measuredChargeableKg: now.chargeableWeightKg,
    bookedPrice,
    adjustedPrice,
    difference: adjustedPrice - bookedPrice,
  };
}
