/**
 * The platform's commission (docs/payments.md, "Commission"): a percentage of what the customer
 * paid plus a fixed part, per courier, the configured default for couriers without their own.
 * Pure arithmetic here; the rate in force is snapshotted on the order when it is paid.
 */
import { eq } from 'drizzle-orm';
import type { FinanceConfig } from '../../config';
import type { Database, Tx } from '../../db/client';
import { commissionRates } from '../../db/schema';
import { applyRate } from '../../domain/money';

export type CommissionRate = { percentBp: number; fixed: number };

/**
 * gross x percent, rounded half up to the penny, plus the fixed part, and never more than the
 * gross: a courier is never charged more than the order brought in.
 */
export function commissionOf(gross: number, rate: CommissionRate): number {
  if (!Number.isSafeInteger(gross) || gross < 0)
    throw new RangeError(`gross must be whole minor units, got ${gross}`);
  return Math.min(gross, applyRate(gross, rate.percentBp) + rate.fixed);
}

export type RateInForce = CommissionRate & {
  /** Whether the courier has a rate of its own, or pays the configured default. */
  custom: boolean;
  updatedAt: Date | null;
};

/** The courier's rate, or the configured default. */
export async function commissionRateOf(
  db: Database | Tx,
  vendorId: string,
  defaults: FinanceConfig['commission'],
): Promise<RateInForce> {
  const row = await db.query.commissionRates.findFirst({ where: eq(commissionRates.vendorId, vendorId) });
  return row
    ? { percentBp: row.percentBp, fixed: row.fixed, custom: true, updatedAt: row.updatedAt }
    : { ...defaults, custom: false, updatedAt: null };
}

/**
 * What each side gives back on a refund the courier bears: the refund itself, and the share of
 * the commission that was charged on the refunded part, so that commission is only ever earned
 * on what the customer kept. Worked out on the running total of the courier's refunds, so that
 * parts add up to the whole: refunding everything returns exactly the commission charged.
 */
export function commissionReturned(
  gross: number,
  commission: number,
  courierRefundedBefore: number,
  amount: number,
): number {
  if (gross <= 0) return 0;
  // round(commission x refunded / gross), half up, in integers (BigInt: the product can pass 2^53).
  const share = (refunded: number) =>
    Number(
      (BigInt(commission) * BigInt(Math.min(refunded, gross)) * 2n + BigInt(gross)) / (2n * BigInt(gross)),
    );
  return share(courierRefundedBefore + amount) - share(courierRefundedBefore);
}
