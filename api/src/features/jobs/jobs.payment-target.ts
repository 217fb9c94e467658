/**
 * What paying does to a job: awaiting_payment -> open, in the transaction that records the
 * capture, with a fresh 7 days for couriers to accept it. A job withdrawn or expired before its
 * capture was recorded cannot be fulfilled, so the payment core refunds it.
 * Registered with the payment core at start-up (src/registrations.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { jobs, orders, payments } from '../../db/schema';
import { bumpVendorOrdersOfPayment, changeOrderStatus, FINAL_STATUSES, SYSTEM_ACTOR } from '../orders';
import type { PaymentTarget } from '../payments';
import { changeJob, moveJob } from './jobs.change';
import { JOB_TTL_MS } from './jobs.service';

export const jobPaymentTarget: PaymentTarget = {
  async onCaptured(tx, payment, now) {
    if (!payment.jobId) return 'unfulfillable';
    const job = await tx.query.jobs.findFirst({ where: eq(jobs.id, payment.jobId) });
    if (!job || job.status === 'withdrawn' || job.status === 'expired') return 'unfulfillable';
    if (job.status !== 'awaiting_payment') return 'noop';
    // Paid even if its unpaid week ran out a moment ago: the customer paid, so it opens. The
    // customer's confirmation and the couriers' notices are outbox subscribers (jobs.notify).
    const move = await moveJob(
      tx,
      {
        jobId: job.id,
        to: 'open',
        actor: 'system',
        set: { paidAt: now, expiresAt: new Date(now.getTime() + JOB_TTL_MS) },
      },
      now,
    );
    // The immediate transaction holds the write lock since the job was read, so this holds.
    if (!move.moved) throw new Error(`job ${job.id} changed under a write lock`);
    return 'paid';
  },

  /** Nobody yet: the money waits unassigned until a courier accepts the job (jobs.vendor). */
  async payeesOf() {
    return [];
  },

  async awaitsCapture(db, payment) {
    if (!payment.jobId) return false;
    const job = await db.query.jobs.findFirst({
      where: eq(jobs.id, payment.jobId),
      columns: { status: true },
    });
    return job?.status === 'awaiting_payment';
  },

  /**
   * Captured job payments with nothing to pay for: the job was withdrawn or expired, or the order
   * it became was cancelled (cancelling refunds at once; this catches a refund that failed then).
   */
  async refundable(deps) {
    const closed = await deps.db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(jobs, eq(jobs.id, payments.jobId))
      .where(and(eq(payments.status, 'captured'), inArray(jobs.status, ['withdrawn', 'expired'])));
    const cancelledOrders = await deps.db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(jobs, eq(jobs.id, payments.jobId))
      .innerJoin(orders, eq(orders.id, jobs.orderId))
      .where(
        and(eq(payments.status, 'captured'), eq(jobs.status, 'accepted'), eq(orders.status, 'cancelled')),
      );
    return [...closed, ...cancelledOrders].map((r) => r.payment);
  },

  /** The order the job became, if any, earns what the job's payment brought. */
  onRefundChanged: bumpVendorOrdersOfPayment,

  /** Refunded at the provider (e.g. in PayPal's dashboard): the job, or its order, stops here. */
  async onRefundedExternally(deps, payment) {
    if (!payment.jobId) return;
    const job = await deps.db.query.jobs.findFirst({ where: eq(jobs.id, payment.jobId) });
    if (!job) return;
    if (job.status === 'awaiting_payment' || job.status === 'open') {
      // Closed like any withdrawal, so the customer is told (the mail reads the refund as made).
      await changeJob(deps, { jobId: job.id, to: 'withdrawn', actor: 'system' });
      return;
    }
    if (job.status !== 'accepted' || !job.orderId) return;
    const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, job.orderId) });
    if (!order || FINAL_STATUSES.has(order.status)) return;
    await changeOrderStatus(deps, order.id, 'cancelled', SYSTEM_ACTOR, {
      note: 'The payment was refunded through the payment provider',
    }).catch((err: unknown) =>
      deps.logger.error({ err, orderId: order.id }, 'could not cancel a refunded job order'),
    );
  },
};
