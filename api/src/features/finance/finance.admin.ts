/**
 * The console's Finance page and the money on a courier's page: commission earned over time,
 * every courier's balance, refunds by who bore them, the invariant's result, and setting a
 * courier's commission with a reason (audited).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { commissionRates, ledgerEntries, payoutAccounts, refunds, vendors } from '../../db/schema';
import type { Currency } from '../../domain/currency';
import { addCalendarDays, ukToday } from '../../domain/uk-days';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import { checkBooks, commissionByDay, commissionRateOf, courierBalance, courierBalances } from '../ledger';
import { vendorPayouts } from '../payouts';

/** Days of commission the chart shows. */
export const CHART_DAYS = 90;

type Point = { period: string; currency: Currency; amount: number };

/** Monday of the UK week a day is in, "YYYY-MM-DD". */
function weekOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addCalendarDays(day, -((weekday + 6) % 7));
}

function bucket(
  rows: { day: string; currency: Currency; amount: number }[],
  key: (day: string) => string,
): Point[] {
  const sums = new Map<string, Point>();
  for (const row of rows) {
    const period = key(row.day);
    const id = `${period}|${row.currency}`;
    const point = sums.get(id) ?? { period, currency: row.currency, amount: 0 };
    point.amount += row.amount;
    sums.set(id, point);
  }
  return [...sums.values()].sort(
    (a, b) => a.period.localeCompare(b.period) || a.currency.localeCompare(b.currency),
  );
}

export async function financeSummary(deps: AppDeps) {
  const { db } = deps;
  const now = deps.now();
  const today = ukToday(now);
  const from = new Date(now.getTime() - CHART_DAYS * 86_400_000);
  const raw = await commissionByDay(db, from, now);
  const byDay = raw.map((r) => ({ day: ukToday(r.at), currency: r.currency, amount: r.amount }));

  const balances = await courierBalances(db, now, deps.config.finance.holdDays);
  const ids = [...new Set(balances.map((b) => b.vendorId))];
  const names = ids.length
    ? await db
        .select({
          id: vendors.id,
          name: vendors.shopName,
          status: vendors.status,
          paypalEmail: payoutAccounts.paypalEmail,
        })
        .from(vendors)
        .leftJoin(payoutAccounts, eq(payoutAccounts.vendorId, vendors.id))
        .where(inArray(vendors.id, ids))
    : [];
  const vendorOf = new Map(names.map((n) => [n.id, n]));

  const bearers = await db
    .select({
      bearer: refunds.bearer,
      currency: refunds.currency,
      count: sql<number>`count(*)`,
      amount: sql<number>`coalesce(sum(${refunds.amount}), 0)`,
    })
    .from(refunds)
    .where(eq(refunds.status, 'completed'))
    .groupBy(refunds.bearer, refunds.currency);

  const platform = await db
    .select({
      account: ledgerEntries.account,
      kind: ledgerEntries.kind,
      currency: ledgerEntries.currency,
      amount: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.account, ['platform', 'unassigned']))
    .groupBy(ledgerEntries.account, ledgerEntries.kind, ledgerEntries.currency);
  const sumOf = (currency: string, match: (p: (typeof platform)[number]) => boolean) =>
    platform.filter((p) => p.currency === currency && match(p)).reduce((s, p) => s + Number(p.amount), 0);
  const currencies = [...new Set(platform.map((p) => p.currency))].sort();

  const books = await checkBooks(db);
  return {
    today,
    commission: {
      day: bucket(byDay, (d) => d),
      week: bucket(byDay, weekOf),
      month: bucket(byDay, (d) => d.slice(0, 7)),
    },
    platform: currencies.map((currency) => ({
      currency,
      commission: sumOf(currency, (p) => p.account === 'platform' && p.kind === 'commission'),
      commissionReturned: -sumOf(currency, (p) => p.account === 'platform' && p.kind === 'commission_refund'),
      goodwill: -sumOf(currency, (p) => p.account === 'platform' && p.kind === 'refund'),
      balance: sumOf(currency, (p) => p.account === 'platform'),
      unassigned: sumOf(currency, (p) => p.account === 'unassigned'),
    })),
    couriers: balances.map((b) => ({
      vendorId: b.vendorId,
      name: vendorOf.get(b.vendorId)?.name ?? null,
      status: vendorOf.get(b.vendorId)?.status ?? null,
      paypalEmail: vendorOf.get(b.vendorId)?.paypalEmail ?? null,
      currency: b.currency,
      pending: b.pending,
      available: b.available,
      paidOut: b.paidOut,
    })),
    refunds: bearers.map((b) => ({
      bearer: b.bearer,
      currency: b.currency,
      count: Number(b.count),
      amount: Number(b.amount),
    })),
    books: { ok: books.ok, problems: books.problems, totals: books.totals, checkedAt: now.toISOString() },
  };
}

