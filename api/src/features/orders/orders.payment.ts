/**
 * An order's payment: which one paid for it (its own, or for an order made from a job the
 * job's), and whether it can be paid now.
 */
import type { AppDeps } from '../../context';
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
