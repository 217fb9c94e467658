/**
 * The payments reconciler: puts right what a crash, a lost answer or a missed webhook left
 * half done. Safe to run at any time, as often as wanted, from several processes at once:
 * everything it does goes through the same exactly-once steps as the routes.
 *
 * 1. Payments still `created` whose provider order is COMPLETED at the provider (captured there,
 *    never recorded here): the capture is recorded, so the order becomes pending exactly once.
 *    Those the buyer APPROVED but nobody captured (the browser closed, the webhook missed) are
 *    captured now, when what they pay for still awaits payment (payments.server-capture).
 * 2. Refunds asked for whose answer was never recorded (a crash, a timeout): asked again with
 *    their own request id, so the provider answers the refund it made instead of a second one.
 * 3. Captured payments whose subject can no longer be fulfilled (a cancelled order, or whatever
 *    a registered target reports): refunded, with the subject-derived refund request id.
 * 4. Expired idempotency keys are deleted.
 */
import { and, eq, gte, lte } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { payments } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { purgeExpiredIdempotencyKeys } from '../../lib/idempotency';
import { type Sweep, startSweep } from '../../lib/sweep';
import { PaymentNotFoundError } from '../../providers/payments';
import { refundPayment, refundsInFlight, sendRefund } from './payments.refunds';
import { captureApproved } from './payments.server-capture';
import { markFailed, recordCapture } from './payments.service';
import { registeredPaymentTargets } from './targets';

export type ReconcileOptions = {
  /** Leave payments younger than this to the request that is handling them (default 2 minutes). */
  minAgeMs?: number;
  /** Provider orders older than this cannot be captured any more (default 7 days). */
  maxAgeMs?: number;
};

export type ReconcileSummary = {
  checked: number;
  /** Approved payments the reconciler captured itself. */
  captured: number;
  completed: number;
  failed: number;
  refunded: number;
  refundsPending: number;
  errors: number;
  idempotencyKeysPurged: number;
};

export const RECONCILE_INTERVAL_MS = 5 * 60 * 1000;

export async function reconcilePayments(
  deps: AppDeps,
  options: ReconcileOptions = {},
): Promise<ReconcileSummary> {
  const { db, logger } = deps;
  const now = deps.now();
  const minAge = options.minAgeMs ?? 2 * 60 * 1000;
  const maxAge = options.maxAgeMs ?? 7 * 24 * 60 * 60 * 1000;
  const summary: ReconcileSummary = {
    checked: 0,
    captured: 0,
    completed: 0,
    failed: 0,
    refunded: 0,
    refundsPending: 0,
    errors: 0,
    idempotencyKeysPurged: 0,
  };

  const open = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'created'),
        // Only the provider in use can be asked; orders of a provider switched off stay as they are.
        eq(payments.provider, deps.payments.name),
        lte(payments.createdAt, new Date(now.getTime() - minAge)),
        gte(payments.createdAt, new Date(now.getTime() - maxAge)),
      ),
    );
  for (const payment of open) {
    summary.checked++;
    try {
      const remote = await deps.payments.getOrder(payment.providerOrderId);
      if (!remote.captureId) {
        if (remote.status === 'APPROVED' && (await captureApprovedLater(deps, payment)) === 'captured') {
          summary.captured++;
          logger.warn({ paymentId: payment.id }, 'reconciler captured an approved payment nobody captured');
        }
        continue;
      }
      if (remote.amount !== payment.amount || remote.currency !== payment.currency) {
        logger.error(
          { paymentId: payment.id, remote },
          'reconciler: provider order differs from the payment',
        );
        summary.errors++;
        continue;
      }
      if (remote.captureState === 'DECLINED' || remote.captureState === 'FAILED') {
        if (await markFailed(deps, payment, `capture ${remote.captureState}`)) summary.failed++;
        continue;
      }
      if (remote.captureState === 'PENDING') continue;
      const { recorded } = await recordCapture(deps, payment.id, remote.captureId);
      if (recorded) {
        summary.completed++;
        logger.warn(
          { paymentId: payment.id, captureId: remote.captureId },
          'reconciler recorded a missed capture',
        );
      }
    } catch (err) {
      if (err instanceof PaymentNotFoundError) {
        if (await markFailed(deps, payment, 'unknown to the provider')) summary.failed++;
        continue;
      }
      summary.errors++;
      logger.error({ err, paymentId: payment.id }, 'reconciler could not check a payment');
    }
  }

  for (const refund of await refundsInFlight(deps, minAge)) {
    const payment = await db.query.payments.findFirst({ where: eq(payments.id, refund.paymentId) });
    // Only the provider in use can be asked.
    if (payment?.provider !== deps.payments.name) continue;
    try {
      const outcome = await sendRefund(deps, refund);
      if (outcome === 'refunded') summary.refunded++;
      else if (outcome === 'pending') summary.refundsPending++;
    } catch (err) {
      summary.errors++;
      logger.error({ err, refundId: refund.id }, 'reconciler could not finish a refund');
    }
  }

  for (const target of registeredPaymentTargets()) {
    let refundable: Awaited<ReturnType<typeof target.refundable>>;
    try {
      refundable = await target.refundable(deps);
    } catch (err) {
      summary.errors++;
      logger.error({ err }, 'reconciler could not list refundable payments');
      continue;
    }
    for (const payment of refundable) {
      // The provider in use is the only one that can be asked to refund.
      if (payment.provider !== deps.payments.name) continue;
      const outcome = await refundPayment(deps, payment, 'cannot be fulfilled (reconciler)');
      if (outcome === 'refunded') summary.refunded++;
      else if (outcome === 'pending') summary.refundsPending++;
    }
  }

  summary.idempotencyKeysPurged = await purgeExpiredIdempotencyKeys(db, now);
  if (summary.captured || summary.completed || summary.refunded || summary.failed || summary.errors) {
    logger.info(summary, 'payments reconciled');
  }
  return summary;
}

/**
 * Captures an approval left behind. A capture under way elsewhere (the buyer's return) is left to
 * its holder; a refusal (declined, cancelled meanwhile) is the answer until the buyer acts again.
 */
async function captureApprovedLater(deps: AppDeps, payment: Parameters<typeof captureApproved>[1]) {
  try {
    return await captureApproved(deps, payment, { waitMs: 0 });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      deps.logger.info({ paymentId: payment.id, code: err.code }, 'reconciler did not capture an approval');
      return 'refused';
    }
    throw err;
  }
}

/** Runs the reconciler every `intervalMs` in this process (main.ts); see startSweep. */
export function startPaymentReconciler(deps: AppDeps, intervalMs = RECONCILE_INTERVAL_MS): Sweep {
  return startSweep('payments reconciler', intervalMs, () => reconcilePayments(deps), deps.logger);
}
