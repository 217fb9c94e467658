import { count, gte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { quotes } from '../../../db/schema';

/**
 * Quotes made since `since`, counted per UTC hour (`YYYY-MM-DD HH`): the one place the
 * dashboard reads quote volume from, so pointing it at another table (a compact quote log kept
 * after retention) changes only this function. Hours, not days, so the caller can cut UK days.
 */
export async function quotesPerHour(db: Database, since: Date): Promise<{ hour: string; n: number }[]> {
  const hour = sql<string>`strftime('%Y-%m-%d %H', ${quotes.createdAt} / 1000, 'unixepoch')`;
  return db.select({ hour, n: count() }).from(quotes).where(gte(quotes.createdAt, since)).groupBy(hour);
}
