/**
 * The batch payment's confirmation: once every paid row of a charge is booked or failed, the
 * owner hears what the payment bought, with its VAT receipt attached (each order's own
 * confirmation follows as for any booking). What a person typed is escaped in the HTML.
 */
import { formatMoney, type Money } from '../../domain/money';
import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout, oneLine, type Rows, table, textRows } from '../../providers/mail/layout';

export type BatchPaidFacts = {
  name: string;
  reference: string;
  paid: Money;
  booked: number;
  failed: number;
  receipt: { number: string; filename: string; bytes: Buffer } | null;
};

const shipments = (n: number) => `${n} shipment${n === 1 ? '' : 's'}`;

export function batchPaidEmail(to: string, facts: BatchPaidFacts, batchUrl: string): MailMessage {
  const subject = `Batch “${oneLine(facts.name)}” paid: ${shipments(facts.booked)} booked`;
  const lines = [
    `We have taken ${formatMoney(facts.paid)} for ${shipments(facts.booked + facts.failed)} of your batch “${facts.name}”, and booked ${shipments(facts.booked)}. Each order's confirmation and tracking link follow in their own emails; the labels print from the batch page.`,
    ...(facts.failed
      ? [
          `${shipments(facts.failed)} could not be booked: ${facts.failed === 1 ? 'its' : 'their'} amount is refunded (a separate email says why), and the batch page can retry ${facts.failed === 1 ? 'it' : 'them'}.`,
        ]
      : []),
    ...(facts.receipt
      ? [`Your VAT receipt ${facts.receipt.number}, a line for each row, is attached and on the batch page.`]
      : []),
  ];
  const rows: Rows = [
    ['Batch', `${facts.name} (${facts.reference})`],
    ['Paid', formatMoney(facts.paid)],
    ['Booked', String(facts.booked)],
    ...(facts.failed ? ([['Could not be booked', String(facts.failed)]] as Rows) : []),
    ...(facts.receipt ? ([['VAT receipt', facts.receipt.number]] as Rows) : []),
  ];
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${textRows(rows)}\n\nOpen the batch: ${batchUrl}\n`,
    html: layout(
      subject,
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${table(rows)}
${button(batchUrl, 'Open the batch')}`,
      'a batch booked on your Consign account',
    ),
    ...(facts.receipt
      ? {
          attachments: [
            {
              filename: facts.receipt.filename,
              content: facts.receipt.bytes,
              contentType: 'application/pdf',
            },
          ],
        }
      : {}),
  };
}
