/**
 * The invariant of the books (docs/payments.md, "The invariant"): for every courier, for the
 * platform and for the money of jobs not yet accepted, the ledger's entries sum to what was
 * captured for it, less what was refunded, less what was paid out (couriers' payouts, and claims'
 * payouts beyond the order's payment, from the account that bore them). The right-hand side is
 * worked out here from the records of the movements themselves (payments, refunds, commission
 * snapshots, payout items, claim payouts), never from the ledger, so an entry missing, doubled or
 * wrong shows.
 *
 * Also checked: every payment's entries sum to what it kept (paid - refunded), and every captured
 * payment has its receipt and every completed refund its credit note.
 *
 * Run by `pnpm --filter @consign/api finance:check` and by the money tests.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  claimPayouts,
  creditNotes,
  ledgerEntries,
  orderCommissions,
  payments,
  payoutItems,
  receipts,
  refunds,
} from '../../db/schema';
import type { LedgerAccount } from '../../domain/finance';
import { commissionReturned } from './commission';

export type AccountFigures = {
  account: LedgerAccount;
  vendorId: string | null;
  currency: string;
  /** What the account was given by captures (a courier: its share; the platform: commission). */
  captured: number;
  /** What refunds took from it. */
  refunded: number;
  /** What payouts took from it (net of those that came back). */
  paidOut: number;
  /** What moved on to another account (a job's money, to the courier that accepted it). */
  transferred: number;
  /** captured - refunded - paidOut - transferred. */
  expected: number;
  /** The sum of its ledger entries. */
  entries: number;
};

export type BooksCheck = {
  ok: boolean;
  accounts: AccountFigures[];
  /** Each difference and missing document, in words. */
  problems: string[];
  totals: { currency: string; captured: number; refunded: number; paidOut: number; entries: number }[];
};

type Key = `${LedgerAccount}|${string}|${string}`;

