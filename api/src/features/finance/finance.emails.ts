/**
 * Refund emails: the customer and the courier each hear of every refund, full or part, with the
 * amounts; the customer's carries the credit note. What a person typed is escaped in the HTML.
 */
import { formatMoney, type Money } from '../../domain/money';
import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout, type Rows, table, textRows } from '../../providers/mail/layout';

const REASON = 'an order on your Consign account';

export type RefundMailFacts = {
  reference: string;
  /** What was paid for when it is not an order: a batch's row never booked ("row 3 of batch Monday"). */
  unbooked?: string;
  refund: Money;
  paid: Money;
  refundedTotal: Money;
  full: boolean;
  reason: string;
  /** The order was cancelled with it (a refund of an order under way). */
  cancelled: boolean;
};

function message(
  to: string,
  subject: string,
  lines: string[],
  rows: Rows,
  url: string,
  label: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${textRows(rows)}\n\n${label}: ${url}\n`,
    html: layout(
      subject,
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${table(rows)}
${button(url, label)}`,
      REASON,
    ),
  };
}

export function customerRefundEmail(
  to: string,
  facts: RefundMailFacts,
  /** `onDashboard: false`: a batch payment's credit note, which only this mail carries. */
  creditNote: { number: string; filename: string; bytes: Buffer; onDashboard?: boolean } | null,
  dashboardUrl: string,
): MailMessage {
  const amount = formatMoney(facts.refund);
  const kind = facts.full ? 'refunded' : 'part refunded';
  const what = facts.unbooked ?? `order ${facts.reference}`;
  const lines = [
    `We have refunded ${amount} of your payment for ${what}${facts.cancelled ? ', which is cancelled' : ''}. It goes back to the way you paid; your bank or PayPal may take a few days to show it.`,
    ...(creditNote
      ? [
          `Your credit note ${creditNote.number} is attached${creditNote.onDashboard === false ? '' : ' and on your dashboard'}.`,
        ]
      : []),
  ];
  const rows: Rows = [
    facts.unbooked ? ['Paid for', facts.unbooked] : ['Order', facts.reference],
    ['Refunded now', amount],
    ['Refunded in all', formatMoney(facts.refundedTotal)],
    ['You paid', formatMoney(facts.paid)],
    ['Reason', facts.reason],
    ...(creditNote ? ([['Credit note', creditNote.number]] as Rows) : []),
  ];
  return {
    ...message(
      to,
      `${what.charAt(0).toUpperCase()}${what.slice(1)} ${kind}: ${amount}`,
      lines,
      rows,
      dashboardUrl,
      'Open your dashboard',
    ),
    ...(creditNote
      ? {
          attachments: [
            { filename: creditNote.filename, content: creditNote.bytes, contentType: 'application/pdf' },
          ],
        }
      : {}),
  };
}

export function courierRefundEmail(
  to: string,
  facts: RefundMailFacts & { bearer: 'courier' | 'platform'; fromEarnings: Money },
  dashboardUrl: string,
): MailMessage {
  const amount = formatMoney(facts.refund);
  const lines = [
    `${amount} of order ${facts.reference} was refunded to the customer.`,
    facts.cancelled
      ? 'The order is cancelled: do not collect or deliver it. If it is already with you, contact Consign support.'
      : 'The order itself is unchanged: carry on with it as booked.',
    facts.bearer === 'platform'
      ? 'Consign bears this refund as goodwill: your earnings on the order are unchanged.'
      : `It comes out of your earnings on the order: ${formatMoney(facts.fromEarnings)} after the commission on it is returned to you.`,
  ];
  const rows: Rows = [
    ['Order', facts.reference],
    ['Refunded now', amount],
    ['Refunded in all', formatMoney(facts.refundedTotal)],
    ['Customer paid', formatMoney(facts.paid)],
    ['From your earnings', formatMoney(facts.fromEarnings)],
    ['Reason', facts.reason],
  ];
  return message(
    to,
    `Order ${facts.reference}: ${amount} refunded to the customer`,
    lines,
    rows,
    dashboardUrl,
    'Open your dashboard',
  );
}
