/**
 * Capturing an approved payment without the buyer's session. A buyer who approved is owed the
 * booking even when the browser that approved cannot prove who they are any more (a checkout
 * framed on a cross-site partner page loses its session cookie across the provider's redirect)
 * or is closed before it comes back. So the server takes the payment itself, from three places:
 *
 * 1. the buyer's return from the provider (`POST /payments/return`), authenticated by the
 *    provider order id the provider appended to the return URL (`?token=`), which only the
 *    approving browser has;
 * 2. the provider's approval webhook (PayPal's CHECKOUT.ORDER.APPROVED), see payments.webhooks;
 * 3. the reconciler, for any approval still uncaptured a few minutes on, see payments.reconcile.
 *
 * All three go through capturePayment, whose claim, derived request ids and conditional record
 * make the capture happen once however many of them (and the buyer's own capture call) race.
 */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { payments } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { orderViewToken } from '../../lib/order-view-token';
import type { Limit } from '../../lib/rate-limit';
import { type CaptureOutcome, capturePayment, type PaymentRow } from './payments.service';
import { type PaymentSubject, paymentTargetFor, subjectOf } from './targets';

/**
 * Guessing provider order ids is the only way to use the return route without a payment: a
 * handful of returns a minute from one address is more than any buyer makes.
 */
export const RETURN_LIMIT: Limit = { name: 'payment-return-ip', max: 30, windowSeconds: 60 };

export type ServerCaptureResult = CaptureOutcome['state'] | 'not_wanted';

/**
 * Captures an approved payment when its subject still wants it. `waitMs` is how long to wait
 * for another request already capturing it (0 for background paths: the holder finishes it).
 */
export async function captureApproved(
  deps: AppDeps,
  payment: PaymentRow,
  options: { waitMs?: number } = {},
): Promise<ServerCaptureResult> {
  if (payment.status === 'captured' || payment.status === 'refunded') return 'captured';
  const target = paymentTargetFor(subjectOf(payment).kind);
  if (!(await target.awaitsCapture(deps.db, payment))) return 'not_wanted';
  return (await capturePayment(deps, payment.id, options)).state;
}

/** What the buyer's browser is told on its return, session or not: no personal data. */
export type PaymentReturn = {
  state: 'captured' | 'pending';
  kind: PaymentSubject['kind'];
  id: string;
  reference: string;
  amount: number;
  currency: string;
  /** For an order: the shopper's signed link to its confirmation and label (docs/widget.md). */
  orderView?: { token: string; expiresAt: string };
};

/**
 * The buyer is back from the provider with its order id (`token`): take the payment now and say
 * what was paid for. Asking again answers the same (the capture is recorded once).
 */
export async function captureOnReturn(deps: AppDeps, token: string): Promise<PaymentReturn> {
  const payment = await deps.db.query.payments.findFirst({
    where: and(eq(payments.providerOrderId, token), eq(payments.provider, deps.payments.name)),
  });
  if (!payment) throw AppError.notFound('No payment with this token');
  const state = await captureApproved(deps, payment);
  if (state === 'not_wanted') {
    throw AppError.conflict(
      'This payment is no longer needed: what it was for was cancelled or has closed',
      'payment_not_wanted',
    );
  }
  const subject = subjectOf(payment);
  // The provider's token proves this browser approved the payment, as the order's own customer.
  const view =
    subject.kind === 'order' ? orderViewToken(deps.config.jwtSecret, subject.id, deps.now()) : null;
  return {
    state,
    kind: subject.kind,
    id: subject.id,
    // Orders and jobs alike: people see '#' and the last 8 characters of the id.
    reference: `#${subject.id.slice(-8)}`,
    amount: payment.amount,
    currency: payment.currency,
    ...(view ? { orderView: { token: view.token, expiresAt: view.expiresAt.toISOString() } } : {}),
  };
}
