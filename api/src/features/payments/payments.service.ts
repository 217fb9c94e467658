/**
 * The payment core, for orders and jobs alike: one provider order per subject, one capture
 * recorded however often and from wherever it is asked, refunds that happen once.
 *
 * Three guards make "once" hold, from the outside in:
 * 1. A claim in the database (`capture_started_at`, set by a conditional update) lets one request
 *    among many simultaneous ones — in this process or another — talk to the provider; the others
 *    wait for its result.
 * 2. Provider request ids are derived from the subject (`order-<id>-capture-<attempt>`), never from
 *    the attempt at hand, so even two calls that do reach the provider get one capture.
 * 3. Recording is a conditional update (`… WHERE status = 'created'`) inside an immediate
 *    transaction together with the subject's change, and capture ids are unique: a capture reported
 *    by the capture call, the webhook and the reconciler is recorded by whichever comes first.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { crashPoint } from '../../lib/crash-point';
import { AppError } from '../../lib/errors';
import { jsonRowReader } from '../../lib/json-row';
import {
  AlreadyCapturedError,
  OrderNotApprovedError,
  type PaymentCurrency,
  PaymentDeclinedError,
  type PaymentItem,
  type PaymentOrder,
  PaymentProviderError,
  paymentErrorToAppError,
} from '../../providers/payments';
import { issueReceipt, postCapture } from '../ledger';
import { loadPayment, refundPayment } from './payments.refunds';
import { type PaymentRow, type PaymentSubject, paymentTargetFor, subjectOf } from './targets';

export { PAYMENT_EVENTS } from './payments.refunds';

export type { PaymentRow, PaymentSubject };

/** How long a capture claim holds before another request may take over (its holder died). */
export const CAPTURE_CLAIM_TTL_MS = 2 * 60 * 1000;
/** How long a request that did not get the claim waits for the holder's result. */
export const CAPTURE_WAIT_MS = 20_000;
const CAPTURE_POLL_MS = 50;

export const PAYMENT_DECLINED_MESSAGE = 'Payment failed. Please try again.';

/**
 * PayPal-Request-Id for a money movement of a subject. `attempt` moves only after a definitive
 * failure (nothing was paid), so a retry of an unknown outcome repeats the id and cannot pay twice.
 */
export function providerRequestId(
  subject: PaymentSubject,
  action: 'create' | 'capture' | 'refund',
  attempt?: number,
): string {
  return `${subject.kind}-${subject.id}-${action}${attempt === undefined ? '' : `-${attempt}`}`;
}

/** The payments column that names a subject of each kind. */
const SUBJECT_COLUMNS = {
  order: payments.orderId,
  job: payments.jobId,
  batch: payments.batchChargeId,
  adjustment: payments.adjustmentId,
  return_charge: payments.returnChargeId,
} as const;

const subjectColumn = (subject: PaymentSubject) => eq(SUBJECT_COLUMNS[subject.kind], subject.id);

export async function findPayment(db: Database, subject: PaymentSubject): Promise<PaymentRow | undefined> {
  return db.query.payments.findFirst({ where: subjectColumn(subject) });
}

const PAYMENT_ROWS = jsonRowReader(payments);

/** The payments of several subjects of one kind, in one query (for a page of a list). */
export async function findPayments(
  db: Database,
  kind: PaymentSubject['kind'],
  ids: readonly string[],
): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  // One JSON column per row (lib/json-row.ts): a list page's payments cost a fraction of the
  // driver's and drizzle's work on every column.
  return PAYMENT_ROWS.whereIn(db, SUBJECT_COLUMNS[kind], ids);
}

const reload = loadPayment;

/** The provider's failure as our problem: declines are 402 with the customer-facing message. */
export function providerProblem(error: unknown): unknown {
  if (error instanceof PaymentDeclinedError) {
    return new AppError(402, PAYMENT_DECLINED_MESSAGE, { code: 'payment_declined' });
  }
  if (error instanceof PaymentProviderError) return paymentErrorToAppError(error);
  return error;
}

