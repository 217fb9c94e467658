/**
 * What paying does to an adjustment: accepted or upheld -> paid, in the transaction that records
 * the capture (the payment core writes the ledger: the courier earns the difference, less the
 * commission, like an order's price). Registered at start-up (src/registrations.ts).
 */
import { eq } from 'drizzle-orm';
import { adjustments } from '../../db/schema';
import type { PaymentTarget } from '../payments';
import { moveAdjustment, SYSTEM_ADJUSTMENT_ACTOR } from './adjustments.change';
import { isPayable } from './adjustments.machine';

export const adjustmentPaymentTarget: PaymentTarget = {
  async onCaptured(tx, payment, now) {
    if (!payment.adjustmentId) return 'unfulfillable';
    const row = await tx.query.adjustments.findFirst({ where: eq(adjustments.id, payment.adjustmentId) });
    if (!row) return 'unfulfillable';
    if (!isPayable(row.status)) return row.status === 'paid' ? 'noop' : 'unfulfillable';
    await moveAdjustment(
      tx,
      row.id,
      'pay',
      SYSTEM_ADJUSTMENT_ACTOR,
      'The customer paid the difference',
      now,
      {
        paidAt: now,
      },
    );
    return 'paid';
  },

  async payeesOf(tx, payment) {
    if (!payment.adjustmentId) return [];
    const row = await tx.query.adjustments.findFirst({
      where: eq(adjustments.id, payment.adjustmentId),
      columns: { vendorId: true, orderId: true },
    });
    return row ? [{ vendorId: row.vendorId, orderId: row.orderId, amount: payment.amount }] : [];
  },

  async awaitsCapture(db, payment) {
    if (!payment.adjustmentId) return false;
    const row = await db.query.adjustments.findFirst({
      where: eq(adjustments.id, payment.adjustmentId),
      columns: { status: true },
    });
    return row ? isPayable(row.status) : false;
  },

  // A payment starts only once the difference is owed, and nothing takes that back.
  async refundable() {
    return [];
  },

  async onRefundChanged() {},

  async onRefundedExternally(deps, payment) {
    deps.logger.warn(
      { paymentId: payment.id, adjustmentId: payment.adjustmentId },
      'an adjustment payment was refunded through the payment provider',
    );
  },
};
