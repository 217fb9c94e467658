/**
 * Claim emails: at each step the customer and the courier each hear where the claim stands and
 * what happens next. What a person typed is escaped in the HTML.
 */
import { formatMoney } from '../../domain/money';
import { CLAIM_STATUS_FACTS, type ClaimStatus } from '../../domain/statuses';
import { formatPeopleDateTime } from '../../domain/uk-days';
import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout, type Rows, table, textRows } from '../../providers/mail/layout';
import type { ClaimDto } from './claims.service';

export type ClaimMailTarget = 'customer' | 'courier';

const NEXT: Record<ClaimStatus, Record<ClaimMailTarget, string>> = {
  submitted: {
    customer: 'We have your claim and are sending it to the courier.',
    courier: 'A customer has filed a claim on one of your orders.',
  },
  with_courier: {
    customer:
      'Your claim is with the courier, who must answer by the deadline below. If it does not, Consign staff take it over.',
    courier:
      'Please answer this claim in your dashboard by the deadline below: accept it, accept part of it, or reject it with your evidence. Unanswered claims go to Consign staff.',
  },
  accepted: {
    customer: 'Your claim is accepted. The money is on its way back to you.',
    courier: 'The claim is accepted; the amount is paid to the customer from your earnings.',
  },
  part_accepted: {
    customer: 'Part of your claim is accepted. That amount is on its way back to you.',
    courier: 'Part of the claim is accepted; that amount is paid to the customer.',
  },
  rejected: {
    customer: 'The claim is rejected.',
    courier: 'The claim is rejected.',
  },
  escalated: {
    customer: 'The courier did not answer in time, so Consign staff will decide your claim.',
    courier: 'You did not answer this claim by its deadline, so Consign staff will decide it.',
  },
  paid: {
    customer:
      'Your claim is paid: a refund goes back the way you paid and may take a few days to show; a PayPal payout is in your PayPal account.',
    courier: 'The claim is paid to the customer.',
  },
};

function rejectedLine(claim: ClaimDto, target: ClaimMailTarget): string {
  if (claim.decidedByStaff) return 'Consign staff reviewed the claim and rejected it. Their reason is below.';
  return target === 'customer'
    ? 'The courier rejected your claim. Consign staff review every rejection before it is final, and will tell you their decision.'
    : 'You rejected the claim. Consign staff review every rejection before it is final.';
}

/** How an accepted claim is paid, and the customer's part in it when a payout needs its PayPal email. */
function paymentLines(claim: ClaimDto, target: ClaimMailTarget): string[] {
  const payment = claim.payment;
  if (!payment || payment.payout.amount === 0 || claim.status === 'paid') return [];
  const split =
    payment.refund.amount > 0
      ? `${formatMoney(payment.refund)} comes back to your payment and the other ${formatMoney(payment.payout)}, more than you paid, by PayPal payout.`
      : `The ${formatMoney(payment.payout)} is paid by PayPal payout, as nothing of your payment is left to refund.`;
  if (target === 'courier') return [];
  return payment.payoutStatus === 'awaiting_email'
    ? [
        split,
        'To be paid, open the claim in your dashboard and give the email address of your PayPal account.',
      ]
    : [split];
}

export function claimEmail(to: string, claim: ClaimDto, target: ClaimMailTarget, url: string): MailMessage {
  const label = CLAIM_STATUS_FACTS[claim.status].label.toLowerCase();
  const subject = `Claim ${claim.reference} on order ${claim.orderReference}: ${label}`;
  const lines = [
    claim.status === 'rejected' ? rejectedLine(claim, target) : NEXT[claim.status][target],
    ...paymentLines(claim, target),
  ];
  const rows: Rows = [
    ['Order', claim.orderReference],
    ['Claim', `${claim.reference} (${claim.kind})`],
    ['Status', CLAIM_STATUS_FACTS[claim.status].label],
    ['Claimed', formatMoney(claim.amountClaimed)],
    ...(claim.amountAgreed ? ([['Agreed', formatMoney(claim.amountAgreed)]] as Rows) : []),
    ...(claim.status === 'with_courier' && claim.courierDeadline
      ? ([['Courier’s deadline', formatPeopleDateTime(new Date(claim.courierDeadline))]] as Rows)
      : []),
    ...(claim.courierNote ? ([['Courier’s answer', claim.courierNote]] as Rows) : []),
    ...(claim.staffNote ? ([['Consign’s decision', claim.staffNote]] as Rows) : []),
  ];
  const linkLabel = 'Open your dashboard';
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${textRows(rows)}\n\n${linkLabel}: ${url}\n`,
    html: layout(
      subject,
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${table(rows)}
${button(url, linkLabel)}`,
      'a claim on an order on your Consign account',
    ),
  };
}

/** The offer of a loss claim, once, when a parcel first looks lost (claims.service, offerLossClaims). */
export function lossOfferEmail(
  to: string,
  order: { reference: string; reason: 'exception' | 'no_scan'; noScanWorkingDays: number },
  url: string,
): MailMessage {
  const subject = `Order ${order.reference}: has your parcel gone missing?`;
  const why =
    order.reason === 'exception'
      ? 'The courier reported a problem with your parcel and it has not moved on since.'
      : `Your parcel has had no tracking update for ${order.noScanWorkingDays} working days.`;
  const lines = [
    why,
    'If it does not arrive, you can claim for a lost parcel now: open the order in your dashboard and choose “Claim for a lost parcel”. The form is filled in with the order’s value for you to check.',
    'If it turns up, there is nothing to do.',
  ];
  const linkLabel = 'Open the order';
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${linkLabel}: ${url}\n`,
    html: layout(
      subject,
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${button(url, linkLabel)}`,
      'an order on your Consign account',
    ),
  };
}
