import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { closeDatabase, type Database, openDatabase, type PreparedWrite } from './client';
import { groupedWriteBatch, MAX_WRITERS_PER_GROUP } from './group-commit';
import { runMigrations } from './migrate';
import { rateLimits } from './schema';

async function open() {
  const db = await openDatabase({
    url: `file:${join(mkdtempSync(join(tmpdir(), 'consign-group-')), 'g.db')}`,
  });
  await runMigrations(db);
  return db;
}

/** One writer's batch: a new counter and a bump of a shared one, all or nothing. */
function writerBatch(db: Database, key: string): PreparedWrite[] {
  return [
    {
      query: db
        .insert(rateLimits)
        .values({ key: sql.placeholder('key'), count: 1, resetAt: 0 } as never)
        .returning({ key: rateLimits.key })
        .prepare(),
      values: { key },
    },
    {
      query: db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} + 1` })
        .where(eq(rateLimits.key, 'shared'))
        .prepare(),
      values: {},
    },
  ];
}

const keys = async (db: Database) =>
  (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();
const shared = async (db: Database) =>
  (await db.select().from(rateLimits).where(eq(rateLimits.key, 'shared')))[0]?.count;

describe('groupedWriteBatch', () => {
  it('commits the writes asked for in one turn of the event loop in one transaction, answering each writer its own results', async () => {
    const db = await open();
    try {
      await db.insert(rateLimits).values({ key: 'shared', count: 0, resetAt: 0 });
      const batch = vi.spyOn(db.$client, 'batch');
      const answers = await Promise.all(
        ['a', 'b', 'c', 'd', 'e'].map((key) => groupedWriteBatch(db, writerBatch(db, key))),
      );
      expect(batch).toHaveBeenCalledTimes(1);
      expect(batch.mock.calls[0]![0]).toHaveLength(10);
      expect(answers.map((results) => results[0])).toEqual([
        [{ key: 'a' }],
        [{ key: 'b' }],
        [{ key: 'c' }],
        [{ key: 'd' }],
        [{ key: 'e' }],
      ]);
      expect(await keys(db)).toEqual(['a', 'b', 'c', 'd', 'e', 'shared']);
      expect(await shared(db)).toBe(5);

      // A writer in a later turn gets a transaction of its own, committed before it is answered.
      await groupedWriteBatch(db, writerBatch(db, 'f'));
      expect(batch).toHaveBeenCalledTimes(2);
      expect(await shared(db)).toBe(6);
    } finally {
      await closeDatabase(db);
    }
  });

  it('fails only the writer whose write fails: the others are committed, and the failed one leaves nothing behind', async () => {
    const db = await open();
    try {
      await db.insert(rateLimits).values([
        { key: 'shared', count: 0, resetAt: 0 },
        { key: 'taken', count: 0, resetAt: 0 },
      ]);
      const outcomes = await Promise.allSettled(
        ['one', 'taken', 'two'].map((key) => groupedWriteBatch(db, writerBatch(db, key))),
      );
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
      expect(await keys(db)).toEqual(['one', 'shared', 'taken', 'two']);
      // The failed writer's second statement (the bump) was rolled back with its first.
      expect(await shared(db)).toBe(2);
      // Nothing is left queued or locked: the next writer goes through.
      await groupedWriteBatch(db, writerBatch(db, 'three'));
      expect(await shared(db)).toBe(3);
    } finally {
      await closeDatabase(db);
    }
  });

  it(`splits a burst into groups of at most ${MAX_WRITERS_PER_GROUP} writers`, async () => {
    const db = await open();
    try {
      await db.insert(rateLimits).values({ key: 'shared', count: 0, resetAt: 0 });
      const batch = vi.spyOn(db.$client, 'batch');
      const writers = MAX_WRITERS_PER_GROUP + 3;
      await Promise.all(
        Array.from({ length: writers }, (_, i) => groupedWriteBatch(db, writerBatch(db, `k${i}`))),
      );
      expect(batch.mock.calls.map(([statements]) => statements.length)).toEqual([
        2 * MAX_WRITERS_PER_GROUP,
        6,
      ]);
      expect(await shared(db)).toBe(writers);
    } finally {
      await closeDatabase(db);
    }
  });
});
