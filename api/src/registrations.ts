/**
 * The composition root's registrations: lower layers own small interfaces (payment targets,
 * outbox subscribers),
 * higher features implement them, and this is the one place that plugs the implementations in.
 * createApp calls it, and so does every script that runs the core without the HTTP app (the
 * payments reconciler), so both see the same targets. Registering again is harmless.
 */

import { adjustmentMailSubscriber, adjustmentPaymentTarget } from './features/adjustments';
import { vendorStatusMailSubscriber } from './features/admin';
import { batchPaidMailSubscriber, batchPaymentTarget } from './features/batches';
import {
  claimMailSubscriber,
  claimPayoutOwner,
  finishClaim,
  lossOfferMailSubscriber,
} from './features/claims';
import { contactMailSubscriber } from './features/content';
import { pointUnavailableMailSubscriber } from './features/dropoff-points';
import { refundMailSubscriber } from './features/finance';
import { jobMailSubscriber, jobPaymentTarget } from './features/jobs';
import { orderMailSubscriber, orderPaymentTarget } from './features/orders';
import { partnerInviteMailSubscriber, partnerKeyMailSubscriber } from './features/partners';
import { registerPaymentTarget, registerProviderEventHandler } from './features/payments';
import { payoutEventHandler, payoutMailSubscriber, registerPayoutOwner } from './features/payouts';
import { returnChargeMailSubscriber, returnChargePaymentTarget } from './features/returns';
import { courierSlugSubscriber, orderScoresSubscriber, reviewInviteSubscriber } from './features/reviews';
import { recipientMailSubscriber } from './features/tracking';
import { onboardingMailSubscriber } from './features/vendors';
import { endpointDisabledMailSubscriber, partnerWebhookSubscriber } from './features/webhooks';
import { registerSubscriber } from './lib/outbox';

export function registerFeatureHooks(): void {
  registerPaymentTarget('order', orderPaymentTarget);
  registerPaymentTarget('job', jobPaymentTarget);
  registerPaymentTarget('adjustment', adjustmentPaymentTarget);
  registerPaymentTarget('batch', batchPaymentTarget);
  registerPaymentTarget('return_charge', returnChargePaymentTarget);
  // PayPal's payout events reach the payouts feature through the payments webhook.
  registerProviderEventHandler(payoutEventHandler);
  // Claims pay beyond the order's payment by PayPal payout; its events reach them through payouts.
  registerPayoutOwner(claimPayoutOwner(finishClaim));
  // Outbox subscribers (lib/outbox.ts; the list is in docs/architecture.md §5).
  registerSubscriber(orderMailSubscriber);
  registerSubscriber(jobMailSubscriber);
  registerSubscriber(vendorStatusMailSubscriber);
  registerSubscriber(onboardingMailSubscriber);
  registerSubscriber(contactMailSubscriber);
  registerSubscriber(recipientMailSubscriber);
  // Reviews and measured scores (features/reviews).
  registerSubscriber(orderScoresSubscriber);
  registerSubscriber(reviewInviteSubscriber);
  registerSubscriber(courierSlugSubscriber);
  registerSubscriber(partnerWebhookSubscriber);
  registerSubscriber(batchPaidMailSubscriber);
  registerSubscriber(endpointDisabledMailSubscriber);
  registerSubscriber(partnerInviteMailSubscriber);
  registerSubscriber(pointUnavailableMailSubscriber);
  registerSubscriber(partnerKeyMailSubscriber);
  registerSubscriber(payoutMailSubscriber);
  registerSubscriber(claimMailSubscriber);
  registerSubscriber(lossOfferMailSubscriber);
  registerSubscriber(adjustmentMailSubscriber);
  // Every refund mails the customer (with the credit note) and the courier.
  registerSubscriber(refundMailSubscriber);
  // A partner's payment for its returns mails its people the receipt.
  registerSubscriber(returnChargeMailSubscriber);
}
