import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { rateLimits } from './schema';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('local database client', () => {
  it('runs concurrent read-modify-write transactions and plain writes in one process without losing updates or deadlocking', async () => {
    const db = await openDatabase({
      url: `file:${join(mkdtempSync(join(tmpdir(), 'consign-db-')), 'c.db')}`,
    });
    await runMigrations(db);
    expect((await db.$client.execute('PRAGMA journal_mode')).rows[0]?.[0]).toBe('wal');
    await db.insert(rateLimits).values({ key: 'counter', count: 0, resetAt: 0 });

    const increments = Array.from({ length: 25 }, () =>
      db.transaction(
        async (tx) => {
          const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, 'counter'));
          await tick(); // yield mid-transaction, as real handlers do
          await tx
            .update(rateLimits)
            .set({ count: row!.count + 1 })
            .where(eq(rateLimits.key, 'counter'));
        },
        { behavior: 'immediate' },
      ),
    );
    const plainWrites = Array.from({ length: 25 }, (_, i) =>
      db.insert(rateLimits).values({ key: `plain-${i}`, count: i, resetAt: 0 }),
    );
    await Promise.all([...increments, ...plainWrites]);

    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, 'counter'));
    expect(row!.count).toBe(25);
    const [{ n }] = (await db.all(sql`select count(*) as n from rate_limits where key like 'plain-%'`)) as [
      { n: number },
    ];
    expect(n).toBe(25);
    db.$client.close();
  });

  it('rolls back a failed transaction completely and keeps working', async () => {
    const db = await openDatabase({
      url: `file:${join(mkdtempSync(join(tmpdir(), 'consign-db-')), 'r.db')}`,
    });
    await runMigrations(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(rateLimits).values({ key: 'half', count: 1, resetAt: 0 });
        throw new Error('fail after the first write');
      }),
    ).rejects.toThrow('fail after the first write');
    expect(await db.select().from(rateLimits)).toHaveLength(0);
    await db.insert(rateLimits).values({ key: 'after', count: 1, resetAt: 0 });
    expect(await db.select().from(rateLimits)).toHaveLength(1);
    db.$client.close();
  });
});
