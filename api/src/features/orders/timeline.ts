/**
 * How each timeline entry reads to people: one plain-English line per status change or tracking
 * event, the same on the customer's and courier's order pages and the public tracking page.
 */
import { type DeliveryRound, eventLine } from '@consign/shared/tracking';
import type { OrderStatus, TrackingEventKind } from '../../db/schema';
import {
  ADJUSTMENT_STATUS_FACTS,
  type AdjustmentStatus,
  CLAIM_STATUS_FACTS,
  type ClaimStatus,
  ORDER_STATUS_FACTS,
} from '../../domain/statuses';
import { formatPeopleDate } from '../../domain/uk-days';

export { EVENT_LINES } from '@consign/shared/tracking';

export type TimelineEntry = {
  from: OrderStatus | null;
  to: OrderStatus;
  kind: TrackingEventKind | null;
  expectedDelivery: string | null;
  /** With out for delivery: the driver and window the courier gave (null when not). */
  driverName?: string | null;
  windowFrom?: string | null;
  windowTo?: string | null;
  /** A claim's move (features/claims): on the timeline, the order's status unchanged. */
  claimStatus?: ClaimStatus | null;
  /** An adjustment's move (features/adjustments), likewise. */
  adjustmentStatus?: AdjustmentStatus | null;
  /** A return (features/returns): booked for this order, or this order is one; with the other order. */
  returnLink?: 'return_booked' | 'return_of' | null;
  linkedOrderId?: string | null;
};

/** An order's reference as people read it (`#` and the id's last 8), as order-store writes it. */
const referenceOf = (id: string) => `#${id.slice(-8)}`;

export function describeEntry(entry: TimelineEntry): string {
  if (entry.kind === 'delayed' && entry.expectedDelivery) {
    return `Delayed: now expected ${formatPeopleDate(entry.expectedDelivery)}`;
  }
  if (entry.kind) return eventLine(entry.kind, roundOf(entry));
  if (entry.claimStatus) return CLAIM_STATUS_FACTS[entry.claimStatus].timeline;
  if (entry.adjustmentStatus) return ADJUSTMENT_STATUS_FACTS[entry.adjustmentStatus].timeline;
  if (entry.returnLink === 'return_booked' && entry.linkedOrderId)
    return `Return booked: order ${referenceOf(entry.linkedOrderId)} sends it back`;
  if (entry.returnLink === 'return_of' && entry.linkedOrderId)
    return `A return of order ${referenceOf(entry.linkedOrderId)}`;
  if (entry.from === entry.to) return 'Order details updated';
  return ORDER_STATUS_FACTS[entry.to].timeline;
}

/** The driver and window an entry carries (out for delivery only). */
export const roundOf = (
  entry: Pick<TimelineEntry, 'driverName' | 'windowFrom' | 'windowTo'>,
): DeliveryRound => ({
  driverName: entry.driverName ?? null,
  windowFrom: entry.windowFrom ?? null,
  windowTo: entry.windowTo ?? null,
});

/** The delivery date every screen shows: the courier's revised date after a delay, else as booked. */
export const promisedDelivery = (order: {
  revisedDelivery: string | null;
  estimatedDelivery: string | null;
}) => order.revisedDelivery ?? order.estimatedDelivery;
