/**
 * An order's payment: which one paid for it (its own, or for an order made from a job the
 * job's), and whether it can be paid now.
 */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { batchRows, orderReturns, returnCharges } from '../../db/schema';
import { findPayment, findPayments, type PaymentRow } from '../payments';
import type { OrderRow } from './order-store';

export const PRICE_EXPIRED_MESSAGE =
  'The price of this order held for 30 minutes and has expired; please get a new quote';
export const NOT_PAYABLE_MESSAGE = 'This price cannot be paid: a total must be more than zero';
/** Awaiting payment and still within its price's validity (orders without one never expire). */
export function isPayable(order: Pick<OrderRow, 'status' | 'priceValidUntil'>, now: Date): boolean {
  if (order.status !== 'awaiting_payment') return false;
  return !order.priceValidUntil || order.priceValidUntil.getTime() > now.getTime();
}

/** An order's payment: its own, or, for an order made from a job, the job's, which paid for it. */
export async function orderPayment(
  db: AppDeps['db'],
  order: Pick<OrderRow, 'id' | 'jobId'>,
): Promise<PaymentRow | undefined> {
  return (
    (await findPayment(db, { kind: 'order', id: order.id })) ??
    (order.jobId ? await findPayment(db, { kind: 'job', id: order.jobId }) : undefined)
  );
}

/**
 * An order a batch made (docs/batches.md) was paid by the batch's charge: that payment, and the
 * order's share of it (the row's amount), which is all its cancellation gives back.
 */
export async function batchPaymentShare(
  db: AppDeps['db'],
  order: Pick<OrderRow, 'id'>,
): Promise<{ payment: PaymentRow; share: { orderId: string; amount: number } } | undefined> {
  const row = await db.query.batchRows.findFirst({
    where: eq(batchRows.orderId, order.id),
    columns: { chargeId: true, amount: true },
  });
  if (!row?.chargeId || !row.amount) return undefined;
  const payment = await findPayment(db, { kind: 'batch', id: row.chargeId });
  return payment && { payment, share: { orderId: order.id, amount: row.amount } };
}

/**
 * A return its partner paid for (docs/claims-and-returns.md, "Charging the partner") was paid by the
 * partner's return charge: that payment, and the return order's share of it (its total).
 */
export async function returnChargeShare(
  db: AppDeps['db'],
  order: Pick<OrderRow, 'id' | 'total'>,
): Promise<{ payment: PaymentRow; share: { orderId: string; amount: number } } | undefined> {
  const [row] = await db
    .select({ chargeId: returnCharges.id })
    .from(orderReturns)
    .innerJoin(returnCharges, eq(returnCharges.id, orderReturns.chargeId))
    .where(and(eq(orderReturns.returnOrderId, order.id), eq(returnCharges.status, 'paid')));
  if (!row) return undefined;
  const payment = await findPayment(db, { kind: 'return_charge', id: row.chargeId });
  return payment && { payment, share: { orderId: order.id, amount: order.total } };
}

/** orderPayment for a page of orders in two queries, by order id. */
export async function orderPayments(
  db: AppDeps['db'],
  page: readonly Pick<OrderRow, 'id' | 'jobId'>[],
): Promise<Map<string, PaymentRow>> {
  const jobIds = page.flatMap((o) => (o.jobId ? [o.jobId] : []));
  const [own, viaJob] = await Promise.all([
    findPayments(
      db,
      'order',
      page.map((o) => o.id),
    ),
    findPayments(db, 'job', jobIds),
  ]);
  const byOrder = new Map(own.map((p) => [p.orderId, p]));
  const byJob = new Map(viaJob.map((p) => [p.jobId, p]));
  const found = new Map<string, PaymentRow>();
  for (const o of page) {
    const payment = byOrder.get(o.id) ?? (o.jobId ? byJob.get(o.jobId) : undefined);
    if (payment) found.set(o.id, payment);
  }
  return found;
}

/** Starts (or resumes) paying for an order: the provider order, created once per order. */
