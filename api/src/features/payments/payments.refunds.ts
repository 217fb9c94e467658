/**
 * Refunds, full or part, once each (docs/payments.md, "Refunds"). A refund is a row written
 * before the provider is asked, carrying the PayPal-Request-Id it will be asked with; the money
 * is recorded (the payment's refunded total, the ledger entries, the credit note and the
 * `payment.refunded` event, in one transaction) only once the provider has answered. So:
 *
 * - asking again (the cancel route, then the reconciler) finds the refund in flight and asks the
 *   provider with the same id, which answers the first refund again instead of making a second;
 * - a process killed between the provider's answer and the commit leaves the row `requested`,
 *   and the reconciler finishes it the same way;
 * - one refund at a time per payment (a partial unique index), so two staff clicks cannot both
 *   refund the remainder.
 */
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Database, Tx } from '../../db/client';
import { payments, refunds } from '../../db/schema';
import type { RefundBearer } from '../../domain/finance';
import { formatMoney } from '../../domain/money';
import { crashPoint } from '../../lib/crash-point';
import { AppError } from '../../lib/errors';
import { publish } from '../../lib/outbox';
import { AlreadyRefundedError } from '../../providers/payments';
import { issueCreditNote, postRefund } from '../ledger';
import { type PaymentRow, paymentTargetFor, subjectOf } from './targets';

/** Outbox events of payments (lib/outbox.ts). */
export const PAYMENT_EVENTS = { refunded: 'payment.refunded' } as const;

/** What `payment.refunded` carries: this refund and where the payment stands after it. */
export type PaymentRefundedData = {
  paymentId: string;
  /** The order the refund is for: the payment's own, or the one a split payment's refund names. */
  orderId: string | null;
  /** A batch's charge the payment paid (docs/batches.md); the refund's order may then be a row never booked. */
  batchChargeId: string | null;
  /** A partner's payment for its returns (features/returns): the partner paid, not the order's customer. */
  returnChargeId?: string | null;
  jobId: string | null;
  refundId: string;
  /** This refund. */
  amount: number;
  currency: string;
  /** Everything refunded of the payment so far, this refund included. */
  refundedTotal: number;
  /** What the customer paid. */
  paid: number;
  /** Whether the payment is now refunded in full. */
  full: boolean;
  bearer: RefundBearer;
  reason: string;
};

export type RefundRow = typeof refunds.$inferSelect;

export type RefundActor = { id: string | null; role: RefundRow['actorRole'] };

export type RefundRequest = {
  /** Minor units; omitted means everything not refunded yet. */
  amount?: number | undefined;
  /** Who bears it: the courier (default) or the platform, as goodwill. */
  bearer?: RefundBearer | undefined;
  /** The order of a split payment (a batch's charge) the money is for; see postRefund. */
  orderId?: string | undefined;
  /** With `orderId`: that order's share of the payment, which its refunds together never pass. */
  share?: number | undefined;
  reason: string;
  actor?: RefundActor;
  /**
   * A person's request (staff): when another refund of the payment opened a moment ago, answer
   * 409 refund_in_progress rather than finish that one as if it were this one.
   */
  exclusive?: boolean;
};

export type RefundOutcome = 'refunded' | 'pending' | 'nothing_to_refund';

export async function loadPayment(db: Database | Tx, id: string): Promise<PaymentRow> {
  const row = await db.query.payments.findFirst({ where: eq(payments.id, id) });
  if (!row) throw new Error(`payment ${id} vanished`);
  return row;
}

/**
 * PayPal-Request-Id of a payment's `seq`th refund. The first keeps the subject-derived id it has
 * always had (`order-<id>-refund`); later ones add their number.
 */
export function refundRequestId(payment: PaymentRow, seq: number): string {
  const subject = subjectOf(payment);
  const base = `${subject.kind}-${subject.id}-refund`;
  return seq === 1 ? base : `${base}-${seq}`;
}

/** The payment's refund still waiting for the provider's answer, if any. */
export function refundInFlight(db: Database | Tx, paymentId: string) {
  return db.query.refunds.findFirst({
    where: and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'requested')),
  });
}

/**
 * Gives back what is left of a captured payment, once (cancellations, the reconciler): a refund
 * already in flight is finished rather than a second one started.
 */
