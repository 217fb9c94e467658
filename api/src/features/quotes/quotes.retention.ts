/**
 * Quote retention (issue 12): a quote never booked is deleted `QUOTE_RETENTION_DAYS` (default 7)
 * after it expired; its `quote_log` line stays. Partner widgets make quotes for every visitor,
 * so without this the database would grow with traffic for ever.
 *
 * Bounded: each run deletes at most `maxBatches` × `batchSize` quotes, in short transactions
 * that never hold the write lock for long; a backlog drains over several runs. Once across
 * processes: every API process schedules it, and a lease row lets one of them run it.
 */
import { and, asc, inArray, isNull, lt } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../context';
import { quotes } from '../../db/schema';
import { acquireLease } from '../../lib/lease';
import { type Sweep, startSweep } from '../../lib/sweep';

export const QUOTE_RETENTION_INTERVAL_MS = 10 * 60 * 1000;
const LEASE_NAME = 'quote-retention';
const DAY_MS = 86_400_000;

export type RetentionLimits = { batchSize?: number; maxBatches?: number };

/** Deletes unbooked quotes past retention, oldest first; returns how many it deleted. */
export async function purgeExpiredQuotes(
  deps: AppDeps,
  { batchSize = 500, maxBatches = 20 }: RetentionLimits = {},
): Promise<number> {
  const { db } = deps;
  const cutoff = new Date(deps.now().getTime() - deps.config.quoteRetentionDays * DAY_MS);
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const due = db
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(lt(quotes.expiresAt, cutoff), isNull(quotes.bookedAt)))
      .orderBy(asc(quotes.expiresAt))
      .limit(batchSize);
    // The booked check is repeated in the delete itself: a quote booked since the select stays.
    const result = await db
      .delete(quotes)
      .where(and(inArray(quotes.id, due), isNull(quotes.bookedAt), lt(quotes.expiresAt, cutoff)));
    deleted += result.rowsAffected;
    if (result.rowsAffected < batchSize) break;
  }
  return deleted;
}

/**
 * Runs the purge every `intervalMs` in whichever process holds the lease (main.ts starts it in
 * every process). Returns a function that stops it in this process.
 */
export function startQuoteRetention(deps: AppDeps, intervalMs = QUOTE_RETENTION_INTERVAL_MS): Sweep {
  const holder = uuidv7();
  const run = async () => {
    // The lease outlives one interval a little, so its holder renews it before anyone else may take it.
    if (!(await acquireLease(deps.db, LEASE_NAME, holder, intervalMs * 1.5, deps.now().getTime()))) return;
    const deleted = await purgeExpiredQuotes(deps);
    if (deleted) deps.logger.info({ deleted }, 'expired quotes deleted');
  };
  return startSweep('quote retention', intervalMs, run, deps.logger);
}
