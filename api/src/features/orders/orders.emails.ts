/**
 * Order emails, text and HTML. Everything a customer typed (names, contents, notes) is escaped
 * in the HTML part and kept on one line in subjects.
 */
import type { OrderStatus } from '../../db/schema';
import { formatOpenings } from '../../domain/handover';
import { formatMoney } from '../../domain/money';
import { formatPeopleDate } from '../../domain/uk-days';
import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout, oneLine, type Rows, table, textRows } from '../../providers/mail/layout';
import type { OrderDropOffPoint } from '../dropoff-points';
import { type OrderRow, orderReference } from './order-store';
import { statusLabel } from './status';

/** The footer's reason: every order email is about an order on the recipient's account. */
const ORDER_REASON = 'an order on your Consign account';

const place = (a: OrderRow['collectionAddress']) => `${a.town}, ${a.postcode}, ${a.country}`;

/** The rows every customer order email shows; with the public tracking page when there is one. */
function summaryRows(order: OrderRow, trackUrl?: string | null): Rows {
  return [
    ['Order', orderReference(order.id)],
    ['Service', `${order.serviceName} (${order.vendorName})`],
    ['From', place(order.collectionAddress)],
    ['To', place(order.deliveryAddress)],
    ['Collection date', formatPeopleDate(order.collectionDate)],
    ['Estimated delivery', order.estimatedDelivery ? formatPeopleDate(order.estimatedDelivery) : 'Not set'],
    ['Total paid', formatMoney({ amount: order.total, currency: order.currency })],
    ...(order.trackingNumber ? ([['Tracking number', order.trackingNumber]] as Rows) : []),
    // The page the recipient can follow too: share it with them.
    ...(trackUrl ? ([['Tracking page', trackUrl]] as Rows) : []),
  ];
}

/** The chosen drop-off point, and the printerless code the point scans (as a PNG). */
export type PaidDropOff = { point: OrderDropOffPoint; code: { text: string; png: Buffer } | null };

const QR_CID = 'dropoff-code';

function dropOffRows(order: OrderRow, point: OrderDropOffPoint): Rows {
  const { address } = point;
  return [
    ['Drop-off point', point.name],
    ['Address', [address.line1, address.line2, address.town, address.postcode].filter(Boolean).join(', ')],
    [
      `Open ${formatPeopleDate(order.collectionDate)}`,
      point.hoursOnDate.open
        ? formatOpenings(point.hoursOnDate.openings)
        : (point.hoursOnDate.closedReason ?? 'Closed'),
    ],
  ];
}

/** To the customer once the payment is recorded: the booking is confirmed, with the VAT receipt attached. */
export function orderPaidEmail(
  to: string,
  order: OrderRow,
  dashboardUrl: string,
  trackUrl?: string | null,
  dropOff?: PaidDropOff | null,
  receipt?: { number: string; file: { filename: string; bytes: Buffer } } | null,
): MailMessage {
  const ref = orderReference(order.id);
  const rows: Rows = [
    ...summaryRows(order, trackUrl),
    ...(dropOff ? dropOffRows(order, dropOff.point) : []),
    ...(receipt ? ([['VAT receipt', receipt.number]] as Rows) : []),
  ];
  const intl = order.serviceType === 'international';
  const papers = intl ? 'the label and the customs declaration' : 'the label';
  const handover = dropOff
    ? `before you take it to ${dropOff.point.name} on ${formatPeopleDate(order.collectionDate)}`
    : 'before collection';
  const code = dropOff?.code ?? null;
  const instructions = code
    ? `No printer needed: show this QR code (${code.text}) at ${dropOff?.point.name} on ${formatPeopleDate(order.collectionDate)}; they print the label.`
    : `Print ${papers} from your dashboard and attach it to the parcel ${handover}`;
  const attachments = [
    ...(receipt
      ? [{ filename: receipt.file.filename, content: receipt.file.bytes, contentType: 'application/pdf' }]
      : []),
    ...(code
      ? [{ filename: 'drop-off-code.png', content: code.png, contentType: 'image/png', cid: QR_CID }]
      : []),
  ];
  return {
    to,
    subject: `Booking confirmed: order ${ref}`,
    text:
      `Payment completed successfully! Your booking ${ref} is confirmed.\n\n${textRows(rows)}\n\n` +
      `${instructions}${code ? '' : ':'}\n${dashboardUrl}\n\n` +
      'You can cancel within 1 hour of payment, as long as the parcel is not in transit; the payment is then refunded.\n' +
      (receipt ? `\nYour VAT receipt ${receipt.number} is attached, and on your dashboard.\n` : ''),
    html: layout(
      `Booking confirmed: order ${ref}`,
      `<p>Payment completed successfully! Your booking <strong>${escapeHtml(ref)}</strong> is confirmed.</p>
${table(rows)}
<p>${escapeHtml(instructions)}${code ? '' : '.'}</p>
${code ? `<p><img src="cid:${QR_CID}" width="180" height="180" alt="QR code ${escapeHtml(code.text)} for the drop-off point to scan"></p>` : ''}
${button(dashboardUrl, 'Open your dashboard')}
<p style="font-size:13px;color:#4b5563">You can cancel within 1 hour of payment, as long as the parcel is not in transit; the payment is then refunded.</p>${receipt ? `\n<p>Your VAT receipt <strong>${escapeHtml(receipt.number)}</strong> is attached, and on your dashboard.</p>` : ''}`,
      ORDER_REASON,
    ),
    ...(attachments.length ? { attachments } : {}),
  };
}

