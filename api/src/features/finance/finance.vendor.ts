/**
 * The courier's side of the books (the Payouts page): its balance in three parts, its ledger a
 * page at a time, and monthly statements as JSON, PDF or CSV. Every figure is a sum of ledger
 * entries; a statement's opening plus its lines is its closing, to the penny.
 */
import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { ledgerEntries, payoutItems } from '../../db/schema';
import type { Currency } from '../../domain/currency';
import { ledgerKindLabel, STATEMENT_MONTH_PATTERN } from '../../domain/finance';
import { addCalendarDays, ukDayStart, ukToday } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { decodeCursor } from '../../lib/pagination';
import {
  courierBalance,
  courierEntries,
  courierMonth,
  type LedgerEntryRow,
  type StatementTotals,
} from '../ledger';
import { orderReference, renderStatementPdf, type StatementLine } from '../orders';
import { type VendorRow, vendorOf } from '../vendors';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The currency a courier's page opens on: the one it last earned in, else pounds. */
async function defaultCurrency(deps: AppDeps, vendorId: string): Promise<Currency> {
  const [last] = await deps.db
    .select({ currency: ledgerEntries.currency })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'courier'), eq(ledgerEntries.vendorId, vendorId)))
    .orderBy(desc(ledgerEntries.at))
    .limit(1);
  return last?.currency ?? 'GBP';
}

async function courierOf(deps: AppDeps, ownerId: string, currency?: Currency) {
  const vendor = await vendorOf(deps, ownerId);
  return { vendor, currency: currency ?? (await defaultCurrency(deps, vendor.id)) };
}

export async function balanceOf(deps: AppDeps, ownerId: string, asked?: Currency) {
  const { vendor, currency } = await courierOf(deps, ownerId, asked);
  return courierBalance(deps.db, vendor.id, currency, deps.now(), deps.config.finance.holdDays);
}

/** The words a ledger line is read by: its kind, its order, and what the payout or refund said. */
function describe(entry: LedgerEntryRow, receivers: Map<string, string>): string {
  const label = ledgerKindLabel(entry.kind);
  const order = entry.orderId ? ` ${orderReference(entry.orderId)}` : '';
  switch (entry.kind) {
    case 'payout':
      return `${label} to ${receivers.get(entry.payoutItemId ?? '') ?? 'your PayPal account'}`;
    case 'payout_returned':
      return `${label}${entry.memo ? `: ${entry.memo}` : ''}`;
    case 'refund':
      return `${label}${order}${entry.memo ? `: ${entry.memo.replace(/^Staff: /, '')}` : ''}`;
    default:
      return `${label}${order}`;
  }
}

async function receiversOf(deps: AppDeps, entries: LedgerEntryRow[]) {
  const ids = entries.flatMap((e) => (e.payoutItemId ? [e.payoutItemId] : []));
  if (ids.length === 0) return new Map<string, string>();
  const rows = await deps.db
    .select({ id: payoutItems.id, receiver: payoutItems.receiver })
    .from(payoutItems)
    .where(inArray(payoutItems.id, ids));
  return new Map(rows.map((r) => [r.id, r.receiver]));
}

function toEntryDto(entry: LedgerEntryRow, receivers: Map<string, string>) {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    kind: entry.kind,
    description: describe(entry, receivers),
    amount: entry.amount,
    currency: entry.currency,
    orderId: entry.orderId,
    orderReference: entry.orderId ? orderReference(entry.orderId) : null,
    refundId: entry.refundId,
    payoutItemId: entry.payoutItemId,
  };
}

export async function ledgerPageOf(
  deps: AppDeps,
  ownerId: string,
  query: { currency?: Currency | undefined; limit: number; cursor?: string | undefined },
) {
  const { vendor, currency } = await courierOf(deps, ownerId, query.currency);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const page = await courierEntries(deps.db, vendor.id, currency, { limit: query.limit, after });
  const receivers = await receiversOf(deps, page.items);
  return { currency, items: page.items.map((e) => toEntryDto(e, receivers)), nextCursor: page.nextCursor };
}

/** "2026-03" -> its UK start and end instants and "March 2026"; 422 for anything else. */
export function monthOf(month: string) {
  const match = STATEMENT_MONTH_PATTERN.exec(month);
  if (!match) {
    throw new AppError(422, 'The month must be written yyyy-mm, e.g. 2026-03', {
      code: 'validation_failed',
      errors: [{ path: 'month', message: 'must be yyyy-mm, e.g. 2026-03' }],
    });
  }
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  const first = `${month}-01`;
  const next = index === 11 ? `${year + 1}-01-01` : `${year}-${String(index + 2).padStart(2, '0')}-01`;
  return { from: ukDayStart(first), to: ukDayStart(next), label: `${MONTHS[index]} ${year}`, first, next };
}

