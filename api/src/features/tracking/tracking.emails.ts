/**
 * The recipient's emails: the parcel is on its way, out for delivery, delivered, a delivery was
 * attempted, or it is delayed. The recipient has no account, so each says who sent what via whom,
 * links to the public tracking page, and carries an RFC 8058 one-click unsubscribe (headers and
 * a link) for this parcel. No street address, name or phone number is repeated: the mail may be
 * forwarded, and the recipient knows where they live.
 */
import { type DeliveryRound, outForDeliveryToday } from '@consign/shared/tracking';
import type { TrackingEventKind } from '../../db/schema';
import { formatPeopleDate } from '../../domain/uk-days';
import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout, oneLine, type Rows, table, textRows } from '../../providers/mail/layout';
import type { OrderRow } from '../orders';

/** The moments a recipient is mailed about. */
export type RecipientMoment = 'on_its_way' | 'delivered' | Exclude<TrackingEventKind, 'exception'>;

const HEADLINES: Record<
  RecipientMoment,
  (courier: string, date: string | null, round: DeliveryRound) => string
> = {
  on_its_way: (courier) => `Your parcel is on its way with ${courier}`,
  // The tracking page's headline, in a sentence: 'out for delivery today, 10:00–12:00'.
  out_for_delivery: (_courier, _date, round) => `Your parcel is ${outForDeliveryToday(round).toLowerCase()}`,
  delivered: () => 'Your parcel has been delivered',
  delivery_attempted: (courier) => `${courier} tried to deliver your parcel`,
  delayed: (_courier, date) =>
    date ? `Your parcel is delayed: now expected ${date}` : 'Your parcel is delayed',
};

export type RecipientMail = {
  to: string;
  order: OrderRow;
  moment: RecipientMoment;
  /** The courier's note with an attempt or a delay (what happened, where the parcel is). */
  note: string | null;
  /** The driver and window given with out for delivery. */
  round: DeliveryRound;
  promised: string | null;
  trackUrl: string;
  /** The RFC 8058 one-click URL (the API's), for the headers. */
  unsubscribeUrl: string;
  /** The page a person opens from the body link to confirm (the tracking page's). */
  unsubscribePageUrl: string;
};

export function recipientEmail(m: RecipientMail): MailMessage {
  const promised = m.promised ? formatPeopleDate(m.promised) : null;
  const headline = HEADLINES[m.moment](m.order.vendorName, promised, m.round);
  const driver = m.moment === 'out_for_delivery' ? m.round.driverName : null;
  // Delivered is past, and out for delivery is today: a promised day beside either would contradict it.
  const expects = m.moment !== 'delivered' && m.moment !== 'out_for_delivery';
  const rows: Rows = [
    ['Courier', `${m.order.vendorName} (${m.order.serviceName})`],
    ['From', m.order.collectionAddress.town],
    ...(driver ? ([['Driver', driver]] as Rows) : []),
    ...(expects && promised ? ([['Expected', promised]] as Rows) : []),
    ...(m.note ? ([['Courier’s note', m.note]] as Rows) : []),
  ];
  const lines = [`${headline}.`, 'Follow it on its tracking page; no account is needed.'];
  const reason = 'a parcel sent to you through Consign';
  return {
    to: m.to,
    subject: oneLine(headline),
    text:
      `${lines.join('\n')}\n\n${textRows(rows)}\n\nTrack your parcel: ${m.trackUrl}\n\n` +
      `No more emails about this parcel: ${m.unsubscribePageUrl}\n`,
    html: layout(
      headline,
      `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${table(rows)}
${button(m.trackUrl, 'Track your parcel')}
<p style="font-size:13px;color:#4b5563"><a href="${escapeHtml(m.unsubscribePageUrl)}">Unsubscribe</a>: no more emails about this parcel.</p>`,
      reason,
    ),
    headers: {
      'List-Unsubscribe': `<${m.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
