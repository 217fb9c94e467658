import type { MailMessage } from '../../../providers/mail';
import { button, escapeHtml, layout } from '../../../providers/mail/layout';

/** Tells a vendor its account is live: its active services are now quoted. */
export function vendorActivatedEmail(to: string, shopName: string | null, dashboardUrl: string): MailMessage {
  const name = shopName ?? 'your business';
  return {
    to,
    subject: 'Your Consign vendor account is active',
    text: `Good news: ${name} is now active on Consign. Your active courier services appear in customers' quotes from now on.\n\nOpen your dashboard: ${dashboardUrl}\n`,
    html: layout(
      'Your Consign vendor account is active',
      `<p>Good news: <strong>${escapeHtml(name)}</strong> is now active on Consign.</p>
<p>Your active courier services appear in customers' quotes from now on.</p>${button(dashboardUrl, 'Open your dashboard')}`,
      'your Consign vendor account',
    ),
  };
}

/**
 * Tells a vendor it is suspended and why. Orders already paid stay theirs to complete, which the
 * email states so they are not abandoned.
 */
export function vendorSuspendedEmail(to: string, shopName: string | null, reason: string): MailMessage {
  const name = shopName ?? 'your business';
  const paid = 'Orders already paid stay with you: please complete them as agreed.';
  return {
    to,
    subject: 'Your Consign vendor account is suspended',
    text: `${name} is suspended on Consign: your services no longer appear in quotes and you cannot take new jobs.\n\nReason: ${reason}\n\n${paid}\n\nReply to this email if you believe this is a mistake.\n`,
    html: layout(
      'Your Consign vendor account is suspended',
      `<p><strong>${escapeHtml(name)}</strong> is suspended on Consign: your services no longer appear in quotes and you cannot take new jobs.</p>
<p><strong>Reason:</strong> ${escapeHtml(reason)}</p><p>${paid}</p>
<p>Reply to this email if you believe this is a mistake.</p>`,
      'your Consign vendor account',
    ),
  };
}