export async function checkBooks(db: Database): Promise<BooksCheck> {
  const captured = await db
    .select()
    .from(payments)
    .where(inArray(payments.status, ['captured', 'refunded']));
  // One per order paid for: a split payment (a batch's charge) has several.
  const snapshotsOf = new Map<string, (typeof orderCommissions.$inferSelect)[]>();
  for (const s of await db.select().from(orderCommissions))
    snapshotsOf.set(s.paymentId, [...(snapshotsOf.get(s.paymentId) ?? []), s]);
  const completed = await db
    .select()
    .from(refunds)
    .where(sql`${refunds.status} = 'completed'`)
    .orderBy(refunds.paymentId, refunds.seq);
  const refundsOf = new Map<string, (typeof completed)[number][]>();
  for (const r of completed) refundsOf.set(r.paymentId, [...(refundsOf.get(r.paymentId) ?? []), r]);
  const items = await db.select().from(payoutItems);

  const figures = new Map<Key, AccountFigures>();
  const account = (kind: LedgerAccount, vendorId: string | null, currency: string) => {
    const key: Key = `${kind}|${vendorId ?? ''}|${currency}`;
    let found = figures.get(key);
    if (!found) {
      found = {
        account: kind,
        vendorId,
        currency,
        captured: 0,
        refunded: 0,
        paidOut: 0,
        transferred: 0,
        expected: 0,
        entries: 0,
      };
      figures.set(key, found);
    }
    return found;
  };
  const problems: string[] = [];

  for (const payment of captured) {
    const snapshots = snapshotsOf.get(payment.id) ?? [];
    const theirs = refundsOf.get(payment.id) ?? [];
    const sumOf = (list: typeof theirs) => list.reduce((sum, r) => sum + r.amount, 0);
    const recorded = sumOf(theirs);
    if (recorded !== payment.refundedAmount) {
      problems.push(
        `payment ${payment.id}: refunds add up to ${recorded} but the payment says ${payment.refundedAmount} was refunded`,
      );
    }
    const first = snapshots[0];
    if (!first) {
      const held = account('unassigned', null, payment.currency);
      held.captured += payment.amount;
      held.refunded += recorded;
      continue;
    }
    // A job's payment waits unassigned until the job is accepted: what was refunded before then
    // came out of it, and the rest moved on to the courier.
    const before = theirs.filter((r) => r.completedAt && r.completedAt < first.createdAt);
    const after = theirs.filter((r) => !before.includes(r));
    if (payment.jobId) {
      const held = account('unassigned', null, payment.currency);
      held.captured += payment.amount;
      held.refunded += sumOf(before);
      held.transferred += first.gross;
    }
    const platform = account('platform', null, payment.currency);
    for (const snapshot of snapshots) {
      const courier = account('courier', snapshot.vendorId, payment.currency);
      courier.captured += snapshot.gross - snapshot.amount;
      platform.captured += snapshot.amount;
      let courierRefunded = 0;
      // A split payment's refunds name their order; a payment with one order's refunds are its.
      for (const r of after.filter((r) => (r.orderId ?? first.orderId) === snapshot.orderId)) {
        if (r.bearer === 'platform') {
          platform.refunded += r.amount;
          continue;
        }
        const back = commissionReturned(snapshot.gross, snapshot.amount, courierRefunded, r.amount);
        courierRefunded += r.amount;
        courier.refunded += r.amount - back;
        platform.refunded += back;
      }
    }
  }
  for (const item of items) {
    if (item.status === 'returned') continue;
    account('courier', item.vendorId, item.currency).paidOut += item.amount;
  }
  for (const attempt of await db.select().from(claimPayouts)) {
    if (attempt.status === 'failed') continue;
    const bearer = attempt.vendorId
      ? account('courier', attempt.vendorId, attempt.currency)
      : account('platform', null, attempt.currency);
    bearer.paidOut += attempt.amount;
  }

  const sums = await db
    .select({
      account: ledgerEntries.account,
      vendorId: ledgerEntries.vendorId,
      currency: ledgerEntries.currency,
      amount: sql<number>`sum(${ledgerEntries.amount})`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.account, ledgerEntries.vendorId, ledgerEntries.currency);
  for (const s of sums)
    account(s.account, s.account === 'courier' ? s.vendorId : null, s.currency).entries += s.amount;

  for (const f of figures.values()) {
    f.expected = f.captured - f.refunded - f.paidOut - f.transferred;
    if (f.expected !== f.entries) {
      const who = f.account === 'courier' ? `courier ${f.vendorId}` : f.account;
      problems.push(
        `${who} (${f.currency}): entries sum to ${f.entries}, but captured ${f.captured} - refunded ${f.refunded} - paid out ${f.paidOut}${f.transferred ? ` - moved on ${f.transferred}` : ''} = ${f.expected}`,
      );
    }
  }

  // Per payment: its entries (payouts aside) are what it kept.
  const perPayment = await db
    .select({ paymentId: ledgerEntries.paymentId, amount: sql<number>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.paymentId} is not null`)
    .groupBy(ledgerEntries.paymentId);
  const kept = new Map(perPayment.map((p) => [p.paymentId, p.amount]));
  for (const payment of captured) {
    const inBooks = kept.get(payment.id) ?? 0;
    if (inBooks !== payment.amount - payment.refundedAmount) {
      problems.push(
        `payment ${payment.id}: its entries sum to ${inBooks}, but it kept ${payment.amount - payment.refundedAmount}`,
      );
    }
    kept.delete(payment.id);
  }
  for (const [paymentId, amount] of kept) {
    if (amount !== 0)
      problems.push(`payment ${paymentId}: ${amount} in the books for a payment never captured`);
  }

  const receiptFor = new Set((await db.select({ id: receipts.paymentId }).from(receipts)).map((r) => r.id));
  for (const payment of captured) {
    if (!receiptFor.has(payment.id)) problems.push(`payment ${payment.id}: no receipt`);
  }
  const noteFor = new Set((await db.select({ id: creditNotes.refundId }).from(creditNotes)).map((r) => r.id));
  for (const r of completed) if (!noteFor.has(r.id)) problems.push(`refund ${r.id}: no credit note`);

  const totals = new Map<string, BooksCheck['totals'][number]>();
  const total = (currency: string) => {
    let t = totals.get(currency);
    if (!t) {
      t = { currency, captured: 0, refunded: 0, paidOut: 0, entries: 0 };
      totals.set(currency, t);
    }
    return t;
  };
  for (const p of captured) {
    total(p.currency).captured += p.amount;
    total(p.currency).refunded += p.refundedAmount;
  }
  for (const f of figures.values()) {
    total(f.currency).paidOut += f.paidOut;
    total(f.currency).entries += f.entries;
  }
  for (const t of totals.values()) {
    if (t.entries !== t.captured - t.refunded - t.paidOut) {
      problems.push(
        `all accounts (${t.currency}): entries sum to ${t.entries}, but captured ${t.captured} - refunded ${t.refunded} - paid out ${t.paidOut} = ${t.captured - t.refunded - t.paidOut}`,
      );
    }
  }

  return {
    ok: problems.length === 0,
    accounts: [...figures.values()].sort((a, b) =>
      `${a.account}${a.vendorId}`.localeCompare(`${b.account}${b.vendorId}`),
    ),
    problems,
    totals: [...totals.values()],
  };
}
