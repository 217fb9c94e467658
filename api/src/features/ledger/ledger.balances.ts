/**
 * Reading the ledger: a courier's balance in three parts, its entries a page at a time, a month's
 * statement, and every courier's balance for the console. Balances are sums of entries, never
 * stored figures.
 *
 * Pending is what the courier earned on orders not yet released: an order's entries are released
 * `holdDays` after it was delivered (the first `delivered` event of its timeline), so a refund
 * soon after delivery still comes out of money not paid out yet. Available is the rest of the
 * balance; paid out is what payouts took (less what came back).
 */
import { and, asc, desc, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { ledgerEntries, orderEvents } from '../../db/schema';
import type { Currency } from '../../domain/currency';
import type { LedgerKind } from '../../domain/finance';
import { type CursorKey, nextCursor, olderThan } from '../../lib/pagination';

const DAY_MS = 86_400_000;

export type CourierBalance = {
  currency: Currency;
  /** Earned on orders not released yet (not delivered, or delivered within the hold). */
  pending: number;
  /** Released and not paid out: what the next payout would pay. May be below zero after a refund. */
  available: number;
  /** Paid out so far, net of payouts that came back. */
  paidOut: number;
};

/** SQL: the entry's order is not released yet at `cutoff` (delivery + hold). */
function unreleased(cutoff: Date): SQL {
  return sql`(${ledgerEntries.orderId} is not null and not exists (
    select 1 from ${orderEvents}
    where ${orderEvents.orderId} = ${ledgerEntries.orderId}
      and ${orderEvents.to} = 'delivered'
      and ${orderEvents.at} <= ${cutoff.getTime()}))`;
}

const releaseCutoff = (now: Date, holdDays: number) => new Date(now.getTime() - holdDays * DAY_MS);

const balanceColumns = (cutoff: Date) => ({
  total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`,
  pending: sql<number>`coalesce(sum(case when ${unreleased(cutoff)} then ${ledgerEntries.amount} else 0 end), 0)`,
  paidOut: sql<number>`coalesce(-sum(case when ${ledgerEntries.kind} in ('payout', 'payout_returned') then ${ledgerEntries.amount} else 0 end), 0)`,
});

type BalanceRow = { total: number; pending: number; paidOut: number };

const toBalance = (currency: Currency, row: BalanceRow | undefined): CourierBalance => ({
  currency,
  pending: row?.pending ?? 0,
  available: (row?.total ?? 0) - (row?.pending ?? 0),
  paidOut: row?.paidOut ?? 0,
});

export async function courierBalance(
  db: Database | Tx,
  vendorId: string,
  currency: Currency,
  now: Date,
  holdDays: number,
): Promise<CourierBalance> {
  const [row] = await db
    .select(balanceColumns(releaseCutoff(now, holdDays)))
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'courier'),
        eq(ledgerEntries.vendorId, vendorId),
        eq(ledgerEntries.currency, currency),
      ),
    );
  return toBalance(currency, row);
}

export type CourierBalanceRow = CourierBalance & { vendorId: string };

/** Every courier's balance per currency (the console's Finance page and the payout run). */
export async function courierBalances(
  db: Database | Tx,
  now: Date,
  holdDays: number,
  filter: { vendorIds?: readonly string[] } = {},
): Promise<CourierBalanceRow[]> {
  const rows = await db
    .select({
      vendorId: sql<string>`${ledgerEntries.vendorId}`,
      currency: sql<Currency>`${ledgerEntries.currency}`,
      ...balanceColumns(releaseCutoff(now, holdDays)),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'courier'),
        filter.vendorIds
          ? sql`${ledgerEntries.vendorId} in (select value from json_each(${JSON.stringify(filter.vendorIds)}))`
          : undefined,
      ),
    )
    .groupBy(ledgerEntries.vendorId, ledgerEntries.currency)
    .orderBy(ledgerEntries.vendorId, ledgerEntries.currency);
  return rows.map((r) => ({ vendorId: r.vendorId, ...toBalance(r.currency, r) }));
}

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** A page of a courier's entries, newest first, after `cursor` when given. */
export async function courierEntries(
  db: Database,
  vendorId: string,
  currency: Currency,
  page: { limit: number; after?: CursorKey | null },
): Promise<{ items: LedgerEntryRow[]; nextCursor: string | null }> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'courier'),
        eq(ledgerEntries.vendorId, vendorId),
        eq(ledgerEntries.currency, currency),
        olderThan({ createdAt: ledgerEntries.at, id: ledgerEntries.id }, page.after ?? null),
      ),
    )
    .orderBy(desc(ledgerEntries.at), desc(ledgerEntries.id))
    .limit(page.limit + 1);
  return {
    items: rows.slice(0, page.limit),
    nextCursor: nextCursor(
      rows.map((r) => ({ createdAt: r.at, id: r.id })),
      page.limit,
    ),
  };
}

export type StatementTotals = Record<'sales' | 'commission' | 'refunds' | 'payouts' | 'other', number>;

/** What a month's statement is made of: the balance before, every entry of the month, the balance after. */
export async function courierMonth(
  db: Database,
  vendorId: string,
  currency: Currency,
  from: Date,
  to: Date,
): Promise<{ opening: number; entries: LedgerEntryRow[]; closing: number; totals: StatementTotals }> {
  const mine = and(
    eq(ledgerEntries.account, 'courier'),
    eq(ledgerEntries.vendorId, vendorId),
    eq(ledgerEntries.currency, currency),
  );
  const [before] = await db
    .select({ amount: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(mine, lt(ledgerEntries.at, from)));
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(and(mine, gte(ledgerEntries.at, from), lt(ledgerEntries.at, to)))
    .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.id));
  const opening = before?.amount ?? 0;
  const totals: StatementTotals = { sales: 0, commission: 0, refunds: 0, payouts: 0, other: 0 };
  for (const e of entries) totals[statementGroup(e.kind)] += e.amount;
  const closing = entries.reduce((sum, e) => sum + e.amount, opening);
  return { opening, entries, closing, totals };
}

function statementGroup(kind: LedgerKind): keyof StatementTotals {
  switch (kind) {
    case 'sale':
      return 'sales';
    case 'commission':
    case 'commission_refund':
      return 'commission';
    case 'refund':
      return 'refunds';
    case 'payout':
    case 'payout_returned':
      return 'payouts';
    default:
      return 'other';
  }
}

/** The platform's commission entries and commission given back, from `from` up to and including `to` (the console's chart buckets them by UK day). */
export async function commissionByDay(db: Database, from: Date, to: Date) {
  return db
    .select({
      // The UK calendar day: SQLite's localtime is the server's, so the offset comes from the caller's bucket.
      at: ledgerEntries.at,
      currency: ledgerEntries.currency,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.account, 'platform'),
        or(eq(ledgerEntries.kind, 'commission'), eq(ledgerEntries.kind, 'commission_refund')),
        gte(ledgerEntries.at, from),
        lte(ledgerEntries.at, to),
      ),
    );
}
