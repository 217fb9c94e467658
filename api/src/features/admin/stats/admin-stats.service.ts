import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../context';
import { orders, vendors } from '../../../db/schema';
import { addCalendarDays, ukDayStart, ukToday } from '../../../domain/uk-days';
import { orderMoney, paidSql, refundedSql } from '../../orders';
import { quotesPerHour } from './admin-stats.quotes';

export const STATS_DAYS = 30;

/** `2026-03-11 09` (a UTC hour) → the UK calendar day it falls in. */
const ukDayOfHour = (hour: string) => ukToday(new Date(`${hour.replace(' ', 'T')}:00:00Z`));

/**
 * The dashboard's figures. Revenue is orderMoney's net: what customers paid less what was refunded
 * (nothing of a cancelled order), by the UK day of payment, in GBP, the marketplace's currency
 * (other currencies cannot be added without exchange rates; they are counted apart). Orders today
 * are the orders paid today that were not cancelled.
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
          status: orders.status,
          currency: orders.currency,
          paid: sql<number>`sum(${paidSql})`,
          refunded: sql<number>`sum(${refundedSql})`,
          n: count(),
        })
        .from(orders)
        .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, since)))
        .groupBy(hourOf, orders.status, orders.currency),
      quotesPerHour(db, since),
    ]);

    const revenue = new Map(days.map((d) => [d, 0]));
    const quotesByDay = new Map(days.map((d) => [d, 0]));
    let ordersToday = 0;
    let otherCurrencyOrders = 0;
    for (const row of paidByHour) {
      if (row.status === 'cancelled') continue;
      const day = ukDayOfHour(row.hour);
      if (day === today) ordersToday += row.n;
      if (row.currency !== 'GBP') {
        otherCurrencyOrders += row.n;
        continue;
      }
      const { net } = orderMoney({
        status: row.status,
        paid: Number(row.paid),
        refunded: Number(row.refunded),
      });
      if (revenue.has(day)) revenue.set(day, revenue.get(day)! + net);
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