export type PaymentDetails = {
  amount: number;
  currency: PaymentCurrency;
  /** Shown to the buyer by the provider. */
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** The lines of the amount, shown to the buyer by the provider (a batch's rows). */
  items?: readonly PaymentItem[] | undefined;
};

/**
 * The subject's provider order, created once. A second call (a reload, a double click, another
 * process) returns the same row: the create request id is derived from the subject, so even two
 * simultaneous creates get one provider order, and the unique subject column keeps one row.
 * A payment that failed for good (denied, expired), or one made with a provider that is no longer
 * configured, is replaced by a new provider order.
 */
export async function ensureProviderPayment(
  deps: AppDeps,
  subject: PaymentSubject,
  details: PaymentDetails,
): Promise<PaymentRow> {
  const { db, payments: provider } = deps;
  const existing = await findPayment(db, subject);
  const stale =
    existing?.status === 'failed' || (existing?.status === 'created' && existing.provider !== provider.name);
  if (existing && !stale) return existing;

  const attempt = existing ? existing.attempt : 1;
  const requestId = providerRequestId(subject, 'create', attempt);
  let created: Awaited<ReturnType<typeof provider.createOrder>>;
  try {
    created = await provider.createOrder({ reference: subject.id, requestId, ...details });
  } catch (err) {
    throw providerProblem(err);
  }
  const now = deps.now();
  const fresh = {
    provider: provider.name,
    providerOrderId: created.providerOrderId,
    approveUrl: created.approveUrl ?? null,
    amount: details.amount,
    currency: details.currency,
    status: 'created' as const,
    requestId,
    captureId: null,
    captureStartedAt: null,
    failureReason: null,
    updatedAt: now,
  };
  if (existing) {
    const [row] = await db
      .update(payments)
      .set(fresh)
      .where(and(eq(payments.id, existing.id), eq(payments.status, existing.status)))
      .returning();
    return row ?? reload(db, existing.id);
  }
  const [row] = await db
    .insert(payments)
    .values({
      ...fresh,
      orderId: subject.kind === 'order' ? subject.id : null,
      jobId: subject.kind === 'job' ? subject.id : null,
      batchChargeId: subject.kind === 'batch' ? subject.id : null,
      adjustmentId: subject.kind === 'adjustment' ? subject.id : null,
      returnChargeId: subject.kind === 'return_charge' ? subject.id : null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  // Another request inserted it first; the shared request id means it is the same provider order.
  const winner = await findPayment(db, subject);
  if (!winner) throw new Error('payment insert conflicted but no payment exists');
  return winner;
}

export type CaptureOutcome = {
  /** 'pending': the provider holds the capture for review; a webhook or the reconciler finishes it. */
  state: 'captured' | 'pending';
  payment: PaymentRow;
};

/**
 * Captures a payment the buyer approved and records it, once. Safe to call any number of times,
 * at once, from several processes: one caller holds the claim and talks to the provider, the
 * others wait for its result (up to CAPTURE_WAIT_MS, then 409 payment_in_progress).
 * The caller checks first that the subject still wants paying (e.g. the order awaits payment).
 */
export async function capturePayment(
  deps: AppDeps,
  paymentId: string,
  options: { waitMs?: number } = {},
): Promise<CaptureOutcome> {
  const deadline = Date.now() + (options.waitMs ?? CAPTURE_WAIT_MS);
  for (;;) {
    const payment = await reload(deps.db, paymentId);
    if (payment.status === 'captured' || payment.status === 'refunded') return { state: 'captured', payment };
    if (payment.status === 'failed') {
      throw new AppError(409, 'This payment did not go through; please start the payment again', {
        code: 'payment_failed',
      });
    }
    if (payment.captureId) return { state: 'pending', payment };

    const stamp = deps.now();
    const [claimed] = await deps.db
      .update(payments)
      .set({ captureStartedAt: stamp })
      .where(
        and(
          eq(payments.id, paymentId),
          eq(payments.status, 'created'),
          isNull(payments.captureId),
          or(
            isNull(payments.captureStartedAt),
            lt(payments.captureStartedAt, new Date(stamp.getTime() - CAPTURE_CLAIM_TTL_MS)),
          ),
        ),
      )
      .returning();
    if (claimed) {
      try {
        return await captureClaimed(deps, claimed);
      } finally {
        // Only our own claim: a takeover after our claim went stale has a newer stamp.
        await deps.db
          .update(payments)
          .set({ captureStartedAt: null })
          .where(and(eq(payments.id, paymentId), eq(payments.captureStartedAt, stamp)));
      }
    }
    if (Date.now() >= deadline) {
      throw new AppError(409, 'This payment is being processed; please try again in a moment', {
        code: 'payment_in_progress',
        headers: { 'Retry-After': '2' },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, CAPTURE_POLL_MS));
  }
}

/** The provider order must be ours, for this subject, amount and currency, before money moves. */
function assertMatches(deps: AppDeps, payment: PaymentRow, remote: PaymentOrder) {
  const subject = subjectOf(payment);
  const problems: string[] = [];
  if (remote.reference !== undefined && remote.reference !== subject.id) problems.push('reference');
  if (remote.amount !== payment.amount) problems.push('amount');
  if (remote.currency !== payment.currency) problems.push('currency');
  if (problems.length === 0) return;
  deps.logger.error(
    { paymentId: payment.id, providerOrderId: payment.providerOrderId, problems, remote },
    'provider order does not match the payment; not capturing',
  );
  throw new AppError(409, 'The payment does not match this order; please start the payment again', {
    code: 'payment_mismatch',
  });
}

async function captureClaimed(deps: AppDeps, payment: PaymentRow): Promise<CaptureOutcome> {
  const provider = deps.payments;
  let remote: PaymentOrder;
  try {
    remote = await provider.getOrder(payment.providerOrderId);
  } catch (err) {
    throw providerProblem(err);
  }
  assertMatches(deps, payment, remote);

  // Captured already (by an earlier request that died, or in another process): just record it.
  if (remote.captureId) return settleFromProvider(deps, payment, remote);
  if (remote.status === 'VOIDED') {
    await markFailed(deps, payment, 'The provider voided the payment');
    throw new AppError(409, 'This payment expired; please start the payment again', {
      code: 'payment_failed',
    });
  }
  if (remote.status !== 'APPROVED') throw notApproved();

  const requestId = providerRequestId(subjectOf(payment), 'capture', payment.attempt);
  let capture: Awaited<ReturnType<typeof provider.capture>>;
  try {
    capture = await provider.capture(payment.providerOrderId, requestId);
  } catch (err) {
    if (err instanceof AlreadyCapturedError) {
      const again = await provider.getOrder(payment.providerOrderId).catch((e: unknown) => {
        throw providerProblem(e);
      });
      if (again.captureId) return settleFromProvider(deps, payment, again);
    }
    if (err instanceof OrderNotApprovedError) throw notApproved();
    if (err instanceof PaymentDeclinedError) await markDeclined(deps, payment, err.issue ?? err.message);
    throw providerProblem(err);
  }
  crashPoint('capture:after-provider');
  if (capture.status === 'COMPLETED') {
    await recordCapture(deps, payment.id, capture.captureId);
    return { state: 'captured', payment: await reload(deps.db, payment.id) };
  }
  if (capture.status === 'PENDING')
    return { state: 'pending', payment: await markPending(deps, payment, capture.captureId) };
  await markDeclined(deps, payment, 'capture declined');
  throw providerProblem(new PaymentDeclinedError());
}

const notApproved = () =>
  new AppError(409, 'The payment has not been approved yet', { code: 'payment_not_approved' });

/** The provider already holds a capture for this payment: record, wait or fail accordingly. */
async function settleFromProvider(
  deps: AppDeps,
  payment: PaymentRow,
  remote: PaymentOrder,
): Promise<CaptureOutcome> {
  const captureId = remote.captureId as string;
  switch (remote.captureState) {
    case 'COMPLETED':
    case 'REFUNDED':
    case 'PARTIALLY_REFUNDED':
      await recordCapture(deps, payment.id, captureId);
      return { state: 'captured', payment: await reload(deps.db, payment.id) };
    case 'PENDING':
      return { state: 'pending', payment: await markPending(deps, payment, captureId) };
    default:
      await markFailed(deps, payment, `capture ${remote.captureState ?? 'failed'}`);
      throw providerProblem(new PaymentDeclinedError());
  }
}

async function markPending(deps: AppDeps, payment: PaymentRow, captureId: string): Promise<PaymentRow> {
  const [row] = await deps.db
    .update(payments)
    .set({ captureId, updatedAt: deps.now() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')))
    .returning();
  return row ?? reload(deps.db, payment.id);
}

/**
 * The instrument was declined: nothing was paid, the provider order can still be approved with
 * another funding source, and the next capture must be a new request (attempt + 1).
 * Conditional on the attempt read, so simultaneous declines count once.
 */
async function markDeclined(deps: AppDeps, payment: PaymentRow, reason: string) {
  await deps.db
    .update(payments)
    .set({ attempt: payment.attempt + 1, failureReason: reason, updatedAt: deps.now() })
    .where(
      and(eq(payments.id, payment.id), eq(payments.attempt, payment.attempt), eq(payments.status, 'created')),
    );
}

/** The provider order cannot be paid any more (denied capture, voided): a new one is needed. */
export async function markFailed(deps: AppDeps, payment: PaymentRow, reason: string): Promise<boolean> {
  const [row] = await deps.db
    .update(payments)
    .set({ status: 'failed', attempt: payment.attempt + 1, failureReason: reason, updatedAt: deps.now() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')))
    .returning({ id: payments.id });
  return Boolean(row);
}

export type RecordResult = { recorded: boolean; payment: PaymentRow };

/**
 * Records a completed capture exactly once and lets the target react in the same transaction
 * (the order becomes pending, with its event). Whoever calls first wins; later calls (the webhook
 * after the capture call, the reconciler, another process) change nothing and answer recorded:
 * false. After the commit: the target's emails, or a refund when it can no longer be fulfilled.
 */
export async function recordCapture(
  deps: AppDeps,
  paymentId: string,
  captureId: string,
): Promise<RecordResult> {
  const now = deps.now();
  const result = await deps.db.transaction(
    async (tx) => {
      const [payment] = await tx
        .update(payments)
        .set({
          status: 'captured',
          captureId,
          capturedAt: now,
          captureStartedAt: null,
          failureReason: null,
          updatedAt: now,
        })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'created')))
        .returning();
      if (!payment) return null;
      const target = paymentTargetFor(subjectOf(payment).kind);
      const fate = await target.onCaptured(tx, payment, now);
      // The money is in the books with the capture, whatever became of what it paid for: a
      // capture that must go back is refunded after the commit, and that refund is in them too.
      await postCapture(tx, {
        payment,
        payees: await target.payeesOf(tx, payment),
        commission: deps.config.finance.commission,
        now,
      });
      await issueReceipt(tx, payment, now);
      return { payment, fate };
    },
    { behavior: 'immediate' },
  );
  if (!result) return { recorded: false, payment: await reload(deps.db, paymentId) };

  const { payment, fate } = result;
  deps.logger.info({ paymentId, captureId, fate }, 'payment capture recorded');
  const target = paymentTargetFor(subjectOf(payment).kind);
  if (fate === 'paid' && target.afterPaid) {
    try {
      await target.afterPaid(deps, payment);
    } catch (err) {
      deps.logger.error({ err, paymentId }, 'after-payment step failed');
    }
  } else if (fate === 'unfulfillable') {
    await refundPayment(deps, payment, 'paid after it could no longer be fulfilled');
  }
  return { recorded: true, payment };
}
