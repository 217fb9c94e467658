/**
 * How each timeline entry reads to people: one plain-English line per status change or tracking
 * event, the same on the customer's and courier's order pages and the public tracking page.
 */
import type { OrderStatus, TrackingEventKind } from '../../db/schema';
import {
  ADJUSTMENT_STATUS_FACTS,
  type AdjustmentStatus,
  CLAIM_STATUS_FACTS,
  type ClaimStatus,
  ORDER_STATUS_FACTS,
} from '../../domain/statuses';
import { formatPeopleDate } from '../../domain/uk-days';

export type TimelineEntry = {
  from: OrderStatus | null;
  to: OrderStatus;
  kind: TrackingEventKind | null;
  expectedDelivery: string | null;
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

export const EVENT_LINES: Record<TrackingEventKind, string> = {
  out_for_delivery: 'Out for delivery: the driver has the parcel on today’s round',
  delivery_attempted: 'The driver tried to deliver but could not',
  delayed: 'Delayed',
  exception: 'A problem with the delivery: the courier is dealing with it',
};

export function describeEntry(entry: TimelineEntry): string {
  if (entry.kind === 'delayed' && entry.expectedDelivery) {
    return `Delayed: now expected ${formatPeopleDate(entry.expectedDelivery)}`;
  }
  if (entry.kind) return EVENT_LINES[entry.kind];
  if (entry.claimStatus) return CLAIM_STATUS_FACTS[entry.claimStatus].timeline;
  if (entry.adjustmentStatus) return ADJUSTMENT_STATUS_FACTS[entry.adjustmentStatus].timeline;
  if (entry.returnLink === 'return_booked' && entry.linkedOrderId)
    return `Return booked: order ${referenceOf(entry.linkedOrderId)} sends it back`;
  if (entry.returnLink === 'return_of' && entry.linkedOrderId)
    return `A return of order ${referenceOf(entry.linkedOrderId)}`;
  if (entry.from === entry.to) return 'Order details updated';
  return ORDER_STATUS_FACTS[entry.to].timeline;
}

/** The delivery date every screen shows: the courier's revised date after a delay, else as booked. */
export const promisedDelivery = (order: {
  revisedDelivery: string | null;
  estimatedDelivery: string | null;
}) => order.revisedDelivery ?? order.estimatedDelivery;
