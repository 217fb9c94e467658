import type { MailMessage } from '../../providers/mail';
import { escapeHtml, oneLine, type Rows, table, textRows } from '../../providers/mail/layout';

/** Tells staff a vendor has finished onboarding and is waiting for review. */
export function onboardingSubmittedEmail(
  to: string,
  v: { vendorId: string; shopName: string | null; adminUrl: string },
): MailMessage {
  const name = v.shopName ? oneLine(v.shopName) : 'A new courier business';
  const rows: Rows = [
    ['Business', name],
    ['Vendor id', v.vendorId],
  ];
  return {
    to,
    subject: `Vendor onboarding submitted: ${name}`,
    text: `${textRows(rows)}\n\nReview the answers and documents, then activate the business: ${v.adminUrl}\n`,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vendor onboarding submitted</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a2233">
<p style="font-size:18px;font-weight:bold;color:#0b3d91">A courier business finished onboarding</p>
${table(rows)}
<p><a href="${escapeHtml(v.adminUrl)}">Review it in the admin console</a></p>
</body></html>`,
  };
}
