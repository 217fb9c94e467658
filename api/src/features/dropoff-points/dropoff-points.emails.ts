/**
 * The drop-off emails a point sends: "your point can no longer take your parcel, choose another".
 * Everything a courier typed (the point's name) is escaped in the HTML part.
 */
import { formatPeopleDate } from '../../domain/uk-days';
import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout, oneLine, type Rows, table, textRows } from '../../providers/mail/layout';

export function pointUnavailableEmail(
  to: string,
  m: { reference: string; pointName: string; problem: string; collectionDate: string; chooseUrl: string },
): MailMessage {
  const subject = `Choose another drop-off point for order ${m.reference}`;
  const rows: Rows = [
    ['Order', m.reference],
    ['Drop-off point', m.pointName],
    ['Drop-off date', formatPeopleDate(m.collectionDate)],
  ];
  const lines = [
    `The drop-off point you chose for order ${m.reference} can no longer take your parcel:`,
    m.problem,
    'Choose another point (or another date) before you take the parcel there; your label names the point, so print it again once you have chosen.',
  ];
  return {
    to,
    subject: oneLine(subject),
    text: `${lines.join('\n\n')}\n\n${textRows(rows)}\n\nChoose another drop-off point:\n${m.chooseUrl}\n`,
    html: layout(
      subject,
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${table(rows)}
${button(m.chooseUrl, 'Choose another drop-off point')}`,
      'an order on your Consign account',
    ),
  };
}
