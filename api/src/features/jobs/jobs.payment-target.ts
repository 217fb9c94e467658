/**
 * What paying does to a job: awaiting_payment -> open, in the transaction that records the
 * capture, with a fresh 7 days for couriers to accept it. A job withdrawn or expired before its
 * capture was recorded cannot be fulfilled, so the payment core refunds it.
 *
 * Registered on import; jobs.index.ts imports this module, so every process that mounts the
 * routes (and the reconcile script, which loads every feature) knows job payments.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { jobs, orders, payments } from '../../db/schema';
import { changeOrderStatus, FINAL_STATUSES, SYSTEM_ACTOR } from '../orders';
import { type PaymentTarget, registerPaymentTarget } from '../payments';
import { jobPostedEmail, notifyJobCustomer, notifyVendorsOfNewJob } from './jobs.notify';
import { JOB_TTL_MS } from './jobs.service';

export const jobPaymentTarget: PaymentTarget = {
  async onCaptured(tx, payment, now) {
    if (!payment.jobId) return 'unfulfillable';
    const job = await tx.query.jobs.findFirst({ where: eq(jobs.id, payment.jobId) });
    if (!job || job.status === 'withdrawn' || job.status === 'expired') return 'unfulfillable';
    if (job.status !== 'awaiting_payment') return 'noop';
    // Paid even if its unpaid week ran out a moment ago: the customer paid, so it opens.
    const [opened] = await tx
      .update(jobs)
      .set({ status: 'open', paidAt: now, expiresAt: new Date(now.getTime() + JOB_TTL_MS), updatedAt: now })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'awaiting_payment')))
      .returning({ id: jobs.id });
    // The immediate transaction holds the write lock since the job was read, so this holds.
    if (!opened) throw new Error(`job ${job.id} changed under a write lock`);
    return 'paid';
  },

  async afterPaid(deps, payment) {
    if (!payment.jobId) return;
    const job = await deps.db.query.jobs.findFirst({ where: eq(jobs.id, payment.jobId) });
    if (!job) return;
    await notifyJobCustomer(deps, job, (to, link) => jobPostedEmail(to, job, link), 'job posted');
    if (job.status === 'open') await notifyVendorsOfNewJob(deps, job);
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

  /** Refunded at the provider (e.g. in PayPal's dashboard): the job, or its order, stops here. */
  async onRefundedExternally(deps, payment) {
    if (!payment.jobId) return;
    const job = await deps.db.query.jobs.findFirst({ where: eq(jobs.id, payment.jobId) });
    if (!job) return;
    if (job.status === 'awaiting_payment' || job.status === 'open') {
      const now = deps.now();
      await deps.db
        .update(jobs)
        .set({ status: 'withdrawn', closedAt: now, updatedAt: now })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, job.status)));
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

registerPaymentTarget('job', jobPaymentTarget);
