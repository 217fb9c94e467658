/**
 * The terms the product enforces on claims (docs/claims-and-returns.md, "Windows and caps"), as
 * pure functions of the order and the clock. The terms page (portal TermsPage) states the same
 * figures.
 */
import type { ClaimKind } from '../../domain/statuses';
import { addWorkingDays, ukDayEnd, ukToday } from '../../domain/uk-days';

/** Damage is reported within this many working days of delivery. */
export const DAMAGE_WINDOW_WORKING_DAYS = 5;
/** A parcel not delivered this many working days after its promised date counts as lost. */
export const LOSS_GRACE_WORKING_DAYS = 3;
/** No claim of either kind after this many months from the collection date. */
export const CLAIM_LIMIT_MONTHS = 9;
/** Liability without extended cover, in minor units of the order's currency (£20). */
export const STANDARD_LIABILITY = 2000;

export type ClaimOrderFacts = {
  status: string;
  collectionDate: string;
  /** The promised delivery date (the courier's revised one after a delay). */
  promisedDelivery: string | null;
  /** When the order was delivered, if it was. */
  deliveredAt: Date | null;
  coverAmount: number;
  /** A tracking exception, or no scan for days (`lossClaimSignal`): a loss claim may be filed at once. */
  lossSignal?: boolean;
};

/** The last moment a claim of `kind` may be filed, or why it may not be filed at `now`. */
export function claimWindowProblem(kind: ClaimKind, order: ClaimOrderFacts, now: Date): string | null {
  const today = ukToday(now);
  if (now.getTime() >= ukDayEnd(addMonths(order.collectionDate, CLAIM_LIMIT_MONTHS)).getTime()) {
    return `Claims must be made within ${CLAIM_LIMIT_MONTHS} months of the collection date`;
  }
  if (kind === 'damage') {
    if (order.status !== 'delivered' || !order.deliveredAt) {
      return 'A damage claim can be made once the parcel is delivered';
    }
    const lastDay = addWorkingDays(ukToday(order.deliveredAt), DAMAGE_WINDOW_WORKING_DAYS);
    if (today > lastDay) {
      return `Damage must be reported within ${DAMAGE_WINDOW_WORKING_DAYS} working days of delivery`;
    }
    return null;
  }
  if (order.status === 'delivered') return 'The parcel was delivered: claim for damage instead';
  if (order.status === 'cancelled' || order.status === 'awaiting_payment') {
    return 'Only a paid order under way can be claimed as lost';
  }
  if (order.lossSignal) return null;
  if (!order.promisedDelivery) return 'The order has no promised delivery date yet';
  const lostFrom = addWorkingDays(order.promisedDelivery, LOSS_GRACE_WORKING_DAYS);
  if (today <= lostFrom) {
    return `A parcel counts as lost once it is ${LOSS_GRACE_WORKING_DAYS} working days past its promised delivery date (after ${lostFrom})`;
  }
  return null;
}

/** The statuses of a paid parcel not yet delivered, whose tracking can signal a loss. */
const UNDER_WAY = ['pending', 'confirmed', 'in_transit'];

/** The latest entry on an order's tracking (a status move or a courier's tracking event). */
export type LastScan = { at: Date; kind: string | null };

export type LossClaimSignal = { reason: 'exception' | 'no_scan'; since: Date };

/**
 * Why a parcel under way may be lost, or null: its latest tracking entry is an exception; or a
 * collected parcel (in transit) has had no scan for `noScanWorkingDays` working days since the
 * latest one; or a parcel never collected (pending or confirmed) is `noScanWorkingDays` working
 * days past its collection date (each from the day after the last of them, UK time). Any of them
 * offers the customer a loss claim at once (docs/claims-and-returns.md, "The prefilled loss claim").
 */
export function lossClaimSignal(
  order: { status: string; lastScan: LastScan | null; collectionDate?: string },
  now: Date,
  noScanWorkingDays: number,
): LossClaimSignal | null {
  const { status, lastScan } = order;
  if (!UNDER_WAY.includes(status) || !lastScan) return null;
  if (lastScan.kind === 'exception') return { reason: 'exception', since: lastScan.at };
  // Never collected: its entries are the booking's own moves, so the quiet counts from the day it was due.
  const quietFrom = status === 'in_transit' ? ukToday(lastScan.at) : order.collectionDate;
  if (!quietFrom) return null;
  const lastQuietDay = addWorkingDays(quietFrom, noScanWorkingDays);
  return ukToday(now) > lastQuietDay ? { reason: 'no_scan', since: lastScan.at } : null;
}

/**
 * The most a claim on the order may ask for: the cover bought, or the standard liability. What is
 * left of the payment does not limit it: beyond it the claim is paid by PayPal payout.
 */
export function claimCap(order: Pick<ClaimOrderFacts, 'coverAmount'>): number {
  return order.coverAmount > 0 ? order.coverAmount : STANDARD_LIABILITY;
}

/** How an agreed amount is paid: a refund of what is left of the payment, and the rest by payout. */
export function claimSplit(agreed: number, refundable: number): { refundPart: number; payoutPart: number } {
  const refundPart = Math.max(0, Math.min(agreed, refundable));
  return { refundPart, payoutPart: agreed - refundPart };
}

/** The courier answers by the end of the `workingDays`th working day after the claim was filed (UK time). */
export function courierDeadline(filedAt: Date, workingDays: number): Date {
  return new Date(ukDayEnd(addWorkingDays(ukToday(filedAt), workingDays)).getTime() - 1);
}

/** A calendar date `months` later, clamped to the month's last day (31 May + 9 months: 28/29 Feb). */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.toISOString().slice(0, 8)}${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}
