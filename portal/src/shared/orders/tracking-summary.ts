/**
 * The state the shared tracking wording (`@consign/shared/tracking`) reads, from the public
 * tracking answer or the customer's order: so the tracking page, the order drawer and the
 * recipient's email say the same headline and line.
 */
import type { components } from '@consign/api/client';
import type { OrderStatus } from '@consign/shared/statuses';
import type { TrackingEventKind, TrackingState } from '@consign/shared/tracking';
import { formatDateTime, ukDate } from '../../lib/format';

type Schemas = components['schemas'];

/** A status change or a tracking event: what moves a parcel's progress (not edits, claims or returns). */
type Moment = {
  at: string;
  status: OrderStatus;
  event: TrackingEventKind | null;
  driverName: string | null;
  windowFrom: string | null;
  windowTo: string | null;
};

function stateOf(
  status: OrderStatus,
  moments: readonly Moment[],
  promisedDelivery: string | null,
  delayed: boolean,
  now: Date,
): TrackingState {
  const latest = moments.at(-1);
  const delivered = [...moments].reverse().find((m) => m.event === null && m.status === 'delivered');
  return {
    status,
    latestEvent: latest?.event
      ? {
          kind: latest.event,
          day: ukDate(new Date(latest.at)),
          round: { driverName: latest.driverName, windowFrom: latest.windowFrom, windowTo: latest.windowTo },
        }
      : null,
    promisedDelivery,
    delayed,
    today: ukDate(now),
    deliveredAt: delivered ? formatDateTime(delivered.at) : null,
  };
}

/** From the public tracking answer: its timeline is status changes and tracking events only. */
export function summaryState(tracking: Schemas['Tracking'], now = new Date()): TrackingState {
  return stateOf(tracking.status, tracking.timeline, tracking.promisedDelivery, tracking.delayed, now);
}

/** From the customer's order: its events also hold edits, claims, adjustments and returns, left out here. */
export function orderSummaryState(order: Schemas['OrderDetail'], now = new Date()): TrackingState {
  const moments = order.events
    .filter(
      (e) => e.event !== null || (e.from !== e.to && !e.claimStatus && !e.adjustmentStatus && !e.returnLink),
    )
    .map((e) => ({ ...e, status: e.to }));
  const delayed = order.promisedDelivery !== null && order.promisedDelivery !== order.estimatedDelivery;
  return stateOf(order.status, moments, order.promisedDelivery, delayed, now);
}
