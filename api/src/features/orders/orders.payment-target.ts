/**
 * What paying does to an order: awaiting_payment -> pending with a tracking number, in the
 * transaction that records the capture, with its outbox event (the customer's confirmation and
 * the vendor's new-order email are subscribers). An order cancelled before its capture was recorded cannot be fulfilled, so
 * its payment goes back. Registered with the payment core at start-up (src/registrations.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { publish } from '../../lib/outbox';
import type { CaptureFate, PaymentTarget } from '../payments';
import {
  applyTransition,
  bumpVendorOrdersOfPayment,
  SYSTEM_ACTOR,
  uniqueTrackingNumber,
} from './order-store';
import { ORDER_EVENTS } from './orders.notify';
import { changeOrderStatus } from './orders.service';
import { FINAL_STATUSES } from './status';

/**
 * An order awaiting payment becomes pending with a tracking number and its `order.paid` event,
 * inside the caller's immediate transaction (its own payment's capture, or a batch charge's
 * booking of a paid row). 'unfulfillable': gone or cancelled; 'noop': paid already.
 */
export async function markOrderPaid(
  tx: Tx,
  orderId: string,
  now: Date,
  /** What the timeline says paid it: a capture, or a partner's return policy (features/returns). */
  note = 'Payment received',
): Promise<CaptureFate> {
  const order = await tx.query.orders.findFirst({ where: eq(orders.id, orderId) });
  if (!order || order.status === 'cancelled') return 'unfulfillable';
  if (order.status !== 'awaiting_payment') return 'noop';
  const trackingNumber = order.trackingNumber ?? (await uniqueTrackingNumber(tx));
  const moved = await applyTransition(tx, order, 'pending', SYSTEM_ACTOR, now, {
    note,
    set: { paidAt: now, trackingNumber },
  });
  // The immediate transaction holds the write lock since the order was read, so this holds.
  if (!moved) throw new Error(`order ${order.id} changed under a write lock`);
  // The customer's confirmation and the vendor's notice are outbox subscribers (orders.notify).
  await publish(tx, ORDER_EVENTS.paid, { orderId: order.id }, now);
  return 'paid';
}

export const orderPaymentTarget: PaymentTarget = {
  async onCaptured(tx, payment, now) {
    if (!payment.orderId) return 'unfulfillable';
    return markOrderPaid(tx, payment.orderId, now);
  },

  async payeesOf(tx, payment) {
    if (!payment.orderId) return [];
    const order = await tx.query.orders.findFirst({
      where: eq(orders.id, payment.orderId),
      columns: { id: true, vendorId: true },
    });
    return order ? [{ vendorId: order.vendorId, orderId: order.id, amount: payment.amount }] : [];
  },

  async awaitsCapture(db, payment) {
    if (!payment.orderId) return false;
    const order = await db.query.orders.findFirst({
      where: eq(orders.id, payment.orderId),
      columns: { status: true },
    });
    return order?.status === 'awaiting_payment';
  },

  async refundable(deps) {
    const rows = await deps.db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.status, 'captured'), eq(orders.status, 'cancelled')));
    return rows.map((r) => r.payment);
  },

  onRefundChanged: bumpVendorOrdersOfPayment,

  async onRefundedExternally(deps, payment) {
    if (!payment.orderId) return;
    const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, payment.orderId) });
    if (!order || FINAL_STATUSES.has(order.status)) return;
    // Money that went back cannot pay for a delivery: the order stops here.
    await changeOrderStatus(deps, order.id, 'cancelled', SYSTEM_ACTOR, {
      note: 'The payment was refunded through the payment provider',
    }).catch((err: unknown) =>
      deps.logger.error({ err, orderId: order.id }, 'could not cancel a refunded order'),
    );
  },
};
