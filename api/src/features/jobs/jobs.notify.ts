/**
 * Job emails to the customer: posted (paid), accepted (it is now an order), withdrawn and
 * expired (with the refund); and to the couriers whose services could carry a newly paid job.
 * Sent by an outbox subscriber (jobMailSubscriber, lib/outbox.ts) after the change committed;
 * a mail failure never undoes the change, and the outbox retries it.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { jobs, orders, payments } from '../../db/schema';
import { formatMoney } from '../../domain/money';
import { formatPeopleDate } from '../../domain/uk-days';
import { linkBase } from '../../lib/origin';
import type { OutboxEvent, Subscriber } from '../../lib/outbox';
import type { MailMessage } from '../../providers/mail';
import { button, escapeHtml, layout, oneLine, type Rows, table, textRows } from '../../providers/mail/layout';
import { customerEmail, type OrderRow, orderReference } from '../orders';
import type { RefundNote } from '../payments';
import { vendorOwners } from '../vendors';
import { servicesThatCanCarry } from './jobs.matching';

type JobRow = typeof jobs.$inferSelect;

const place = (a: JobRow['collectionAddress']) => `${a.town}, ${a.postcode}, ${a.country}`;

function rows(job: JobRow): Rows {
  return [
    ['Job', orderReference(job.id)],
    ['Contents', job.contents],
    ['From', place(job.collectionAddress)],
    ['To', place(job.deliveryAddress)],
    ['Collection date', formatPeopleDate(job.collectionDate)],
    ['Asking price', formatMoney({ amount: job.askingPrice, currency: job.currency })],
  ];
}

/** One job email: its lines, the job's rows and a link to the dashboard, in text and HTML. */
function message(to: string, subject: string, lines: string[], rows: Rows, link: string): MailMessage {
  const text = `${lines.join('\n')}\n\n${textRows(rows)}\n\n${link}\n`;
  const html = layout(
    subject,
    `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${table(rows)}
${button(link, 'Open your dashboard')}`,
    'a job on your Consign account',
  );
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

/** To a courier one of whose active services could carry a newly paid job. */
export function vendorNewJobEmail(
  to: string,
  job: JobRow,
  serviceNames: readonly string[],
  link: string,
): MailMessage {
  const ref = orderReference(job.id);
  const weight = job.route.parcels.reduce((sum, p) => sum + p.weight, 0);
  return message(
    to,
    `New job ${ref} you can carry: ${oneLine(job.contents)}`,
    [
      `A customer has posted and paid for job ${ref}, and your ${serviceNames.join(', ')} can carry it.`,
      'The first courier to accept it gets the order, at the asking price. Open jobs expire after 7 days.',
    ],
    [...rows(job), ['Parcels', `${job.route.parcels.length} (${weight} kg in all)`]],
    link,
  );
}

/**
 * Emails every active courier with a service that could carry the newly paid job, with the same
 * rules as the vendors' job list (the quotable catalogue and servicesThatCanCarry), so a courier
 * emailed about a job also sees it on /vendor-bids. Throws when any mail failed, so the outbox
 * retries (couriers already told may hear twice: at least once, never never).
 */
export async function notifyVendorsOfNewJob(deps: AppDeps, job: JobRow) {
  const fitting = servicesThatCanCarry(job.route, await deps.catalog.quotable(), deps.now());
  const byVendor = new Map<string, string[]>();
  for (const s of fitting) byVendor.set(s.vendorId, [...(byVendor.get(s.vendorId) ?? []), s.name]);
  if (byVendor.size === 0) return;
  const owners = await vendorOwners(deps.db, [...byVendor.keys()]);
  const link = `${linkBase(deps.config)}/vendor-bids`;
  let failed: unknown = null;
  for (const owner of owners) {
    try {
      await deps.mailer.send(vendorNewJobEmail(owner.email, job, byVendor.get(owner.vendorId) ?? [], link));
    } catch (err) {
      failed = err;
    }
  }
  if (failed) throw failed;
}

export const JOB_EVENTS = {
  /** The asking price was paid: the job is open to couriers. */
  paid: 'job.paid',
  /** A courier accepted it: it is now an order. */
  accepted: 'job.accepted',
  /** Withdrawn by the customer (or staff) or expired; a paid one is refunded. */
  closed: 'job.closed',
} as const;

export type JobClosedData = { jobId: string; status: 'withdrawn' | 'expired'; wasOpen: boolean };

/** The refund of a closed job as it stands when the mail goes (the refund runs after the commit). */
async function refundNoteOf(deps: AppDeps, jobId: string): Promise<RefundNote> {
  const payment = await deps.db.query.payments.findFirst({ where: eq(payments.jobId, jobId) });
  if (payment?.status === 'refunded') return 'refunded';
  if (payment?.status === 'captured') return 'refund_pending';
  return null;
}

/** Sends one job email to the job's customer; throws on failure, so the outbox retries. */
async function mailCustomer(deps: AppDeps, job: JobRow, build: (to: string, link: string) => MailMessage) {
  const to = await customerEmail(deps, job.customerId);
  if (to) await deps.mailer.send(build(to, `${linkBase(deps.config)}/dashboard`));
}

export const jobMailSubscriber: Subscriber<AppDeps> = {
  name: 'job-mail',
  types: Object.values(JOB_EVENTS),
  async targets(_tx, event) {
    return event.type === JOB_EVENTS.paid ? ['customer', 'vendors'] : ['customer'];
  },
  async deliver(deps, event: OutboxEvent, target) {
    const { jobId } = event.data as { jobId: string };
    const job = await deps.db.query.jobs.findFirst({ where: eq(jobs.id, jobId) });
    if (!job) return;
    if (event.type === JOB_EVENTS.paid) {
      if (target === 'vendors') return job.status === 'open' ? notifyVendorsOfNewJob(deps, job) : undefined;
      return mailCustomer(deps, job, (to, link) => jobPostedEmail(to, job, link));
    }
    if (event.type === JOB_EVENTS.accepted) {
      const order = job.orderId
        ? await deps.db.query.orders.findFirst({ where: eq(orders.id, job.orderId) })
        : undefined;
      if (!order) return;
      return mailCustomer(deps, job, (to, link) => jobAcceptedEmail(to, job, order, link));
    }
    const data = event.data as JobClosedData;
    // Nobody paid for an unpaid job that lapsed or was withdrawn: nothing to tell.
    if (!data.wasOpen) return;
    const closed = { ...job, status: data.status };
    const refund = await refundNoteOf(deps, job.id);
    return mailCustomer(deps, closed, (to, link) => jobClosedEmail(to, closed, refund, link));
  },
};
