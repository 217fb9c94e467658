/**
 * Payout emails: the code that confirms a PayPal email, the notice to the old address when it
 * changes, and a payout sent or come back. Addresses a person typed are escaped in the HTML.
 */
import { formatMoney } from '../../domain/money';
import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout, type Rows, table, textRows } from '../../providers/mail/layout';

const REASON = 'the payouts of your Consign courier account';

export function payoutCodeEmail(to: string, code: string, minutes: number): MailMessage {
  const lines = [
    `Your code is ${code}.`,
    `Enter it on your Consign dashboard (Payouts) to receive your payouts at this PayPal address. It expires in ${minutes} minutes.`,
    'If you did not ask for this, ignore this email: nothing changes without the code.',
  ];
  return {
    to,
    subject: 'Confirm your PayPal email for Consign payouts',
    text: `${lines.join('\n\n')}\n`,
    html: layout(
      'Confirm your PayPal email',
      `<p>Your code is <strong style="font-size:20px;letter-spacing:2px">${escapeHtml(code)}</strong>.</p>
<p>${escapeHtml(lines[1] ?? '')}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(lines[2] ?? '')}</p>`,
      REASON,
    ),
  };
}

/** To the address payouts went to until now: a change someone else made must not go unnoticed. */
export function payoutEmailChangedEmail(to: string, newEmail: string, dashboardUrl: string): MailMessage {
  const text = `Consign payouts will now be sent to ${newEmail} instead of this address. If you did not make this change, contact Consign support at once.`;
  return {
    to,
    subject: 'Your Consign payout email was changed',
    text: `${text}\n\n${dashboardUrl}\n`,
    html: layout(
      'Your payout email was changed',
      `<p>${escapeHtml(text)}</p>
${button(dashboardUrl, 'Open your payouts')}`,
      REASON,
    ),
  };
}

export type PayoutMailFacts = {
  amount: number;
  currency: 'GBP' | 'EUR' | 'USD';
  receiver: string;
  reason?: string | null;
};

export function payoutPaidEmail(to: string, payout: PayoutMailFacts, dashboardUrl: string): MailMessage {
  const amount = formatMoney({ amount: payout.amount, currency: payout.currency });
  const rows: Rows = [
    ['Amount', amount],
    ['Paid to', payout.receiver],
  ];
  return {
    to,
    subject: `Payout of ${amount} sent to your PayPal account`,
    text: `Your payout of ${amount} has been paid to your PayPal account.\n\n${textRows(rows)}\n\nYour statements: ${dashboardUrl}\n`,
    html: layout(
      `Payout of ${amount} sent`,
      `<p>Your payout of <strong>${escapeHtml(amount)}</strong> has been paid to your PayPal account.</p>
${table(rows)}
${button(dashboardUrl, 'See your statements')}`,
      REASON,
    ),
  };
}

export function payoutReturnedEmail(to: string, payout: PayoutMailFacts, dashboardUrl: string): MailMessage {
  const amount = formatMoney({ amount: payout.amount, currency: payout.currency });
  const rows: Rows = [
    ['Amount', amount],
    ['Sent to', payout.receiver],
    ['Reason', payout.reason ?? 'PayPal could not pay it'],
  ];
  const advice =
    'The money is back in your available balance and goes out with the next payout. Check that your PayPal email on the Payouts page is right and that its PayPal account can receive payments.';
  return {
    to,
    subject: `Your payout of ${amount} came back`,
    text: `Your payout of ${amount} could not be paid and came back.\n\n${textRows(rows)}\n\n${advice}\n\n${dashboardUrl}\n`,
    html: layout(
      `Your payout of ${amount} came back`,
      `<p>Your payout of <strong>${escapeHtml(amount)}</strong> could not be paid and came back.</p>
${table(rows)}
<p>${escapeHtml(advice)}</p>
${button(dashboardUrl, 'Open your payouts')}`,
      REASON,
    ),
  };
}