export async function refundPayment(
  deps: AppDeps,
  payment: PaymentRow,
  reason: string,
  request: Omit<RefundRequest, 'reason' | 'amount'> = {},
): Promise<RefundOutcome> {
  const current = await loadPayment(deps.db, payment.id);
  if (current.status === 'refunded') return 'refunded';
  if (current.status !== 'captured' || !current.captureId) return 'nothing_to_refund';
  const inFlight = await refundInFlight(deps.db, current.id);
  const refund = inFlight ?? (await openRefund(deps, current, { ...request, reason }));
  const outcome = await sendRefund(deps, refund);
  // The one in flight may have been a part: whatever is left still goes back.
  if (outcome === 'refunded' && inFlight) return refundPayment(deps, current, reason, request);
  return outcome;
}

/** One order's share of a split payment (a batch's charge): the order and what it cost. */
export type PaymentShare = { orderId: string; amount: number };

/**
 * Gives back one order's share of a split payment, once (a batch order cancelled): what is left
 * of the share after the refunds already naming the order. Another order's refund in flight is
 * finished first (one refund at a time per payment); this order's own in flight is finished
 * rather than a second one started.
 */
export async function refundShare(
  deps: AppDeps,
  payment: PaymentRow,
  share: PaymentShare,
  reason: string,
  request: Omit<RefundRequest, 'reason' | 'amount' | 'orderId'> = {},
): Promise<RefundOutcome> {
  const current = await loadPayment(deps.db, payment.id);
  if (current.status !== 'captured' || !current.captureId) {
    return current.status === 'refunded' ? 'refunded' : 'nothing_to_refund';
  }
  const inFlight = await refundInFlight(deps.db, current.id);
  if (inFlight) {
    const outcome = await sendRefund(deps, inFlight);
    if (inFlight.orderId === share.orderId || outcome !== 'refunded') return outcome;
  }
  const named = await deps.db.query.refunds.findMany({
    where: and(
      eq(refunds.paymentId, current.id),
      eq(refunds.orderId, share.orderId),
      eq(refunds.status, 'completed'),
    ),
  });
  const left = share.amount - named.reduce((sum, r) => sum + r.amount, 0);
  const after = await loadPayment(deps.db, current.id);
  const amount = Math.min(left, after.amount - after.refundedAmount);
  if (amount <= 0) return named.length ? 'refunded' : 'nothing_to_refund';
  const refund = await openRefund(deps, after, { ...request, reason, amount, orderId: share.orderId });
  return sendRefund(deps, refund);
}

/**
 * A refund staff (or anyone with the right) asked for: a part or the rest, borne by the courier
 * or the platform. 409 while another refund of the payment is in flight, or when nothing is
 * left; 422 for an amount over what is left.
 */
const refundInProgress = () =>
  new AppError(409, 'A refund of this payment is already on its way; try again in a moment', {
    code: 'refund_in_progress',
    headers: { 'Retry-After': '30' },
  });

export async function requestRefund(
  deps: AppDeps,
  payment: PaymentRow,
  request: RefundRequest,
): Promise<{ outcome: Exclude<RefundOutcome, 'nothing_to_refund'>; refund: RefundRow }> {
  const current = await loadPayment(deps.db, payment.id);
  if (current.status === 'refunded') {
    throw AppError.conflict('The payment is already refunded in full', 'already_refunded');
  }
  if (current.status !== 'captured' || !current.captureId) {
    throw AppError.conflict('There is no captured payment to refund', 'nothing_to_refund');
  }
  if (await refundInFlight(deps.db, current.id)) throw refundInProgress();
  const refund = await openRefund(deps, current, request);
  const outcome = await sendRefund(deps, refund);
  const settled = (await deps.db.query.refunds.findFirst({ where: eq(refunds.id, refund.id) })) ?? refund;
  return { outcome: outcome === 'nothing_to_refund' ? 'refunded' : outcome, refund: settled };
}

/** 422 for more than is left of an order's share of a split payment, in money a person reads. */
export function shareExceeded(left: number, currency: PaymentRow['currency']) {
  const most = formatMoney({ amount: Math.max(0, left), currency });
  return new AppError(
    422,
    `At most ${most} of this order can be refunded (its share of the batch payment, less what was refunded)`,
    {
      code: 'refund_amount_invalid',
      errors: [{ path: 'amount', message: `At most ${most} can be refunded of this order` }],
    },
  );
}

