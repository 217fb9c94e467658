import { formatPeopleDateTime } from '../../domain/uk-days';
import type { MailMessage } from '../../providers/mail';
import { escapeHtml, oneLine, type Rows, table, textRows } from '../../providers/mail/layout';

export type ContactDetails = { name: string; phone: string; email: string; message: string };

/** The staff notification for a contact-form message; every value the sender typed is escaped. */
export function contactMessageEmail(to: string, m: ContactDetails, receivedAt: Date): MailMessage {
  const when = formatPeopleDateTime(receivedAt);
  const rows: Rows = [
    ['Name', m.name],
    ['Email', m.email],
    ['Phone', m.phone],
    ['Received', when],
  ];
  return {
    to,
    subject: `Contact form: message from ${oneLine(m.name)}`,
    text: `${textRows(rows)}\n\n${m.message}\n\nReply to the sender at ${m.email}.\n`,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contact form message</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a2233">
<p style="font-size:18px;font-weight:bold;color:#0b3d91">New message from the contact form</p>
${table(rows)}
<p style="white-space:pre-wrap;border-left:3px solid #0b3d91;padding-left:12px">${escapeHtml(m.message)}</p>
<p><a href="mailto:${encodeURIComponent(m.email)}">Reply to ${escapeHtml(m.email)}</a></p>
</body></html>`,
  };
}
