import { eq, lte, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobLeases } from '../db/schema';

/**
 * A named lease in the database: at most one process holds it at a time, so a background job
 * that every API process schedules runs in only one of them. The holder renews it on each run;
 * when the holder dies, the lease lapses after `ttlMs` and another process takes over.
 * One atomic upsert: two processes asking at the same instant cannot both win.
 */
export async function acquireLease(
  db: Database,
  name: string,
  holder: string,
  ttlMs: number,
  now: number,
): Promise<boolean> {
  const rows = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt: now + ttlMs })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt: now + ttlMs },
      setWhere: or(lte(jobLeases.expiresAt, now), eq(jobLeases.holder, holder)),
    })
    .returning({ holder: jobLeases.holder });
  return rows.length > 0;
}
