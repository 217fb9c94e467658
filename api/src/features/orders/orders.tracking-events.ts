/**
 * Tracking events (docs/architecture.md §4): what a courier adds to an order's timeline without moving its
 * status: out for delivery, a delivery attempt, a delay with a new expected date (which becomes
 * the promised date every screen shows), an exception. Written like a status change: one
 * immediate transaction with the timeline row, the order's revised date and the outbox event
 * `order.tracking_event` (recipient mail and partners' webhooks subscribe to it).
 */
import { deliveryRoundProblem } from '@consign/shared/tracking';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { type OrderStatus, orders, type TrackingEventKind } from '../../db/schema';
import { OPEN_PAID_ORDER_STATUSES, orderStatusesWhere } from '../../domain/statuses';
import { addCalendarDays, COLLECTION_WINDOW_DAYS, isIsoDate, ukToday } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { publish } from '../../lib/outbox';
import { type OrderActor, type OrderRow, recordOrderEvent } from './order-store';
import { ORDER_EVENTS, type OrderTrackingEventData } from './orders.notify';
import { statusLabel } from './status';
import { EVENT_LINES } from './timeline';

export type TrackingEventInput = {
  kind: TrackingEventKind;
  note?: string | null | undefined;
  /** YYYY-MM-DD; required with `delayed`. */
  expectedDelivery?: string | null | undefined;
  /** With `out_for_delivery` only, each optional: the driver's first name, the window 'HH:MM'–'HH:MM'. */
  driverName?: string | null | undefined;
  windowFrom?: string | null | undefined;
  windowTo?: string | null | undefined;
};

/** Where each event makes sense: a driver goes out or knocks only once the parcel is on its way. */
const ON_ITS_WAY = orderStatusesWhere((s) => s.stage === 'on_its_way');
const ALLOWED_IN: Record<TrackingEventKind, readonly OrderStatus[]> = {
  out_for_delivery: ON_ITS_WAY,
  delivery_attempted: ON_ITS_WAY,
  delayed: OPEN_PAID_ORDER_STATUSES,
  exception: OPEN_PAID_ORDER_STATUSES,
};

export type TrackingEventProblem = { path: string; message: string; status: 409 | 422; code?: string };

/**
 * Why the event cannot be added to the order now, or null. Pure, so the CSV preview shows the
 * same answer the write would give.
 */
export function trackingEventProblem(
  order: Pick<OrderRow, 'status' | 'paidAt'>,
  input: TrackingEventInput,
  now: Date,
): TrackingEventProblem | null {
  const note = input.note?.trim() ?? '';
  if ((input.kind === 'delivery_attempted' || input.kind === 'exception') && !note) {
    return { path: 'note', status: 422, message: 'Say what happened: a note is required with this event' };
  }
  if (input.kind === 'delayed') {
    if (!input.expectedDelivery) {
      return {
        path: 'expectedDelivery',
        status: 422,
        message: 'A delay needs the new expected delivery date',
      };
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.expectedDelivery) || !isIsoDate(input.expectedDelivery)) {
      return {
        path: 'expectedDelivery',
        status: 422,
        message: 'The expected date must be a real date such as 2026-05-01',
      };
    }
    const today = ukToday(now);
    if (input.expectedDelivery < today) {
      return { path: 'expectedDelivery', status: 422, message: 'The expected date cannot be in the past' };
    }
    if (input.expectedDelivery > addCalendarDays(today, COLLECTION_WINDOW_DAYS)) {
      return {
        path: 'expectedDelivery',
        status: 422,
        message: 'The expected date must be within the next 12 months',
      };
    }
  } else if (input.expectedDelivery) {
    return { path: 'expectedDelivery', status: 422, message: 'Only a delay carries a new expected date' };
  }
  const round = deliveryRoundProblem(input.kind, input);
  if (round) return { ...round, status: 422 };
  if (!order.paidAt || !ALLOWED_IN[input.kind].includes(order.status)) {
    return {
      path: 'kind',
      status: 409,
      code: 'event_not_allowed',
      message: `“${EVENT_LINES[input.kind].split(':')[0]}” cannot be added to an order that is ${statusLabel(order.status)}`,
    };
  }
  return null;
}

/** Writes the event inside the caller's immediate transaction, after trackingEventProblem said yes. */
export async function writeTrackingEvent(
  tx: Tx,
  order: OrderRow,
  input: TrackingEventInput,
  actor: OrderActor,
  now: Date,
): Promise<OrderRow> {
  const note = input.note?.trim() || null;
  const expectedDelivery = input.kind === 'delayed' ? (input.expectedDelivery ?? null) : null;
  const out = input.kind === 'out_for_delivery';
  const round = {
    driverName: (out && input.driverName?.trim()) || null,
    windowFrom: (out && input.windowFrom) || null,
    windowTo: (out && input.windowTo) || null,
  };
  let current = order;
  const [updated] = await tx
    .update(orders)
    .set({ ...(expectedDelivery ? { revisedDelivery: expectedDelivery } : {}), updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  current = updated ?? order;
  await recordOrderEvent(tx, order.id, actor, now, {
    from: order.status,
    to: order.status,
    note,
    kind: input.kind,
    expectedDelivery,
    ...round,
  });
  const data: OrderTrackingEventData = {
    orderId: order.id,
    kind: input.kind,
    status: order.status,
    note,
    expectedDelivery,
    ...round,
    actorRole: actor.role,
  };
  await publish(tx, ORDER_EVENTS.trackingEvent, data, now);
  return current;
}

/** Adds a tracking event to an order (narrowed by `where`, e.g. the courier's own): 404, 409 or 422 when not. */
export async function addTrackingEvent(
  deps: AppDeps,
  change: { orderId: string; actor: OrderActor; where?: SQL; event: TrackingEventInput },
): Promise<OrderRow> {
  const now = deps.now();
  return deps.db.transaction(
    async (tx) => {
      const order = await tx.query.orders.findFirst({
        where: change.where
          ? and(eq(orders.id, change.orderId), change.where)
          : eq(orders.id, change.orderId),
      });
      if (!order) throw AppError.notFound('Order not found');
      const problem = trackingEventProblem(order, change.event, now);
      if (problem?.status === 422)
        throw AppError.validation([{ path: problem.path, message: problem.message }]);
      if (problem) throw AppError.conflict(problem.message, problem.code);
      return writeTrackingEvent(tx, order, change.event, change.actor, now);
    },
    { behavior: 'immediate' },
  );
}
