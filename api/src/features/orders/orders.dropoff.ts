/**
 * An order's drop-off point (features/dropoff-points): the point as the order pages show it, the
 * printerless code the point scans, the re-check before a label is printed, and the customer
 * choosing another point (the link in the "point closed" email).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { courierServices, orders } from '../../db/schema';
import { AppError, type FieldError } from '../../lib/errors';
import { dropOffPointErrors, dropOffPointOfOrder, type OrderDropOffPoint } from '../dropoff-points';
import { renderQrSvg } from './documents';
import { type OrderRow, recordOrderEvent } from './order-store';

/** Paid and not yet handed over: while the point still matters. */
const AWAITING_DROP_OFF = ['pending', 'confirmed'] as const;
const awaitingDropOff = (order: OrderRow) => (AWAITING_DROP_OFF as readonly string[]).includes(order.status);

/** What the printerless QR code holds: the tracking number, which the point's scanner looks up. */
export const dropOffCodeText = (order: OrderRow) => order.trackingNumber;

export async function dropOffOfOrder(
  deps: AppDeps,
  order: OrderRow,
): Promise<{ dropOffPoint: OrderDropOffPoint | null; dropOffCode: { text: string; qrSvg: string } | null }> {
  const dropOffPoint = await dropOffPointOfOrder(deps.db, order);
  const text = order.printerless && order.status !== 'cancelled' ? dropOffCodeText(order) : null;
  return { dropOffPoint, dropOffCode: text ? { text, qrSvg: await renderQrSvg(text) } : null };
}

/** The service as the booking checks a point against it; the order keeps its frozen name. */
async function serviceOf(deps: AppDeps, order: OrderRow) {
  const service = await deps.db.query.courierServices.findFirst({
    where: eq(courierServices.id, order.courierServiceId),
    columns: { handover: true },
  });
  // A service deleted since still took drop-offs when it was booked with a point.
  return { id: order.courierServiceId, name: order.serviceName, handover: service?.handover ?? 'drop_off' };
}

async function pointErrors(deps: AppDeps, order: OrderRow, pointId: string | null): Promise<FieldError[]> {
  return dropOffPointErrors(deps.db, pointId, {
    service: await serviceOf(deps, order),
    date: order.collectionDate,
    parcels: order.parcels,
  });
}

/**
 * Before a label: the point the label will name must still take the parcel on its date. Only
 * while the parcel waits to be dropped off; once handed over, the label is history.
 */
export async function assertDropOffStillFine(deps: AppDeps, order: OrderRow): Promise<void> {
  if (!order.dropOffPointId || !awaitingDropOff(order)) return;
  const errors = await pointErrors(deps, order, order.dropOffPointId);
  if (errors.length) {
    throw AppError.validation(
      errors,
      'The drop-off point can no longer take this parcel; choose another first',
    );
  }
}

/**
 * The customer picks another point for a paid order still waiting to be dropped off. Checked as
 * at booking; the timeline records the change and the label names the new point.
 */
export async function changeDropOffPoint(
  deps: AppDeps,
  viewer: { id: string },
  orderId: string,
  pointId: string,
): Promise<OrderRow> {
  const order = await deps.db.query.orders.findFirst({
    where: and(eq(orders.id, orderId), eq(orders.customerId, viewer.id)),
  });
  if (!order) throw AppError.notFound('Order not found');
  if (!order.dropOffPointId) {
    throw AppError.conflict(
      'This order is collected from the door; it has no drop-off point',
      'not_drop_off',
    );
  }
  if (!awaitingDropOff(order)) {
    throw AppError.conflict(
      order.status === 'awaiting_payment'
        ? 'Pay for the order first, or book again with another point'
        : `The order is ${order.status.replace('_', ' ')}: its drop-off point can no longer change`,
      'drop_off_point_fixed',
    );
  }
  const errors = await pointErrors(deps, order, pointId);
  if (errors.length) throw AppError.validation(errors);
  const point = await dropOffPointOfOrder(deps.db, { ...order, dropOffPointId: pointId });
  const now = deps.now();
  const updated = await deps.db.transaction(
    async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ dropOffPointId: pointId, updatedAt: now })
        .where(and(eq(orders.id, orderId), inArray(orders.status, [...AWAITING_DROP_OFF])))
        .returning();
      if (!row) return null;
      await recordOrderEvent(tx, orderId, { id: viewer.id, role: 'customer' }, now, {
        from: row.status,
        to: row.status,
        note: `Drop-off point changed to ${point?.name ?? 'another point'}`,
      });
      return row;
    },
    { behavior: 'immediate' },
  );
  if (!updated) throw AppError.conflict('The order changed meanwhile; reload it', 'order_changed');
  return updated;
}
