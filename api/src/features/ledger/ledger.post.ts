/**
 * Writing the ledger. Every function here runs inside the transaction of the change that moves
 * the money (the capture recorded, the refund recorded, the job accepted, the payout run, the
 * payout item returned) and only inserts: entries are never edited. A movement written twice
 * fails on `ledger_movement_unique` and rolls its change back rather than counting twice.
 *
 * Accounts: a courier's (vendorId), the platform's (commission, goodwill) and `unassigned`
 * (a job's payment until a courier accepts the job).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FinanceConfig } from '../../config';
import type { Tx } from '../../db/client';
import { creditNotes, ledgerEntries, orderCommissions, receipts } from '../../db/schema';
import type { Currency } from '../../domain/currency';
import type { LedgerAccount, LedgerKind, RefundBearer } from '../../domain/finance';
import { commissionOf, commissionRateOf, commissionReturned } from './commission';

type NewEntry = typeof ledgerEntries.$inferInsert;

/** Who earns a captured payment: the courier of the order it paid for, or nobody yet (an open job). */
export type Payee = { vendorId: string; orderId: string };

/**
 * One payee's part of a payment. A payment is split when it pays for several orders at once (a
 * batch's charge, an order per row, each with its own courier): one share per order, the
 * shares summing to the payment.
 */
export type PayeeShare = Payee & { amount: number };

export type PaymentFacts = { id: string; amount: number; currency: Currency };

async function insertEntries(tx: Tx, entries: NewEntry[]) {
  // A zero entry says nothing (no commission, say) and would only crowd the statement.
  const moving = entries.filter((e) => e.amount !== 0);
  if (moving.length) await tx.insert(ledgerEntries).values(moving);
}

const entry = (
  account: LedgerAccount,
  kind: LedgerKind,
  amount: number,
  facts: Omit<NewEntry, 'account' | 'kind' | 'amount'>,
): NewEntry => ({ account, kind, amount, ...facts });

/**
 * The courier's share of `gross` and the platform's commission on it, with the rate in force
 * snapshotted on the order.
 */
async function earn(
  tx: Tx,
  payee: Payee,
  paymentId: string,
  gross: number,
  currency: Currency,
  defaults: FinanceConfig['commission'],
  now: Date,
  ref = paymentId,
): Promise<NewEntry[]> {
  const rate = await commissionRateOf(tx, payee.vendorId, defaults);
  const commission = commissionOf(gross, rate);
  await tx.insert(orderCommissions).values({
    orderId: payee.orderId,
    vendorId: payee.vendorId,
    paymentId,
    currency,
    gross,
    percentBp: rate.percentBp,
    fixed: rate.fixed,
    amount: commission,
    createdAt: now,
  });
  const facts = { currency, paymentId, orderId: payee.orderId, ref, at: now };
  return [
    entry('courier', 'sale', gross, { ...facts, vendorId: payee.vendorId }),
    entry('courier', 'commission', -commission, { ...facts, vendorId: payee.vendorId }),
    entry('platform', 'commission', commission, facts),
  ];
}

/**
 * A capture recorded: each payee earns its share and the platform its commission on it, or, with
 * no payee yet, the job's money waits unassigned. A split payment's movements are told apart by
 * their order (`ref` = `<payment id>:<order id>`); a payment with one payee keeps the payment's id.
 */
export async function postCapture(
  tx: Tx,
  input: {
    payment: PaymentFacts;
    payees: readonly PayeeShare[];
    commission: FinanceConfig['commission'];
    now: Date;
  },
): Promise<void> {
  const { payment, payees, now } = input;
  if (payees.length) {
    const sum = payees.reduce((total, share) => total + share.amount, 0);
    if (sum !== payment.amount) {
      throw new Error(`payment ${payment.id}: its shares sum to ${sum}, not the ${payment.amount} paid`);
    }
    const split = payees.length > 1;
    const entries: NewEntry[] = [];
    for (const share of payees) {
      const ref = split ? `${payment.id}:${share.orderId}` : payment.id;
      entries.push(
        ...(await earn(tx, share, payment.id, share.amount, payment.currency, input.commission, now, ref)),
      );
    }
    await insertEntries(tx, entries);
    return;
  }
  await insertEntries(tx, [
    entry('unassigned', 'job_payment', payment.amount, {
      currency: payment.currency,
      paymentId: payment.id,
      ref: payment.id,
      at: now,
    }),
  ]);
}

/** A job accepted: what its payment still holds moves to the courier, less the commission. */
export async function assignPayment(
  tx: Tx,
  input: {
    paymentId: string;
    payee: Payee;
    currency: Currency;
    commission: FinanceConfig['commission'];
    now: Date;
  },
): Promise<void> {
  const { paymentId, payee, currency, now } = input;
  const [held] = await tx
    .select({ amount: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'unassigned'), eq(ledgerEntries.paymentId, paymentId)));
  const amount = held?.amount ?? 0;
  if (amount <= 0) return;
  await insertEntries(tx, [
    entry('unassigned', 'job_assigned', -amount, {
      currency,
      paymentId,
      orderId: payee.orderId,
      ref: paymentId,
      at: now,
    }),
    ...(await earn(tx, payee, paymentId, amount, currency, input.commission, now)),
  ]);
}

export type RefundFacts = {
  id: string;
  paymentId: string;
  /** Which order of a split payment it gives back; null: the payment's only order (or job). */
  orderId: string | null;
  amount: number;
  currency: Currency;
  bearer: RefundBearer;
  reason: string;
};

/**
 * A refund recorded. Borne by the courier: out of its earnings, and the commission on the
 * refunded part goes back to it. Borne by the platform (goodwill): out of the platform's account,
 * the courier keeps what it earned. A job's payment not yet assigned simply holds less.
 */
