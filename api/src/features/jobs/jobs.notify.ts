/**
 * Job emails to the customer: posted (paid), accepted (it is now an order), withdrawn and
 * expired (with the refund). Sent after the change is committed; a mail failure is logged and
 * never undoes the change.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { type jobs, users } from '../../db/schema';
import { formatMoney } from '../../lib/money';
import type { MailMessage } from '../../providers/mail';
import { type OrderRow, orderReference } from '../orders/order-store';
import type { RefundNote } from '../orders/orders.emails';

type JobRow = typeof jobs.$inferSelect;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 80);

const place = (a: JobRow['collectionAddress']) => `${a.town}, ${a.postcode}, ${a.country}`;

function rows(job: JobRow): [string, string][] {
  return [
    ['Job', orderReference(job.id)],
    ['Contents', job.contents],
    ['From', place(job.collectionAddress)],
    ['To', place(job.deliveryAddress)],
    ['Collection date', job.collectionDate],
    ['Asking price', formatMoney({ amount: job.askingPrice, currency: job.currency })],
  ];
}

function message(
  to: string,
  subject: string,
  lines: string[],
  table: [string, string][],
  link: string,
): MailMessage {
  const text = `${lines.join('\n')}\n\n${table.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${link}\n`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1a2233">
<div style="max-width:560px;margin:24px auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="font-size:20px;font-weight:bold;color:#0b3d91;margin:0 0 16px">Consign</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<table role="presentation" cellpadding="4" cellspacing="0">${table
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="padding-right:16px">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b3d91;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Open your dashboard</a></p>
</div></body></html>`;
  return { to, subject, text, html };
}

const refundLine = (job: JobRow, refund: RefundNote) => {
  const amount = formatMoney({ amount: job.askingPrice, currency: job.currency });
  if (refund === 'refunded') return [`Your payment of ${amount} has been refunded.`];
  if (refund === 'refund_pending') return [`Your payment of ${amount} will be refunded shortly.`];
  return [];
};

export function jobPostedEmail(to: string, job: JobRow, link: string): MailMessage {
  const ref = orderReference(job.id);
  return message(
    to,
    `Job ${ref} is posted: ${oneLine(job.contents)}`,
    [
      `Payment received: your job ${ref} is now open to couriers.`,
      'We will email you when a courier accepts it. If none does within 7 days it expires and you are refunded in full; you may also withdraw it while it is open.',
    ],
    rows(job),
    link,
  );
}

export function jobAcceptedEmail(to: string, job: JobRow, order: OrderRow, link: string): MailMessage {
  const ref = orderReference(job.id);
  const orderRef = orderReference(order.id);
  return message(
    to,
    `Job ${ref} was accepted: it is now order ${orderRef}`,
    [
      `Good news: ${order.vendorName} accepted your job ${ref} with ${order.serviceName}.`,
      `It is now order ${orderRef}${order.trackingNumber ? `, tracking number ${order.trackingNumber}` : ''}. Print the label from your dashboard and attach it to the parcel before collection.`,
    ],
    [...rows(job), ['Order', orderRef], ['Courier', `${order.serviceName} (${order.vendorName})`]],
    link,
  );
}

export function jobClosedEmail(to: string, job: JobRow, refund: RefundNote, link: string): MailMessage {
  const ref = orderReference(job.id);
  const expired = job.status === 'expired';
  return message(
    to,
    expired ? `Job ${ref} expired` : `Job ${ref} withdrawn`,
    [
      expired
        ? `No courier accepted your job ${ref} within 7 days, so it has expired.`
        : `Your job ${ref} has been withdrawn.`,
      ...refundLine(job, refund),
    ],
    rows(job),
    link,
  );
}

async function customerEmail(deps: AppDeps, customerId: string) {
  const row = await deps.db.query.users.findFirst({
    where: eq(users.id, customerId),
    columns: { email: true },
  });
  return row?.email ?? null;
}

/** Sends one job email to the job's customer; failures are logged, never thrown. */
export async function notifyJobCustomer(
  deps: AppDeps,
  job: JobRow,
  build: (to: string, link: string) => MailMessage,
  kind: string,
) {
  try {
    const to = await customerEmail(deps, job.customerId);
    if (to) await deps.mailer.send(build(to, `${deps.config.publicUrl}/dashboard`));
  } catch (err) {
    deps.logger.error({ err, jobId: job.id, mail: kind }, 'job email could not be sent');
  }
}
