import { count, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { type QuoteRequestRecord, quoteLog } from '../../db/schema';
import { addCalendarDays, ukWallClock } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { listPage, type RaList } from '../../lib/ra-list';
import type { QUOTE_LOG_SORT_FIELDS, QuoteLogFilterSchema } from './quotes.admin.schemas';
import { QuotesService } from './quotes.service';

type SortField = (typeof QUOTE_LOG_SORT_FIELDS)[number];
type Filter = z.infer<typeof QuoteLogFilterSchema>;
type LogRow = typeof quoteLog.$inferSelect;

const SORT_COLUMNS = {
  createdAt: quoteLog.createdAt,
  expiresAt: quoteLog.expiresAt,
  serviceType: quoteLog.serviceType,
  optionCount: quoteLog.optionCount,
  id: quoteLog.id,
} satisfies Record<SortField, unknown>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a UK calendar day starts: 00:00 GMT, or 23:00 UTC the evening before in BST. */
export function ukStartOfDay(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  for (const candidate of [utcMidnight, utcMidnight - 3_600_000]) {
    const clock = ukWallClock(new Date(candidate));
    if (clock.date === date && clock.hour === 0 && clock.minute === 0) return new Date(candidate);
  }
  return new Date(utcMidnight);
}

function toLogEntry(row: LogRow) {
  const { from, to, parcels } = row;
  const grams = parcels.reduce((sum, parcel) => sum + Math.round(parcel.weight * 1000), 0);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    serviceType: row.serviceType,
    from,
    to,
    route: `${from ?? '?'} → ${to ?? '?'}`,
    parcels,
    parcelCount: parcels.length,
    totalWeightKg: grams / 1000,
    userId: row.userId,
    partnerId: row.partnerId,
    optionCount: row.optionCount,
    cheapestPrice:
      row.cheapestTotal !== null && row.currency !== null
        ? { amount: row.cheapestTotal, currency: row.currency }
        : null,
  };
}

/** The request as the log line keeps it, for a quote the retention job has deleted. */
function requestOf(row: LogRow): QuoteRequestRecord {
  const parcels = row.parcels.map((parcel) => ({ ...parcel }));
  if (row.serviceType === 'same_day')
    return { serviceType: row.serviceType, fromPostcode: row.from ?? '', toPostcode: row.to ?? '', parcels };
  return {
    serviceType: row.serviceType,
    ...(row.from !== null ? { from: row.from } : {}),
    ...(row.to !== null ? { to: row.to } : {}),
    parcels,
  };
}

/**
 * The admin's quote log: every quote request is one `quote_log` row, kept after the retention
 * job has deleted the quote itself (quotes.retention.ts).
 */
export class QuoteLogService {
  constructor(private readonly deps: AppDeps) {}

  async list(list: RaList<SortField, Filter>) {
    const { db } = this.deps;
    const filter = list.filter ?? {};
    const conditions: SQL[] = [];
    if (filter.serviceType) conditions.push(eq(quoteLog.serviceType, filter.serviceType));
    if (filter.userId) conditions.push(eq(quoteLog.userId, filter.userId));
    if (filter.partnerId) conditions.push(eq(quoteLog.partnerId, filter.partnerId));
    if (filter.id !== undefined) conditions.push(inArray(quoteLog.id, [filter.id].flat()));
    if (filter.createdAt_gte) {
      const from = DATE_ONLY.test(filter.createdAt_gte)
        ? ukStartOfDay(filter.createdAt_gte)
        : new Date(filter.createdAt_gte);
      conditions.push(gte(quoteLog.createdAt, from));
    }
    if (filter.createdAt_lte) {
      conditions.push(
        DATE_ONLY.test(filter.createdAt_lte)
          ? // The whole day is included: everything before the next day starts.
            lt(quoteLog.createdAt, ukStartOfDay(addCalendarDays(filter.createdAt_lte, 1)))
          : lte(quoteLog.createdAt, new Date(filter.createdAt_lte)),
      );
    }
    const { rows, total } = await listPage(db, list, {
      rows: db.select().from(quoteLog).$dynamic(),
      count: db.select({ total: count() }).from(quoteLog).$dynamic(),
      where: conditions,
      sort: SORT_COLUMNS,
      tieBreaker: quoteLog.id,
    });
    return { rows: rows.map(toLogEntry), total };
  }

  async get(id: string) {
    const [row] = await this.deps.db.select().from(quoteLog).where(eq(quoteLog.id, id));
    if (!row) throw AppError.notFound('Quote not found');
    const stored = (await new QuotesService(this.deps).find(id))?.dto();
    return {
      ...toLogEntry(row),
      expired: row.expiresAt.getTime() <= this.deps.now().getTime(),
      request: stored?.request ?? requestOf(row),
      // Empty once the retention job has deleted the quote; the log line stays.
      options: stored?.options ?? [],
      optionsKept: stored !== undefined,
    };
  }
}