import type { RefundNote } from '../payments';

/**
 * One order email: its lines, a table of rows and a button, in text and HTML. `linkText` leads the
 * link in the text part; `button` labels it in the HTML part.
 */
function orderMessage(m: {
  to: string;
  subject: string;
  lines: readonly string[];
  rows: Rows;
  url: string;
  linkText: string;
  button: string;
}): MailMessage {
  return {
    to: m.to,
    subject: m.subject,
    text: `${m.lines.join('\n')}\n\n${textRows(m.rows)}\n\n${m.linkText}: ${m.url}\n`,
    html: layout(
      m.subject,
      `${m.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${table(m.rows)}
${button(m.url, m.button)}`,
      ORDER_REASON,
    ),
  };
}

/** To the customer on every later status change. */
export function orderStatusEmail(
  to: string,
  order: OrderRow,
  from: OrderStatus,
  note: string | null,
  refund: RefundNote,
  dashboardUrl: string,
  trackUrl?: string | null,
): MailMessage {
  const ref = orderReference(order.id);
  const now = statusLabel(order.status);
  const lines = [`Your order ${ref} was ${statusLabel(from)} and is now ${now}.`];
  if (note) lines.push(`Note: ${note}`);
  if (refund === 'refunded') {
    lines.push(
      `Your payment of ${formatMoney({ amount: order.total, currency: order.currency })} has been refunded.`,
    );
  } else if (refund === 'refund_pending') {
    lines.push(
      `Your payment of ${formatMoney({ amount: order.total, currency: order.currency })} will be refunded shortly.`,
    );
  }
  return orderMessage({
    to,
    subject: `Order ${ref} is now ${now}`,
    lines,
    rows: summaryRows(order, trackUrl),
    url: dashboardUrl,
    linkText: 'Follow it on your dashboard',
    button: 'Follow your order',
  });
}

/** To the customer when the courier changes an order without moving its status (tracking, date). */
export function orderUpdatedEmail(
  to: string,
  order: OrderRow,
  note: string,
  dashboardUrl: string,
  trackUrl?: string | null,
): MailMessage {
  const ref = orderReference(order.id);
  const lines = [`${order.vendorName} updated your order ${ref}.`, `What changed: ${note}`];
  return orderMessage({
    to,
    subject: `Order ${ref} was updated`,
    lines,
    rows: summaryRows(order, trackUrl),
    url: dashboardUrl,
    linkText: 'Follow it on your dashboard',
    button: 'Follow your order',
  });
}

/** To the vendor's owner when the customer cancels a paid order: it must not be collected. */
export function vendorOrderCancelledEmail(
  to: string,
  order: OrderRow,
  note: string | null,
  dashboardUrl: string,
): MailMessage {
  const ref = orderReference(order.id);
  const rows: Rows = [
    ['Order', ref],
    ['Service', order.serviceName],
    ['Collection date', formatPeopleDate(order.collectionDate)],
    ['Collect from', place(order.collectionAddress)],
    ['Deliver to', place(order.deliveryAddress)],
    ...(note ? ([['Reason', note]] as Rows) : []),
  ];
  const lines = [
    `The customer cancelled order ${ref} for ${order.serviceName}.`,
    'Please do not collect it. The customer’s payment is refunded, and the order no longer counts towards your revenue.',
  ];
  return orderMessage({
    to,
    subject: `Order ${ref} was cancelled by the customer`,
    lines,
    rows,
    url: dashboardUrl,
    linkText: 'Your vendor dashboard',
    button: 'Open your vendor dashboard',
  });
}

/** To the vendor's owner when a paid order arrives for one of its services. */
export function vendorNewOrderEmail(to: string, order: OrderRow, dashboardUrl: string): MailMessage {
  const ref = orderReference(order.id);
  const rows: Rows = [
    ['Order', ref],
    ['Service', order.serviceName],
    ['Collection date', formatPeopleDate(order.collectionDate)],
    ['Estimated delivery', order.estimatedDelivery ? formatPeopleDate(order.estimatedDelivery) : 'Not set'],
    ['Collect from', place(order.collectionAddress)],
    ['Deliver to', place(order.deliveryAddress)],
    ['Contents', order.contents],
    ['Parcels', String(order.parcels.length)],
    ['Chargeable weight', `${order.chargeableWeightKg} kg`],
    ['Price', formatMoney({ amount: order.total, currency: order.currency })],
    ...(order.notes ? ([['Notes', order.notes]] as Rows) : []),
  ];
  return {
    to,
    subject: `New order ${ref}: ${oneLine(order.serviceName)}`,
    text: `A new paid order has arrived for ${order.serviceName}.\n\n${textRows(rows)}\n\nConfirm it on your dashboard: ${dashboardUrl}\n`,
    html: layout(
      `New order ${ref}`,
      `<p>A new paid order has arrived for <strong>${escapeHtml(order.serviceName)}</strong>.</p>
${table(rows)}
${button(dashboardUrl, 'Open your vendor dashboard')}`,
      ORDER_REASON,
    ),
  };
}
