import { and, count, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { orders, vendors } from '../../db/schema';
import { addCalendarDays, ukToday } from '../../lib/dates';
import { ukDayStart } from '../vendor-orders/vendor-orders.csv';
import { quotesPerHour } from './admin-stats.quotes';

export const STATS_DAYS = 30;

/** `2026-03-11 09` (a UTC hour) → the UK calendar day it falls in. */
const ukDayOfHour = (hour: string) => ukToday(new Date(`${hour.replace(' ', 'T')}:00:00Z`));

/**
 * The dashboard's figures. Revenue is what customers paid for orders that were not cancelled
 * (cancelled paid orders are refunded), by the UK day of payment, in GBP, the marketplace's
 * currency (other currencies cannot be added without exchange rates; they are counted apart).
 */
export class AdminStatsService {
  constructor(private readonly deps: AppDeps) {}

  async dashboard() {
    const { db } = this.deps;
    const now = this.deps.now();
    const today = ukToday(now);
    const firstDay = addCalendarDays(today, -(STATS_DAYS - 1));
    const since = ukDayStart(firstDay);
    const days = Array.from({ length: STATS_DAYS }, (_, i) => addCalendarDays(firstDay, i));

    const hourOf = sql<string>`strftime('%Y-%m-%d %H', ${orders.paidAt} / 1000, 'unixepoch')`;
    const [pending, paidByHour, quoteHours] = await Promise.all([
      db.select({ n: count() }).from(vendors).where(eq(vendors.status, 'pending')),
      db
        .select({
          hour: hourOf,
          currency: orders.currency,
          amount: sql<number>`sum(${orders.total})`,
          n: count(),
        })
        .from(orders)
        .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, since), ne(orders.status, 'cancelled')))
        .groupBy(hourOf, orders.currency),
      quotesPerHour(db, since),
    ]);

    const revenue = new Map(days.map((d) => [d, 0]));
    const quotesByDay = new Map(days.map((d) => [d, 0]));
    let ordersToday = 0;
    let otherCurrencyOrders = 0;
    for (const row of paidByHour) {
      const day = ukDayOfHour(row.hour);
      if (day === today) ordersToday += row.n;
      if (row.currency !== 'GBP') {
        otherCurrencyOrders += row.n;
        continue;
      }
      if (revenue.has(day)) revenue.set(day, revenue.get(day)! + Number(row.amount));
    }
    for (const row of quoteHours) {
      const day = ukDayOfHour(row.hour);
      if (quotesByDay.has(day)) quotesByDay.set(day, quotesByDay.get(day)! + row.n);
    }
    return {
      today,
      vendorsPending: pending[0]?.n ?? 0,
      ordersToday,
      revenueToday: { amount: revenue.get(today) ?? 0, currency: 'GBP' as const },
      revenueByDay: days.map((day) => ({ day, amount: revenue.get(day)! })),
      quotesByDay: days.map((day) => ({ day, count: quotesByDay.get(day)! })),
      otherCurrencyOrders,
    };
  }
}
