/**
 * What paying does to a batch's charge: the charge and its rows become paid in the transaction
 * that records the capture, each row's courier earns its row's share (the payment is split, see
 * docs/payments.md), and after the commit the rows are booked (batches.booking). A charge voided
 * before its capture was recorded cannot be fulfilled, so its payment goes back. Registered with
 * the payment core at start-up (src/registrations.ts).
 */
import { and, eq } from 'drizzle-orm';
import { batchCharges, batchRows, orders, payments } from '../../db/schema';
import { changeOrderStatus, FINAL_STATUSES, SYSTEM_ACTOR } from '../orders';
import type { PaymentTarget } from '../payments';
import { bookPaidRows } from './batches.booking';

export const batchPaymentTarget: PaymentTarget = {
  async onCaptured(tx, payment, now) {
    if (!payment.batchChargeId) return 'unfulfillable';
    const charge = await tx.query.batchCharges.findFirst({
      where: eq(batchCharges.id, payment.batchChargeId),
    });
    if (!charge || charge.status === 'void') return 'unfulfillable';
    if (charge.status === 'paid') return 'noop';
    await tx.update(batchCharges).set({ status: 'paid', paidAt: now }).where(eq(batchCharges.id, charge.id));
    await tx
      .update(batchRows)
      .set({ status: 'paid', updatedAt: now })
      .where(and(eq(batchRows.chargeId, charge.id), eq(batchRows.status, 'valid')));
    return 'paid';
  },

  /** A share per row, earned by its courier; the order the row becomes has the row's id. */
  async payeesOf(tx, payment) {
    if (!payment.batchChargeId) return [];
    const charge = await tx.query.batchCharges.findFirst({
      where: eq(batchCharges.id, payment.batchChargeId),
    });
    // A void charge's money goes straight back: nobody earns it.
    if (charge?.status !== 'paid') return [];
    const rows = await tx.query.batchRows.findMany({ where: eq(batchRows.chargeId, charge.id) });
    return rows.flatMap((row) =>
      row.choice && row.amount
        ? [{ vendorId: row.choice.vendorId, orderId: row.id, amount: row.amount }]
        : [],
    );
  },

  async awaitsCapture(db, payment) {
    if (!payment.batchChargeId) return false;
    const charge = await db.query.batchCharges.findFirst({
      where: eq(batchCharges.id, payment.batchChargeId),
      columns: { status: true },
    });
    return charge?.status === 'open';
  },

  async afterPaid(deps, payment) {
    if (payment.batchChargeId) await bookPaidRows(deps, payment.batchChargeId);
  },

  async refundable(deps) {
    const rows = await deps.db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(batchCharges, eq(batchCharges.id, payments.batchChargeId))
      .where(and(eq(payments.status, 'captured'), eq(batchCharges.status, 'void')));
    return rows.map((r) => r.payment);
  },

  // The couriers' cached figures are by order; a batch's part refunds are of rows never booked.
  async onRefundChanged() {},

  async onRefundedExternally(deps, payment) {
    if (!payment.batchChargeId) return;
    const booked = await deps.db
      .select({ id: orders.id, status: orders.status })
      .from(batchRows)
      .innerJoin(orders, eq(orders.id, batchRows.orderId))
      .where(eq(batchRows.chargeId, payment.batchChargeId));
    // Money that went back cannot pay for deliveries: the orders stop here.
    for (const order of booked) {
      if (FINAL_STATUSES.has(order.status)) continue;
      await changeOrderStatus(deps, order.id, 'cancelled', SYSTEM_ACTOR, {
        note: 'The batch payment was refunded through the payment provider',
      }).catch((err: unknown) =>
        deps.logger.error({ err, orderId: order.id }, 'could not cancel a refunded batch order'),
      );
    }
  },
};