export async function postRefund(tx: Tx, refund: RefundFacts, now: Date): Promise<void> {
  const snapshots = await tx.query.orderCommissions.findMany({
    where: refund.orderId
      ? and(eq(orderCommissions.paymentId, refund.paymentId), eq(orderCommissions.orderId, refund.orderId))
      : eq(orderCommissions.paymentId, refund.paymentId),
  });
  // A split payment is refunded order by order: which courier gives the money back must be said.
  if (snapshots.length > 1) throw new Error(`refund ${refund.id} of a split payment names no order`);
  const snapshot = snapshots[0];
  const facts = {
    currency: refund.currency,
    paymentId: refund.paymentId,
    refundId: refund.id,
    ref: refund.id,
    memo: refund.reason,
    at: now,
  };
  if (!snapshot) {
    await insertEntries(tx, [entry('unassigned', 'refund', -refund.amount, facts)]);
    return;
  }
  const assigned = { ...facts, orderId: snapshot.orderId };
  if (refund.bearer === 'platform') {
    await insertEntries(tx, [entry('platform', 'refund', -refund.amount, assigned)]);
    return;
  }
  const [before] = await tx
    .select({ amount: sql<number>`coalesce(-sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'courier'),
        eq(ledgerEntries.kind, 'refund'),
        eq(ledgerEntries.paymentId, refund.paymentId),
        eq(ledgerEntries.orderId, snapshot.orderId),
      ),
    );
  const back = commissionReturned(snapshot.gross, snapshot.amount, before?.amount ?? 0, refund.amount);
  const courier = { ...assigned, vendorId: snapshot.vendorId };
  await insertEntries(tx, [
    entry('courier', 'refund', -refund.amount, courier),
    entry('courier', 'commission_refund', back, courier),
    entry('platform', 'commission_refund', -back, assigned),
  ]);
}

export type PayoutItemFacts = { id: string; vendorId: string; amount: number; currency: Currency };

/** A payout item written with its run: the money leaves the courier's available balance at once. */
export async function postPayout(tx: Tx, item: PayoutItemFacts, now: Date): Promise<void> {
  await insertEntries(tx, [
    entry('courier', 'payout', -item.amount, {
      vendorId: item.vendorId,
      currency: item.currency,
      payoutItemId: item.id,
      ref: item.id,
      at: now,
    }),
  ]);
}

/** A payout item that failed, came back or was never claimed: the money is the courier's again. */
export async function postPayoutReturned(
  tx: Tx,
  item: PayoutItemFacts,
  reason: string,
  now: Date,
): Promise<void> {
  await insertEntries(tx, [
    entry('courier', 'payout_returned', item.amount, {
      vendorId: item.vendorId,
      currency: item.currency,
      payoutItemId: item.id,
      ref: item.id,
      memo: reason,
      at: now,
    }),
  ]);
}

/** A claim payout attempt: who bears it (a courier, or the platform when `vendorId` is null), for whom. */
export type ClaimPayoutFacts = {
  id: string;
  orderId: string;
  vendorId: string | null;
  amount: number;
  currency: Currency;
};

const claimPayoutEntry = (
  kind: LedgerKind,
  amount: number,
  attempt: ClaimPayoutFacts,
  now: Date,
  memo?: string,
) =>
  entry(attempt.vendorId ? 'courier' : 'platform', kind, amount, {
    vendorId: attempt.vendorId,
    currency: attempt.currency,
    orderId: attempt.orderId,
    ref: attempt.id,
    memo: memo ?? null,
    at: now,
  });

/**
 * The part of a claim paid by PayPal payout beyond the order's payment, written with the attempt
 * before PayPal is asked: it leaves the bearer's account at once, as a payout does.
 */
export async function postClaimPayout(tx: Tx, attempt: ClaimPayoutFacts, now: Date): Promise<void> {
  await insertEntries(tx, [claimPayoutEntry('claim_payout', -attempt.amount, attempt, now)]);
}

/** A claim payout that failed, came back or was never claimed: the money is the bearer's again. */
export async function postClaimPayoutReturned(
  tx: Tx,
  attempt: ClaimPayoutFacts,
  reason: string,
  now: Date,
): Promise<void> {
  await insertEntries(tx, [claimPayoutEntry('claim_payout_returned', attempt.amount, attempt, now, reason)]);
}

/**
 * The payment's VAT receipt, numbered next in line (the immediate transaction holds the write
 * lock, so two receipts cannot take one number). Issued once per payment.
 */
export async function issueReceipt(tx: Tx, payment: PaymentFacts, now: Date) {
  const existing = await tx.query.receipts.findFirst({ where: eq(receipts.paymentId, payment.id) });
  if (existing) return existing;
  const [next] = await tx
    .select({ number: sql<number>`coalesce(max(${receipts.number}), 0) + 1` })
    .from(receipts);
  const [row] = await tx
    .insert(receipts)
    .values({
      number: next?.number ?? 1,
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      issuedAt: now,
    })
    .returning();
  if (!row) throw new Error(`receipt for payment ${payment.id} was not written`);
  return row;
}

/** A completed refund's credit note, referring to the payment's receipt (issued now if it has none). */
export async function issueCreditNote(tx: Tx, refund: RefundFacts, payment: PaymentFacts, now: Date) {
  const receipt = await issueReceipt(tx, payment, now);
  const [next] = await tx
    .select({ number: sql<number>`coalesce(max(${creditNotes.number}), 0) + 1` })
    .from(creditNotes);
  await tx
    .insert(creditNotes)
    .values({
      number: next?.number ?? 1,
      receiptId: receipt.id,
      refundId: refund.id,
      amount: refund.amount,
      currency: refund.currency,
      issuedAt: now,
    })
    .onConflictDoNothing({ target: creditNotes.refundId });
}
