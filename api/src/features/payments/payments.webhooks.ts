/**
 * PayPal webhooks. The signature is checked with PayPal's verify call (the provider's
 * verifyWebhook) before anything is read; each event id acts once (webhook_events is unique on
 * provider + event id), however often PayPal delivers it.
 *
 * Handled:
 * - CHECKOUT.ORDER.APPROVED: the buyer approved; the payment is captured here and now, whatever
 *   became of the buyer's browser (see payments.server-capture).
 * - PAYMENT.CAPTURE.COMPLETED: records the capture (a no-op when the capture call already did).
 * - PAYMENT.CAPTURE.DENIED: a capture held for review was refused: the payment failed, the order
 *   still awaits payment and the customer may pay again.
 * - Anything a feature above payments registered for (payouts: PAYMENT.PAYOUTSBATCH.*,
 *   PAYMENT.PAYOUTS-ITEM.*), handed to it (payments.event-handlers).
 * - PAYMENT.CAPTURE.REFUNDED: a refund; one made outside Consign is recorded like any other
 *   (books, credit note, mail), and when it leaves nothing of the payment the order is cancelled.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { payments, webhookEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { fromProviderAmount, PaymentProviderError } from '../../providers/payments';
import { providerEventHandlerFor } from './payments.event-handlers';
import { recordProviderRefund } from './payments.refunds';
import { captureApproved } from './payments.server-capture';
import { markFailed, type PaymentRow, recordCapture } from './payments.service';
import { paymentTargetFor, subjectOf } from './targets';

type Money = { currency_code?: unknown; value?: unknown };
type WebhookEvent = {
  id?: unknown;
  event_type?: unknown;
  resource?: {
    id?: unknown;
    status?: unknown;
    amount?: Money;
    custom_id?: unknown;
    /** An order's (CHECKOUT.ORDER.* events): what it asks to be paid, and for which subject. */
    purchase_units?: { reference_id?: unknown; amount?: Money }[];
    supplementary_data?: { related_ids?: { order_id?: unknown } };
    links?: { rel?: unknown; href?: unknown }[];
  };
};

export type WebhookResult = { received: true; duplicate: boolean; outcome: string };

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

function amountOf(money: Money | undefined): { amount: number; currency: string } | null {
  const currency = str(money?.currency_code);
  const value = str(money?.value);
  if (!currency || !value) return null;
  try {
    return { amount: fromProviderAmount(value, currency), currency };
  } catch {
    return null;
  }
}

async function paymentBy(deps: AppDeps, ids: { captureId?: string; providerOrderId?: string }) {
  if (ids.captureId) {
    const byCapture = await deps.db.query.payments.findFirst({
      where: eq(payments.captureId, ids.captureId),
    });
    if (byCapture) return byCapture;
  }
  if (ids.providerOrderId) {
    return deps.db.query.payments.findFirst({ where: eq(payments.providerOrderId, ids.providerOrderId) });
  }
  return undefined;
}