/** Writes the refund row (the intent, with its request id) and commits it before the provider is asked. */
async function openRefund(deps: AppDeps, payment: PaymentRow, request: RefundRequest): Promise<RefundRow> {
  const remaining = payment.amount - payment.refundedAmount;
  const amount = request.amount ?? remaining;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining) {
    throw new AppError(422, `The refund must be between 1 and ${remaining} (what is left of the payment)`, {
      code: 'refund_amount_invalid',
      errors: [{ path: 'amount', message: `must be a whole number of minor units from 1 to ${remaining}` }],
    });
  }
  const now = deps.now();
  try {
    return await deps.db.transaction(
      async (tx) => {
        if (request.orderId && request.share !== undefined) {
          // Checked under the write lock: two refunds of one order cannot together pass its share.
          const [named] = await tx
            .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)` })
            .from(refunds)
            .where(
              and(
                eq(refunds.paymentId, payment.id),
                eq(refunds.orderId, request.orderId),
                ne(refunds.status, 'failed'),
              ),
            );
          const left = request.share - (named?.sum ?? 0);
          if (amount > left) throw shareExceeded(left, payment.currency);
        }
        const [last] = await tx
          .select({ seq: sql<number>`coalesce(max(${refunds.seq}), 0)` })
          .from(refunds)
          .where(eq(refunds.paymentId, payment.id));
        const seq = (last?.seq ?? 0) + 1;
        const [row] = await tx
          .insert(refunds)
          .values({
            paymentId: payment.id,
            seq,
            orderId: request.orderId ?? null,
            amount,
            currency: payment.currency,
            bearer: request.bearer ?? 'courier',
            reason: request.reason,
            actorId: request.actor?.id ?? null,
            actorRole: request.actor?.role ?? 'system',
            requestId: refundRequestId(payment, seq),
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error('refund row was not written');
        return row;
      },
      { behavior: 'immediate' },
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Another request opened one a moment ago (the one-in-flight index): finish that one instead.
    const other = await refundInFlight(deps.db, payment.id);
    if (other && request.exclusive) throw refundInProgress();
    if (other) return other;
    throw err;
  }
}

/**
 * Asks the provider for a refund already written, with its request id, and records the answer.
 * An answer that cannot be had now leaves the refund in flight for the reconciler.
 */
export async function sendRefund(deps: AppDeps, refund: RefundRow): Promise<RefundOutcome> {
  const payment = await loadPayment(deps.db, refund.paymentId);
  if (!payment.captureId) return 'nothing_to_refund';
  let providerRefundId: string | null;
  try {
    const answer = await deps.payments.refund(payment.captureId, {
      amount: refund.amount,
      currency: refund.currency,
      requestId: refund.requestId,
    });
    if (answer.status === 'FAILED' || answer.status === 'CANCELLED') {
      deps.logger.error(
        { paymentId: payment.id, refundId: refund.id, answer },
        'refund failed at the provider',
      );
      await deps.db
        .update(refunds)
        .set({ status: 'failed', failureReason: `refund ${answer.status}`, completedAt: deps.now() })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')));
      return 'pending';
    }
    providerRefundId = answer.refundId;
  } catch (err) {
    if (!(err instanceof AlreadyRefundedError)) {
      deps.logger.warn(
        { err, paymentId: payment.id, refundId: refund.id },
        'refund not made now; the reconciler will retry',
      );
      return 'pending';
    }
    // Refunded in full at the provider already (before we heard of it): nothing more can go back.
    providerRefundId = null;
  }
  crashPoint('refund:after-provider');
  await completeRefund(deps, refund, providerRefundId);
  return 'refunded';
}

/**
 * Records a refund the provider made: the refund row, the payment's refunded total (and its
 * status once everything went back), the ledger, the credit note and the event, in one
 * transaction, once.
 */
export async function completeRefund(
  deps: AppDeps,
  refund: RefundRow,
  providerRefundId: string | null,
): Promise<boolean> {
  const now = deps.now();
  const payment = await deps.db.transaction(
    async (tx) => {
      const [done] = await tx
        .update(refunds)
        .set({ status: 'completed', providerRefundId, completedAt: now })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'requested')))
        .returning();
      if (!done) return null;
      return recordRefunded(tx, done, now);
    },
    { behavior: 'immediate' },
  );
  if (!payment) return false;
  await paymentTargetFor(subjectOf(payment).kind).onRefundChanged(deps.db, payment);
  deps.logger.info({ paymentId: payment.id, refundId: refund.id, amount: refund.amount }, 'refund recorded');
  return true;
}

/** The money of a completed refund row, inside its transaction. Answers the payment as it now stands. */
async function recordRefunded(tx: Tx, refund: RefundRow, now: Date): Promise<PaymentRow> {
  const before = await loadPayment(tx, refund.paymentId);
  const refundedTotal = Math.min(before.amount, before.refundedAmount + refund.amount);
  const full = refundedTotal >= before.amount;
  const [payment] = await tx
    .update(payments)
    .set({
      refundedAmount: refundedTotal,
      updatedAt: now,
      ...(full ? { status: 'refunded' as const, refundId: refund.providerRefundId, refundedAt: now } : {}),
    })
    .where(eq(payments.id, before.id))
    .returning();
  if (!payment) throw new Error(`payment ${before.id} vanished under a write lock`);
  const facts = { ...refund, currency: payment.currency };
  await postRefund(tx, facts, now);
  await issueCreditNote(tx, facts, payment, now);
  const data: PaymentRefundedData = {
    paymentId: payment.id,
    orderId: refund.orderId ?? payment.orderId,
    jobId: payment.jobId,
    batchChargeId: payment.batchChargeId,
    returnChargeId: payment.returnChargeId,
    refundId: refund.id,
    amount: refund.amount,
    currency: payment.currency,
    refundedTotal,
    paid: payment.amount,
    full,
    bearer: refund.bearer,
    reason: refund.reason,
  };
  // Once, with the money: the emails and partners' webhooks (order.refunded) are subscribers.
  await publish(tx, PAYMENT_EVENTS.refunded, data, now);
  return payment;
}

/**
 * A refund the provider reports that Consign did not ask for (made in PayPal's dashboard), or
 * ours whose answer we never recorded: the refund in flight of the same amount is that one.
 * Answers the payment after it, or null when it was recorded already or nothing was left.
 */
export async function recordProviderRefund(
  deps: AppDeps,
  payment: PaymentRow,
  providerRefundId: string,
  amount: number,
): Promise<{ payment: PaymentRow; full: boolean } | null> {
  const known = await deps.db.query.refunds.findFirst({
    where: eq(refunds.providerRefundId, providerRefundId),
  });
  if (known) return null;
  const inFlight = await refundInFlight(deps.db, payment.id);
  if (inFlight && inFlight.amount === amount) {
    if (!(await completeRefund(deps, inFlight, providerRefundId))) return null;
    const after = await loadPayment(deps.db, payment.id);
    return { payment: after, full: after.status === 'refunded' };
  }
  const now = deps.now();
  const after = await deps.db.transaction(
    async (tx) => {
      const current = await loadPayment(tx, payment.id);
      const left = current.amount - current.refundedAmount;
      if (current.status !== 'captured' || left <= 0) return null;
      const [last] = await tx
        .select({ seq: sql<number>`coalesce(max(${refunds.seq}), 0)` })
        .from(refunds)
        .where(eq(refunds.paymentId, current.id));
      const [row] = await tx
        .insert(refunds)
        .values({
          paymentId: current.id,
          seq: (last?.seq ?? 0) + 1,
          amount: Math.min(amount, left),
          currency: current.currency,
          bearer: 'courier',
          reason: 'Refunded through the payment provider',
          actorRole: 'system',
          status: 'completed',
          requestId: `external-${providerRefundId}`,
          providerRefundId,
          createdAt: now,
          completedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      return recordRefunded(tx, row, now);
    },
    { behavior: 'immediate' },
  );
  if (!after) return null;
  await paymentTargetFor(subjectOf(after).kind).onRefundChanged(deps.db, after);
  return { payment: after, full: after.status === 'refunded' };
}

/** Refunds still waiting for the provider's answer after `minAgeMs`: the reconciler asks again. */
export async function refundsInFlight(deps: AppDeps, minAgeMs: number): Promise<RefundRow[]> {
  return deps.db
    .select()
    .from(refunds)
    .where(
      and(eq(refunds.status, 'requested'), lte(refunds.createdAt, new Date(deps.now().getTime() - minAgeMs))),
    );
}
