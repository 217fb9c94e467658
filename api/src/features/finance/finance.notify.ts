/**
 * Refunds tell everyone: every `payment.refunded` (full or part, by staff, the customer, the
 * courier, the system or in PayPal's dashboard) mails the customer, with the credit note, and the
 * courier of the order, with what it means for its earnings. An outbox subscriber (lib/outbox.ts):
 * the refund's transaction wrote the event; this runs after, and is retried on failure.
 */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { batches, batchRows, jobs, ledgerEntries, orders, users } from '../../db/schema';
import { linkBase } from '../../lib/origin';
import type { OutboxEvent, Subscriber } from '../../lib/outbox';
import { batchCreditNoteForRefund } from '../batches';
import { creditNoteForRefund, type OrderRow, orderReference } from '../orders';
import { PAYMENT_EVENTS, type PaymentRefundedData } from '../payments';
import { vendorOwner } from '../vendors';
import { courierRefundEmail, customerRefundEmail } from './finance.emails';

type Target = 'customer' | 'courier';

/** The order a payment paid for: its own, or the one its job became. */
async function orderOf(deps: AppDeps, data: PaymentRefundedData): Promise<OrderRow | undefined> {
  if (data.orderId) return deps.db.query.orders.findFirst({ where: eq(orders.id, data.orderId) });
  if (!data.jobId) return undefined;
  const job = await deps.db.query.jobs.findFirst({
    where: eq(jobs.id, data.jobId),
    columns: { orderId: true },
  });
  return job?.orderId ? deps.db.query.orders.findFirst({ where: eq(orders.id, job.orderId) }) : undefined;
}

/** A batch's row a refund names that never became an order (it failed): its place and its batch. */
async function unbookedRowOf(deps: AppDeps, data: PaymentRefundedData) {
  if (!data.batchChargeId || !data.orderId) return undefined;
  const [row] = await deps.db
    .select({ position: batchRows.position, name: batches.name, ownerId: batches.ownerId })
    .from(batchRows)
    .innerJoin(batches, eq(batches.id, batchRows.batchId))
    .where(eq(batchRows.id, data.orderId));
  return row;
}

async function emailOf(deps: AppDeps, userId: string) {
  const row = await deps.db.query.users.findFirst({ where: eq(users.id, userId), columns: { email: true } });
  return row?.email ?? null;
}

export const refundMailSubscriber: Subscriber<AppDeps> = {
  name: 'refund-mail',
  types: [PAYMENT_EVENTS.refunded],
  async targets(): Promise<Target[]> {
    return ['customer', 'courier'];
  },
  async deliver(deps, event: OutboxEvent, target) {
    const data = event.data as PaymentRefundedData;
    const order = await orderOf(deps, data);
    const row = order ? undefined : await unbookedRowOf(deps, data);
    const currency = data.currency as OrderRow['currency'];
    const facts = {
      reference: orderReference(order?.id ?? data.jobId ?? data.paymentId),
      ...(row ? { unbooked: `row ${row.position} of batch “${row.name}”` } : {}),
      refund: { amount: data.amount, currency },
      paid: { amount: data.paid, currency },
      refundedTotal: { amount: data.refundedTotal, currency },
      full: data.full,
      reason: data.reason.replace(/^Staff: /, ''),
      cancelled: order?.status === 'cancelled',
    };
    const dashboard = `${linkBase(deps.config)}/dashboard`;
    if ((target as Target) === 'customer') {
      // The shop paid for its return, not the shopper who booked it: the shopper is not told.
      if (data.returnChargeId) return;
      const customerId =
        order?.customerId ??
        row?.ownerId ??
        (data.jobId
          ? (
              await deps.db.query.jobs.findFirst({
                where: eq(jobs.id, data.jobId),
                columns: { customerId: true },
              })
            )?.customerId
          : undefined);
      const to = customerId ? await emailOf(deps, customerId) : null;
      if (!to) return;
      // A batch's payment has one receipt for all its rows: its credit note refers to that.
      const batchNote = data.batchChargeId ? await batchCreditNoteForRefund(deps, data.refundId) : null;
      const creditNote = data.batchChargeId
        ? batchNote && { ...batchNote, onDashboard: false }
        : order
          ? await creditNoteForRefund(deps, order, data.refundId)
          : null;
      await deps.mailer.send(customerRefundEmail(to, facts, creditNote, dashboard));
      return;
    }
    // A job no courier accepted has nobody else to tell.
    if (!order) return;
    const owner = await vendorOwner(deps.db, order.vendorId);
    if (!owner) return;
    const entries = await deps.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refundId, data.refundId), eq(ledgerEntries.account, 'courier')));
    const fromEarnings = entries.reduce((sum, e) => sum + e.amount, 0);
    await deps.mailer.send(
      courierRefundEmail(
        owner.email,
        { ...facts, bearer: data.bearer, fromEarnings: { amount: fromEarnings, currency } },
        `${linkBase(deps.config)}/vendor-dashboard`,
      ),
    );
  },
};