function rateDto(
  rate: Awaited<ReturnType<typeof commissionRateOf>>,
  defaults: AppDeps['config']['finance']['commission'],
) {
  return {
    percentBp: rate.percentBp,
    fixed: rate.fixed,
    custom: rate.custom,
    updatedAt: rate.updatedAt?.toISOString() ?? null,
    defaultRate: { percentBp: defaults.percentBp, fixed: defaults.fixed },
  };
}

async function vendorRow(deps: AppDeps, vendorId: string) {
  const vendor = await deps.db.query.vendors.findFirst({ where: eq(vendors.id, vendorId) });
  if (!vendor) throw AppError.notFound('Vendor not found');
  return vendor;
}

/** A courier's money for its page in the console. */
export async function vendorFinance(deps: AppDeps, vendorId: string) {
  await vendorRow(deps, vendorId);
  const { db } = deps;
  const now = deps.now();
  const defaults = deps.config.finance.commission;
  const currencies = (
    await db
      .selectDistinct({ currency: ledgerEntries.currency })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'courier'), eq(ledgerEntries.vendorId, vendorId)))
  ).map((r) => r.currency);
  const balances = await Promise.all(
    (currencies.length ? currencies : (['GBP'] as Currency[])).map((c) =>
      courierBalance(db, vendorId, c, now, deps.config.finance.holdDays),
    ),
  );
  const account = await db.query.payoutAccounts.findFirst({ where: eq(payoutAccounts.vendorId, vendorId) });
  return {
    commission: rateDto(await commissionRateOf(db, vendorId, defaults), defaults),
    balances,
    payoutAccount: {
      paypalEmail: account?.paypalEmail ?? null,
      verifiedAt: account?.verifiedAt?.toISOString() ?? null,
      pendingEmail: account?.pendingEmail ?? null,
    },
    payouts: await vendorPayouts(deps, vendorId, 20),
  };
}

export type CommissionChange = {
  reason: string;
  percent?: number | undefined;
  fixed?: number | undefined;
  useDefault?: boolean | undefined;
};

/**
 * Sets a courier's commission (or returns it to the default), with the audit row in the same
 * transaction. Orders already paid keep the commission they were paid under.
 */
export async function setCommission(
  deps: AppDeps,
  actor: AccessClaims,
  vendorId: string,
  change: CommissionChange,
) {
  await vendorRow(deps, vendorId);
  const defaults = deps.config.finance.commission;
  const now = deps.now();
  await deps.db.transaction(
    async (tx) => {
      const before = await commissionRateOf(tx, vendorId, defaults);
      if (change.useDefault) {
        await tx.delete(commissionRates).where(eq(commissionRates.vendorId, vendorId));
      } else {
        const values = {
          percentBp: Math.round((change.percent ?? 0) * 100),
          fixed: change.fixed ?? 0,
          updatedBy: actor.sub,
          updatedAt: now,
        };
        await tx
          .insert(commissionRates)
          .values({ vendorId, ...values })
          .onConflictDoUpdate({ target: commissionRates.vendorId, set: values });
      }
      const after = await commissionRateOf(tx, vendorId, defaults);
      await recordAudit(
        tx,
        actor,
        {
          action: 'vendor.commission',
          entityType: 'vendor',
          entityId: vendorId,
          before: { percentBp: before.percentBp, fixed: before.fixed, custom: before.custom },
          after: { percentBp: after.percentBp, fixed: after.fixed, custom: after.custom },
          reason: change.reason,
        },
        now,
      );
    },
    { behavior: 'immediate' },
  );
  deps.logger.info({ vendorId }, 'commission changed');
  return vendorFinance(deps, vendorId);
}
