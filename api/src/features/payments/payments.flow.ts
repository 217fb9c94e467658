/**
 * Paying for something, written once for every kind of subject (orders, jobs): start a payment
 * (the provider order, created once), capture it once the buyer approved, give it back. The
 * subject's feature says only whether it can be paid now and what the buyer is shown; what paying
 * does to it is its PaymentTarget (targets.ts), registered at start-up.
 */
import type { AppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { isoTime } from '../../lib/iso-time';
import { onOrigin } from '../../lib/origin';
import { type PaymentShare, type RefundRequest, refundPayment, refundShare } from './payments.refunds';
import {
  capturePayment,
  ensureProviderPayment,
  findPayment,
  type PaymentDetails,
  type PaymentRow,
  type PaymentSubject,
} from './payments.service';

/** What the customer is told about the money of something cancelled or closed. */
export type RefundNote = 'refunded' | 'refund_pending' | null;

/** The wire form of a payment (OrderPaymentSummary), for orders and jobs alike. */
export function paymentSummary(payment: PaymentRow | null | undefined) {
  return payment
    ? {
        provider: payment.provider,
        status: payment.status,
        capturedAt: payment.capturedAt ? isoTime(payment.capturedAt) : null,
        refundedAt: payment.refundedAt ? isoTime(payment.refundedAt) : null,
      }
    : null;
}

/** What a client needs to take the buyer through a payment (PaymentSession), for orders and jobs. */
export function paymentSession(deps: AppDeps, payment: PaymentRow, origin?: string) {
  // The test provider's own approval page is served here: send the browser to it on the origin
  // it is browsing (see lib/origin), where its session lives. PayPal's page is PayPal's.
  const approveUrl =
    payment.approveUrl && payment.provider === 'test' && origin
      ? onOrigin(payment.approveUrl, origin)
      : payment.approveUrl;
  return {
    provider: payment.provider,
    providerOrderId: payment.providerOrderId,
    ...(approveUrl ? { approveUrl } : {}),
    ...(deps.payments.clientId ? { clientId: deps.payments.clientId } : {}),
  };
}

export type PaymentSession = ReturnType<typeof paymentSession>;

/**
 * Starts (or resumes) paying for a subject the caller has checked is payable now: its provider
 * order, created once per subject, as a session the client takes the buyer through.
 */
export async function startPayment(
  deps: AppDeps,
  subject: PaymentSubject,
  details: PaymentDetails,
  origin: string,
): Promise<PaymentSession> {
  const payment = await ensureProviderPayment(deps, subject, details);
  return paymentSession(deps, payment, origin);
}

export type CaptureRequest = {
  subject: PaymentSubject;
  /** 'order' or 'job', for the message when no payment was started. */
  noun: string;
  /** Payment statuses that mean "paid already": answered as captured without the provider. */
  settled: readonly PaymentRow['status'][];
  /** Throws the subject's 409 when it cannot be paid now (cancelled, expired, paid). */
  assertPayable: () => void;
};

/**
 * Captures the subject's approved payment, once; safe to repeat (asking again after it succeeded
 * answers captured without touching the provider). 'pending': the provider holds the capture for
 * review, and a webhook or the reconciler finishes it.
 */
export async function captureFor(deps: AppDeps, request: CaptureRequest): Promise<'captured' | 'pending'> {
  const payment = await findPayment(deps.db, request.subject);
  if (payment && request.settled.includes(payment.status)) return 'captured';
  request.assertPayable();
  if (!payment) {
    throw AppError.conflict(
      `Start the payment first: no payment exists for this ${request.noun}`,
      'payment_not_started',
    );
  }
  return (await capturePayment(deps, payment.id)).state;
}

/**
 * Gives a captured payment back and says what the customer is told. A payment that was never
 * captured has nothing to give back (null).
 */
export async function refundIfPaid(
  deps: AppDeps,
  payment: PaymentRow | null | undefined,
  reason: string,
  request: Omit<RefundRequest, 'reason' | 'amount'> = {},
  /** Set for an order paid by a split payment (a batch's): only its share goes back. */
  share?: PaymentShare,
): Promise<RefundNote> {
  if (!payment || (payment.status !== 'captured' && payment.status !== 'refunded')) return null;
  const outcome = share
    ? await refundShare(deps, payment, share, reason, request)
    : await refundPayment(deps, payment, reason, request);
  return outcome === 'refunded' ? 'refunded' : outcome === 'pending' ? 'refund_pending' : null;
}
