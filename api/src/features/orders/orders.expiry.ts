/**
 * Unpaid orders expire: an order nobody paid for is cancelled a while after its price expired,
 * through the order-change command, so the customer sees why on its timeline.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { startSweep } from '../../lib/sweep';
import { SYSTEM_ACTOR } from './order-store';
import { changeOrder } from './orders.change';

/**
 * An unpaid order is cancelled this long after its price expired. Not at once: a payment started
 * in time may still be approved at the provider and captured in the meantime.
 */
export const UNPAID_ORDER_GRACE_MS = 60 * 60 * 1000;
export const UNPAID_ORDER_EXPIRED_NOTE =
  'Not paid while its price held (30 minutes from the quote); the order expired';

/**
 * Cancels orders nobody paid for UNPAID_ORDER_GRACE_MS after their price expired, so they do
 * not stay payable forever; the customer sees why on the order's timeline.
 */
export async function expireUnpaidOrders(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - UNPAID_ORDER_GRACE_MS);
  const stale = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lt(orders.priceValidUntil, cutoff)))
    .limit(500);
  let expired = 0;
  for (const { id } of stale) {
    try {
      await changeOrder(deps, {
        orderId: id,
        to: 'cancelled',
        actor: SYSTEM_ACTOR,
        note: UNPAID_ORDER_EXPIRED_NOTE,
      });
      expired++;
    } catch (err) {
      // Paid (or cancelled) in the meantime: nothing to expire.
      if (!(err instanceof AppError)) throw err;
    }
  }
  return expired;
}

export const UNPAID_ORDER_SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/** Runs expireUnpaidOrders every few minutes in this process (main.ts). */
export function startUnpaidOrderExpiry(deps: AppDeps, intervalMs = UNPAID_ORDER_SWEEP_INTERVAL_MS) {
  return startSweep('unpaid order expiry', intervalMs, () => expireUnpaidOrders(deps), deps.logger);
}
