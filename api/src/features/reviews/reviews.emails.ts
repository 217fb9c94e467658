import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout, oneLine } from '../../providers/mail/layout';

/** To the customer when an order is delivered: one invitation to rate it. */
export function reviewInviteEmail(
  to: string,
  v: { reference: string; vendorName: string; serviceName: string; reviewUrl: string; days: number },
): MailMessage {
  const courier = oneLine(v.vendorName);
  return {
    to,
    subject: `Delivered: how did ${courier} do? (order ${v.reference})`,
    text:
      `Your order ${v.reference} with ${courier} (${oneLine(v.serviceName)}) has been delivered.\n\n` +
      'Rate the delivery from 1 to 5, with a comment if you like; it takes a few seconds and helps ' +
      `other customers choose a courier:\n${v.reviewUrl}\n\n` +
      `You can change your review for ${v.days} days after writing it.\n`,
    html: layout(
      `How did ${courier} do?`,
      `<p>Your order <strong>${escapeHtml(v.reference)}</strong> with ${escapeHtml(courier)} (${escapeHtml(oneLine(v.serviceName))}) has been delivered.</p>
<p>Rate the delivery from 1 to 5, with a comment if you like; it takes a few seconds and helps other customers choose a courier.</p>
${button(v.reviewUrl, 'Rate your delivery')}
<p style="font-size:13px;color:#4b5563">You can change your review for ${v.days} days after writing it.</p>`,
      'an order on your Consign account',
    ),
  };
}
