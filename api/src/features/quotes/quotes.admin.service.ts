import { and, asc, count, desc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { quotes } from '../../db/schema';
import { addCalendarDays, ukWallClock } from '../../lib/dates';
import type { RaList } from '../../lib/ra-list';
import type { QUOTE_LOG_SORT_FIELDS, QuoteLogFilterSchema } from './quotes.admin.schemas';
import { QuotesService } from './quotes.service';

type SortField = (typeof QUOTE_LOG_SORT_FIELDS)[number];
type Filter = z.infer<typeof QuoteLogFilterSchema>;
type QuoteRow = typeof quotes.$inferSelect;

const SORT_COLUMNS = {
  createdAt: quotes.createdAt,
  expiresAt: quotes.expiresAt,
  serviceType: quotes.serviceType,
  optionCount: quotes.optionCount,
  id: quotes.id,
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

function toLogEntry(row: QuoteRow) {
  const { request } = row;
  const from = request.fromPostcode ?? request.from ?? (row.serviceType === 'international' ? 'GB' : null);
  const to = request.toPostcode ?? request.to ?? null;
  const grams = request.parcels.reduce((sum, parcel) => sum + Math.round(parcel.weight * 1000), 0);
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    serviceType: row.serviceType,
    from,
    to,
    route: `${from ?? '?'} → ${to ?? '?'}`,
    parcels: request.parcels,
    parcelCount: request.parcels.length,
    totalWeightKg: grams / 1000,
    userId: row.userId,
    partnerId: row.partnerId,
    optionCount: row.optionCount,
  };
}

/** The admin's quote log: every quote request is one `quotes` row. */
export class QuoteLogService {
  constructor(private readonly deps: AppDeps) {}

  async list(list: RaList<SortField, Filter>) {
    const { db } = this.deps;
    const filter = list.filter ?? {};
    const conditions: SQL[] = [];
    if (filter.serviceType) conditions.push(eq(quotes.serviceType, filter.serviceType));
    if (filter.userId) conditions.push(eq(quotes.userId, filter.userId));
    if (filter.partnerId) conditions.push(eq(quotes.partnerId, filter.partnerId));
    if (filter.id !== undefined) conditions.push(inArray(quotes.id, [filter.id].flat()));
    if (filter.createdAt_gte) {
      const from = DATE_ONLY.test(filter.createdAt_gte)
        ? ukStartOfDay(filter.createdAt_gte)
        : new Date(filter.createdAt_gte);
      conditions.push(gte(quotes.createdAt, from));
    }
    if (filter.createdAt_lte) {
      conditions.push(
        DATE_ONLY.test(filter.createdAt_lte)
          ? // The whole day is included: everything before the next day starts.
            lt(quotes.createdAt, ukStartOfDay(addCalendarDays(filter.createdAt_lte, 1)))
          : lte(quotes.createdAt, new Date(filter.createdAt_lte)),
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const sort = list.sort ?? { field: 'createdAt', order: 'desc' };
    const direction = sort.order === 'desc' ? desc : asc;
    // The id breaks ties, so pages neither repeat nor skip rows that sort equal.
    const [rows, totals] = await db.batch([
      db
        .select()
        .from(quotes)
        .where(where)
        .orderBy(direction(SORT_COLUMNS[sort.field]), direction(quotes.id))
        .limit(list.limit)
        .offset(list.offset),
      db.select({ total: count() }).from(quotes).where(where),
    ]);
    return { rows: rows.map(toLogEntry), total: totals[0]?.total ?? 0 };
  }

  async get(id: string) {
    const { quote, options } = await new QuotesService(this.deps).load(id);
    return {
      ...toLogEntry(quote),
      expired: quote.expiresAt.getTime() <= this.deps.now().getTime(),
      request: quote.request,
      options,
    };
  }
}
