/**
 * When a point changes (its hours, closed dates, weight limit or services; closed by its courier;
 * suspended by staff), the orders waiting to be dropped off there are checked again in the same
 * transaction: each that could drop off before the change and cannot after it gets one
 * `dropoff_point.unavailable` event, whose subscriber emails the customer to choose another point
 * (dropoff-points.notify.ts). An order that already could not is not told twice.
 */
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { ukToday } from '../../domain/uk-days';
import { publish } from '../../lib/outbox';
import { dropOffProblem, heaviestParcelKg } from './dropoff-points.rules';
import { type PointWithServices, readPoint } from './dropoff-points.store';

export const POINT_UNAVAILABLE_EVENT = 'dropoff_point.unavailable';

/** Paid and not yet handed over: the statuses whose parcel is still to be dropped off. */
export const AWAITING_DROP_OFF = ['pending', 'confirmed'] as const;

type WaitingOrder = {
  id: string;
  courierServiceId: string;
  serviceName: string;
  collectionDate: string;
  parcels: { weight: number }[];
};

async function waitingOrders(tx: Tx, pointId: string, today: string): Promise<WaitingOrder[]> {
  return tx
    .select({
      id: orders.id,
      courierServiceId: orders.courierServiceId,
      serviceName: orders.serviceName,
      collectionDate: orders.collectionDate,
      parcels: orders.parcels,
    })
    .from(orders)
    .where(
      and(
        eq(orders.dropOffPointId, pointId),
        gte(orders.collectionDate, today),
        inArray(orders.status, [...AWAITING_DROP_OFF]),
      ),
    );
}

const problemFor = (point: PointWithServices | null, order: WaitingOrder) =>
  dropOffProblem(point, {
    serviceId: order.courierServiceId,
    serviceName: order.serviceName,
    date: order.collectionDate,
    heaviestKg: heaviestParcelKg(order.parcels),
  });

/**
 * Runs `change` on the point inside `tx`, then publishes one event for the orders it turned away.
 * Returns the ids of those orders.
 */
export async function changePointTellingOrders(
  tx: Tx,
  pointId: string,
  now: Date,
  change: () => Promise<void>,
): Promise<string[]> {
  const today = ukToday(now);
  const before = await readPoint(tx, pointId);
  const fine = (await waitingOrders(tx, pointId, today)).filter((o) => problemFor(before, o) === null);
  await change();
  if (fine.length === 0) return [];
  const after = await readPoint(tx, pointId);
  const turnedAway = fine
    .map((order) => ({ orderId: order.id, problem: problemFor(after, order) }))
    .filter((o): o is { orderId: string; problem: string } => o.problem !== null);
  if (turnedAway.length > 0) {
    await publish(tx, POINT_UNAVAILABLE_EVENT, { pointId, orders: turnedAway }, now);
  }
  return turnedAway.map((o) => o.orderId);
}
