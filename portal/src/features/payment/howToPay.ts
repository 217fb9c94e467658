/**
 * The "How to pay" steps, written for what the page really shows: the payment buttons sit in
 * the "Pay securely" card (beside the summary on a wide screen, under it on a phone, so the
 * steps name the card rather than a direction), and each provider approves differently: PayPal
 * in its own window, the TEST MODE provider on an approval page in this tab.
 */
export type PaymentsProvider = 'paypal' | 'test';

const APPROVAL: Record<PaymentsProvider, [press: string, approve: string]> = {
  paypal: [
    'Under “Pay securely”, choose PayPal or pay by card.',
    'Approve the payment in the PayPal window that opens.',
  ],
  test: [
    'Under “Pay securely”, press “Pay with the TEST MODE provider”.',
    'Approve the test payment on the page that opens; no real money moves.',
  ],
};

export function orderSteps(provider: PaymentsProvider): string[] {
  const [press, approve] = APPROVAL[provider];
  return [
    'Check your order summary.',
    press,
    approve,
    provider === 'paypal'
      ? 'Your booking is confirmed on this page as soon as you approve.'
      : 'You come back to this page and your booking is confirmed straight away.',
  ];
}

export function jobSteps(provider: PaymentsProvider): string[] {
  const [press, approve] = APPROVAL[provider];
  return [
    'Check the job summary.',
    press,
    `${approve} Your asking price is held while couriers look at your job.`,
    'A courier accepts the job and it becomes an order on your dashboard. Not accepted within 7 days, or withdrawn by you? You are refunded in full.',
  ];
}