/** The capture a refund belongs to: its "up" link, …/v2/payments/captures/{id}. */
function capturedIdOfRefund(event: WebhookEvent): string | undefined {
  const up = event.resource?.links?.find((l) => l.rel === 'up');
  const match = str(up?.href)?.match(/\/captures\/([^/?#]+)/);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

export async function handlePayPalWebhook(
  deps: AppDeps,
  headers: Record<string, string | undefined>,
  rawBody: string,
): Promise<WebhookResult> {
  let verified: boolean;
  try {
    verified = await deps.payments.verifyWebhook(headers, rawBody);
  } catch (err) {
    // Undecidable now (PayPal unreachable, or our credentials refused): a 5xx makes PayPal deliver it again later.
    if (err instanceof PaymentProviderError) {
      throw new AppError(503, 'The webhook could not be verified now; deliver it again later', {
        code: 'payment_provider_unavailable',
        headers: { 'Retry-After': '60' },
      });
    }
    throw err;
  }
  if (!verified)
    throw AppError.badRequest('The webhook signature could not be verified', 'webhook_signature_invalid');

  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody) as WebhookEvent;
  } catch {
    throw AppError.badRequest('The webhook body is not JSON', 'webhook_malformed');
  }
  const eventId = str(event.id);
  const eventType = str(event.event_type);
  if (!eventId || !eventType)
    throw AppError.badRequest('The webhook has no event id or type', 'webhook_malformed');

  const [claimed] = await deps.db
    .insert(webhookEvents)
    .values({
      provider: 'paypal',
      eventId,
      eventType,
      resourceId: str(event.resource?.id) ?? null,
      receivedAt: deps.now(),
    })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (!claimed) return { received: true, duplicate: true, outcome: 'already received' };

  let outcome: string;
  try {
    outcome = await processEvent(deps, eventType, event);
  } catch (err) {
    // Forget the delivery so that PayPal's next attempt is processed, then answer 5xx.
    await deps.db.delete(webhookEvents).where(eq(webhookEvents.id, claimed.id));
    throw err;
  }
  await deps.db
    .update(webhookEvents)
    .set({ outcome, processedAt: deps.now() })
    .where(eq(webhookEvents.id, claimed.id));
  deps.logger.info({ eventId, eventType, outcome }, 'PayPal webhook processed');
  return { received: true, duplicate: false, outcome };
}

async function processEvent(deps: AppDeps, eventType: string, event: WebhookEvent): Promise<string> {
  const resource = event.resource ?? {};
  switch (eventType) {
    case 'CHECKOUT.ORDER.APPROVED': {
      const providerOrderId = str(resource.id);
      const payment = await paymentBy(deps, { providerOrderId });
      if (!payment) return 'ignored: unknown payment';
      const unit = resource.purchase_units?.[0];
      const reference = str(unit?.reference_id);
      if (!sameMoney(payment, amountOf(unit?.amount)) || (reference && reference !== subjectOf(payment).id)) {
        deps.logger.error(
          { paymentId: payment.id, eventId: str(event.id), amount: amountOf(unit?.amount) },
          'approved order differs from the payment; not capturing',
        );
        return 'ignored: order differs from the payment';
      }
      return approvedOutcome(await captureOnApproval(deps, payment));
    }
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const captureId = str(resource.id);
      const providerOrderId = str(resource.supplementary_data?.related_ids?.order_id);
      const payment = await paymentBy(deps, { captureId, providerOrderId });
      if (!payment || !captureId) return 'ignored: unknown payment';
      if (!sameMoney(payment, amountOf(resource.amount))) {
        deps.logger.error(
          // Never the whole event: it carries the payer's details.
          { paymentId: payment.id, eventId: str(event.id), amount: amountOf(resource.amount) },
          'webhook capture amount differs from the payment',
        );
        return 'ignored: amount or currency differs';
      }
      const { recorded } = await recordCapture(deps, payment.id, captureId);
      return recorded ? 'recorded capture' : 'capture already recorded';
    }
    case 'PAYMENT.CAPTURE.DENIED': {
      const captureId = str(resource.id);
      const providerOrderId = str(resource.supplementary_data?.related_ids?.order_id);
      const payment = await paymentBy(deps, { captureId, providerOrderId });
      if (!payment) return 'ignored: unknown payment';
      return (await markFailed(deps, payment, 'capture denied'))
        ? 'payment failed'
        : `ignored: payment ${payment.status}`;
    }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const payment = await paymentBy(deps, { captureId: capturedIdOfRefund(event) });
      if (!payment) return 'ignored: unknown payment';
      if (payment.status !== 'captured') return `ignored: payment ${payment.status}`;
      const refund = amountOf(resource.amount);
      const refundId = str(resource.id);
      if (!refund || !refundId || refund.currency !== payment.currency) {
        deps.logger.warn({ paymentId: payment.id, refund }, 'refund event without a usable amount');
        return 'ignored: no usable refund amount';
      }
      // Ours (its answer lost) or made in PayPal's dashboard: recorded once either way, in the
      // books with a credit note like any other refund.
      const recorded = await recordProviderRefund(deps, payment, refundId, refund.amount);
      if (!recorded) return 'refund already recorded';
      if (!recorded.full) return 'partial refund noted';
      await paymentTargetFor(subjectOf(recorded.payment).kind).onRefundedExternally(deps, recorded.payment);
      return 'refund recorded';
    }
    default: {
      const handler = providerEventHandlerFor(eventType);
      return handler ? handler.handle(deps, eventType, resource) : `ignored: ${eventType}`;
    }
  }
}

/**
 * Captures from the approval webhook. Refusals that another delivery would meet again (declined,
 * not approved, cancelled meanwhile) are the outcome, not an error; only a provider that cannot
 * answer now is thrown, so PayPal delivers again later.
 */
async function captureOnApproval(deps: AppDeps, payment: PaymentRow): Promise<string> {
  try {
    // Never waits on a capture under way (the buyer's return, usually): its holder records it.
    return await captureApproved(deps, payment, { waitMs: 0 });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return `not captured here: ${err.code ?? err.status}`;
    throw err;
  }
}

function approvedOutcome(result: string): string {
  switch (result) {
    case 'captured':
      return 'captured';
    case 'pending':
      return 'capture pending at the provider';
    case 'not_wanted':
      return 'ignored: no longer awaiting payment';
    default:
      return result;
  }
}

function sameMoney(payment: PaymentRow, money: { amount: number; currency: string } | null) {
  return money !== null && money.amount === payment.amount && money.currency === payment.currency;
}
