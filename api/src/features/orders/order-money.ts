import { sql } from 'drizzle-orm';
import { type OrderStatus, orders, payments } from '../../db/schema';

/** Minor units of one currency. */
export interface OrderMoney {
  /** What the customer paid: the order's total (net + VAT + cover fee) once paid, else 0. */
  paid: number;
  /** What went back to the customer (in full or in part), never more than was paid. */
  refunded: number;
  /** What the marketplace keeps: revenue. Nothing for a cancelled order, whose payment is refunded. */
  net: number;
}

/**
 * The one rule for an order's money; every figure (the admin dashboard, a courier's stats, a
 * customer's total spent, the order itself) goes through it. It is linear in paid and refunded, so
 * it also gives the money of a group of orders of one status from their sums.
 */
export function orderMoney(o: { status: OrderStatus; paid: number; refunded: number }): OrderMoney {
  const paid = Math.max(0, o.paid);
  const refunded = Math.min(paid, Math.max(0, o.refunded));
  return { paid, refunded, net: o.status === 'cancelled' ? 0 : paid - refunded };
}

/** One order's money, from its status, total and paid time and its payment (see orderPayment). */
export function moneyOfOrder(
  order: { status: OrderStatus; paidAt: Date | null; total: number },
  payment: { refundedAmount: number } | null | undefined,
): OrderMoney {
  return orderMoney({
    status: order.status,
    paid: order.paidAt ? order.total : 0,
    refunded: orderRefundedOf(payment),
  });
}

/** What an order's payment has refunded so far (an order made from a job was paid as the job). */
function orderRefundedOf(payment: { refundedAmount: number } | null | undefined): number {
  return payment?.refundedAmount ?? 0;
}

/** SQL: the order's total if paid, else 0 (for sums of OrderMoney.paid). */
export const paidSql = sql<number>`case when ${orders.paidAt} is not null then ${orders.total} else 0 end`;

/**
 * SQL: what the payment of the order in the row (its own, or its job's) has refunded, as
 * orderPayment() finds it: two lookups on the payments' unique order and job indexes.
 */
export const refundedSql = sql<number>`coalesce(
  (select ${payments.refundedAmount} from ${payments} where ${payments.orderId} = ${orders.id}),
  (select ${payments.refundedAmount} from ${payments} where ${orders.jobId} is not null and ${payments.jobId} = ${orders.jobId}),
  0)`;

/** Adds the OrderMoney of groups (one currency) into one. */
export function sumMoney(groups: readonly OrderMoney[]): OrderMoney {
  return groups.reduce(
    (sum, m) => ({ paid: sum.paid + m.paid, refunded: sum.refunded + m.refunded, net: sum.net + m.net }),
    { paid: 0, refunded: 0, net: 0 },
  );
}