const TOTAL_LABELS: Record<keyof StatementTotals, string> = {
  sales: 'Orders paid',
  commission: 'Commission (net of commission returned)',
  refunds: 'Refunds you bore',
  payouts: 'Payouts (net of payouts returned)',
  other: 'Other',
};

export type Statement = Awaited<ReturnType<typeof statementOf>>;

export async function statementOf(deps: AppDeps, ownerId: string, month: string, asked?: Currency) {
  const period = monthOf(month);
  const { vendor, currency } = await courierOf(deps, ownerId, asked);
  const now = deps.now();
  if (period.from > now) {
    throw AppError.notFound(`There is no statement for ${period.label} yet`);
  }
  const books = await courierMonth(deps.db, vendor.id, currency, period.from, period.to);
  const receivers = await receiversOf(deps, books.entries);
  let running = books.opening;
  const lines = books.entries.map((entry) => {
    running += entry.amount;
    return { ...toEntryDto(entry, receivers), date: ukToday(entry.at), balance: running };
  });
  return {
    month,
    period: period.label,
    currency,
    courier: { id: vendor.id, name: courierName(vendor) },
    opening: books.opening,
    closing: books.closing,
    totals: (Object.keys(TOTAL_LABELS) as (keyof StatementTotals)[])
      .filter((k) => k !== 'other' || books.totals.other !== 0)
      .map((k) => ({ kind: k, label: TOTAL_LABELS[k], amount: books.totals[k] })),
    lines,
    balance: await courierBalance(deps.db, vendor.id, currency, now, deps.config.finance.holdDays),
    issuedAt: now.toISOString(),
  };
}

export const courierName = (vendor: VendorRow) => vendor.shopName ?? 'Your courier business';

export async function statementPdf(deps: AppDeps, statement: Statement, vendor: VendorRow) {
  const lines: StatementLine[] = statement.lines.map((l) => ({
    date: l.date,
    description: l.description,
    amount: l.amount,
    balance: l.balance,
  }));
  return renderStatementPdf(
    {
      seller: deps.config.finance.company,
      courier: { name: courierName(vendor), vatNumber: vendor.vatNumber },
      period: statement.period,
      currency: statement.currency,
      opening: statement.opening,
      lines,
      closing: statement.closing,
      totals: statement.totals.map((t) => ({ label: t.label, amount: t.amount })),
      balance: statement.balance,
      issuedOn: ukToday(deps.now()),
    },
    { creationDate: deps.now() },
  );
}

/** A spreadsheet runs a text cell starting with = + - @ as a formula: such text gets a leading quote. */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Minor units as a plain signed decimal ("-12.50"): what spreadsheets sum. */
function decimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function statementCsv(statement: Statement): string {
  const row = (
    date: string,
    kind: string,
    reference: string,
    description: string,
    amount: string,
    balance: number,
  ) => [date, kind, asText(reference), asText(description), amount, decimal(balance), statement.currency];
  const records = [
    row(
      statement.lines[0]?.date ?? `${statement.month}-01`,
      'opening_balance',
      '',
      'Opening balance',
      '',
      statement.opening,
    ),
    ...statement.lines.map((l) =>
      row(l.date, l.kind, l.orderReference ?? '', l.description, decimal(l.amount), l.balance),
    ),
    row(
      statement.lines.at(-1)?.date ?? `${statement.month}-01`,
      'closing_balance',
      '',
      'Closing balance',
      '',
      statement.closing,
    ),
  ];
  return stringify(records, {
    header: true,
    columns: ['Date', 'Type', 'Order', 'Description', 'Amount', 'Balance', 'Currency'],
    bom: true,
    record_delimiter: 'windows',
  });
}

/** The months a courier has statements for (UK months with entries), newest first, and this one. */
export async function statementMonthsOf(deps: AppDeps, ownerId: string) {
  const vendor = await vendorOf(deps, ownerId);
  const [first] = await deps.db
    .select({ at: sql<number>`min(${ledgerEntries.at})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'courier'), eq(ledgerEntries.vendorId, vendor.id)));
  const today = ukToday(deps.now());
  const months: string[] = [];
  let cursor = today.slice(0, 7);
  const earliest = first?.at ? ukToday(new Date(first.at)).slice(0, 7) : cursor;
  while (cursor >= earliest && months.length < 120) {
    months.push(cursor);
    cursor = addCalendarDays(`${cursor}-01`, -1).slice(0, 7);
  }
  return months.map((m) => ({ month: m, label: monthOf(m).label }));
}
