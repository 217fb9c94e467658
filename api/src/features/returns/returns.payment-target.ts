/**
 * What paying does to a partner's return charge (docs/claims-and-returns.md, "Charging the
 * partner"): the charge becomes paid in the transaction that records the capture, with its audit
 * row and `return_charge.paid` (the partner's receipt mail), and each return order's courier earns
 * that order's total less the commission, as for any paid order (the payment is split, one share
 * per return; docs/payments.md). A charge voided before its capture was recorded, or holding a
 * return cancelled since the payment started, cannot be fulfilled: its payment goes back.
 * Registered with the payment core at start-up (src/registrations.ts).
 */
import { and, eq } from 'drizzle-orm';
import { auditLog, payments, returnCharges } from '../../db/schema';
import { publish } from '../../lib/outbox';
import type { PaymentTarget } from '../payments';
import { chargeReturns, RETURN_CHARGE_EVENTS, type ReturnChargePaidData } from './returns.charges';

export const returnChargePaymentTarget: PaymentTarget = {
  async onCaptured(tx, payment, now) {
    if (!payment.returnChargeId) return 'unfulfillable';
    const charge = await tx.query.returnCharges.findFirst({
      where: eq(returnCharges.id, payment.returnChargeId),
    });
    if (!charge || charge.status === 'void') return 'unfulfillable';
    if (charge.status === 'paid') return 'noop';
    const rows = await chargeReturns(tx, charge.id);
    const total = rows.reduce((sum, r) => sum + r.order.total, 0);
    // A return cancelled (or re-charged) since the payment started: the charge no longer says what is owed.
    if (
      rows.length !== charge.returnCount ||
      total !== payment.amount ||
      rows.some((r) => r.order.status === 'cancelled')
    ) {
      await tx.update(returnCharges).set({ status: 'void' }).where(eq(returnCharges.id, charge.id));
      return 'unfulfillable';
    }
    await tx
      .update(returnCharges)
      .set({ status: 'paid', paidAt: now })
      .where(eq(returnCharges.id, charge.id));
    await tx.insert(auditLog).values({
      actorId: null,
      actorEmail: `partner ${charge.partnerId}`,
      action: 'return_charge.paid',
      entityType: 'partner',
      entityId: charge.partnerId,
      before: null,
      after: {
        chargeId: charge.id,
        paymentId: payment.id,
        amount: charge.amount,
        returnOrderIds: rows.map((r) => r.order.id),
      },
      reason: 'The partner paid for the returns it owed',
      createdAt: now,
    });
    const data: ReturnChargePaidData = { chargeId: charge.id, partnerId: charge.partnerId };
    await publish(tx, RETURN_CHARGE_EVENTS.paid, data, now);
    return 'paid';
  },

  /** A share per return, earned by its order's courier: the order's total. */
  async payeesOf(tx, payment) {
    if (!payment.returnChargeId) return [];
    const charge = await tx.query.returnCharges.findFirst({
      where: eq(returnCharges.id, payment.returnChargeId),
    });
    // A void charge's money goes straight back: nobody earns it.
    if (charge?.status !== 'paid') return [];
    const rows = await chargeReturns(tx, charge.id);
    return rows.map((r) => ({ vendorId: r.order.vendorId, orderId: r.order.id, amount: r.order.total }));
  },

  async awaitsCapture(db, payment) {
    if (!payment.returnChargeId) return false;
    const charge = await db.query.returnCharges.findFirst({
      where: eq(returnCharges.id, payment.returnChargeId),
      columns: { status: true },
    });
    return charge?.status === 'open';
  },

  async refundable(deps) {
    const rows = await deps.db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(returnCharges, eq(returnCharges.id, payments.returnChargeId))
      .where(and(eq(payments.status, 'captured'), eq(returnCharges.status, 'void')));
    return rows.map((r) => r.payment);
  },

  // A cancelled return's share is given back order by order (orders.change); nothing is cached.
  async onRefundChanged() {},

  /** The partner took its money back through the provider: the returns are owed again. */
  async onRefundedExternally(deps, payment) {
    if (!payment.returnChargeId) return;
    await deps.db
      .update(returnCharges)
      .set({ status: 'void' })
      .where(and(eq(returnCharges.id, payment.returnChargeId), eq(returnCharges.status, 'paid')));
  },
};
