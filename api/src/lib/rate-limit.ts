import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';
import type { Logger } from './logger';
import { type Sweep, startSweep } from './sweep';

export type Limit = { name: string; max: number; windowSeconds: number };

/**
 * Fixed-window counters in the database, so every API process sees the same counts.
 * Each call is one atomic upsert.
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts a hit and returns the window's count; throws 429 with Retry-After once the budget is spent. */
  async hit(limit: Limit, subject: string, now = this.clock()): Promise<number> {
    const { count, resetAt } = await this.#increment(limit, subject, now);
    if (count > limit.max) {
      throw AppError.tooManyRequests((resetAt - now) / 1000);
    }
    return count;
  }

  /** Throws 429 if the budget is already spent, without counting. */
  async check(limit: Limit, subject: string, now = this.clock()): Promise<void> {
    const key = this.#key(limit, subject, now);
    const row = await this.db.query.rateLimits.findFirst({ where: (t, { eq }) => eq(t.key, key) });
    if (row && row.count >= limit.max) throw AppError.tooManyRequests((row.resetAt - now) / 1000);
  }

  /** Gives one counted hit back (a try that turned out legitimate). */
  async release(limit: Limit, subject: string, now = this.clock()): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
      .where(sql`${rateLimits.key} = ${this.#key(limit, subject, now)}`);
  }

  async reset(limit: Limit, subject: string, now = this.clock()): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${this.#key(limit, subject, now)}`);
  }

  async #increment(limit: Limit, subject: string, now: number) {
    const key = this.#key(limit, subject, now);
    const resetAt = this.#windowStart(limit, now) + limit.windowSeconds * 1000;
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    return row!;
  }

  #windowStart(limit: Limit, now: number) {
    const size = limit.windowSeconds * 1000;
    return Math.floor(now / size) * size;
  }

  #key(limit: Limit, subject: string, now: number) {
    return `${limit.name}:${subject.toLowerCase()}:${this.#windowStart(limit, now)}`;
  }

  /** Old windows are useless; drop them now and then. */
  async prune(now = this.clock()): Promise<number> {
    const gone = await this.db
      .delete(rateLimits)
      .where(sql`${rateLimits.resetAt} < ${now}`)
      .returning({ key: rateLimits.key });
    return gone.length;
  }
}

export const RATE_LIMIT_PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** Every few minutes drops the windows that have ended, so the table stays the size of current traffic. */
export function startRateLimitPruning(
  deps: { rateLimiter: RateLimiter; logger: Logger },
  intervalMs = RATE_LIMIT_PRUNE_INTERVAL_MS,
): Sweep {
  return startSweep('rate-limit pruning', intervalMs, () => deps.rateLimiter.prune(), deps.logger);
}
