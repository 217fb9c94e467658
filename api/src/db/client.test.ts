import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { closeDatabase, openDatabase, readBatch, statementFamily } from './client';
import { runMigrations } from './migrate';
import { rateLimits } from './schema';

const tick = () => new Promise((r) => setTimeout(r, 1));

/** The native driver under @libsql/client (patches/@libsql__client@0.18.0.patch keeps its statements). */
const requireFromClient = createRequire(createRequire(import.meta.url).resolve('@libsql/client'));
const NativeDatabase = requireFromClient('libsql') as { prototype: { prepare(sql: string): unknown } };

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

  it('lets reads through while a write transaction is open, and queues only the writers behind it', async () => {
    const db = await openDatabase({
      url: `file:${join(mkdtempSync(join(tmpdir(), 'consign-db-')), 'q.db')}`,
    });
    await runMigrations(db);
    await db.insert(rateLimits).values({ key: 'before', count: 1, resetAt: 0 });
    const seen: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const writer = db.transaction(async (tx) => {
      await tx.insert(rateLimits).values({ key: 'inside', count: 2, resetAt: 0 });
      await gate; // awaits something other than the database, holding the write lock
      seen.push('commit');
    });
    const reader = db
      .select()
      .from(rateLimits)
      .then((rows) => {
        seen.push('read');
        return rows;
      });
    // drizzle's batch (as the admin lists use) of selects only is a read too.
    const batchReader = db.batch([db.select().from(rateLimits)]).then(() => {
      seen.push('batch read');
    });
    const second = db
      .insert(rateLimits)
      .values({ key: 'after', count: 3, resetAt: 0 })
      .then(() => {
        seen.push('second write');
      });
    // One turn of the event loop: the read needs none, the second write must wait for the gate.
    await new Promise((resolve) => setImmediate(resolve));
    expect([...seen].sort()).toEqual(['batch read', 'read']);
    // The read saw the last commit, not the open transaction's row.
    expect((await reader).map((r) => r.key)).toEqual(['before']);
    open();
    await Promise.all([writer, second, batchReader]);
    expect(seen.slice(2)).toEqual(['commit', 'second write']);
    expect((await db.select().from(rateLimits)).map((r) => r.key).sort()).toEqual([
      'after',
      'before',
      'inside',
    ]);
    db.$client.close();
  });

  it('prepares a repeated statement once per connection, and still answers right after errors, rollbacks and schema changes', async () => {
    const db = await openDatabase({
      url: `file:${join(mkdtempSync(join(tmpdir(), 'consign-db-')), 'p.db')}`,
    });
    await db.$client.execute('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER NOT NULL)');
    const spy = vi.spyOn(NativeDatabase.prototype, 'prepare');
    try {
      const insert = (k: string, v: number) =>
        db.$client.execute({ sql: 'INSERT INTO t (k, v) VALUES (?, ?) RETURNING k, v', args: [k, v] });
      const select = () => db.$client.execute('SELECT * FROM t ORDER BY k');
      for (let i = 0; i < 10; i++) expect((await insert(`k${i}`, i)).rows[0]?.k).toBe(`k${i}`);
      for (let i = 0; i < 10; i++) expect((await select()).rows).toHaveLength(10);
      const texts = spy.mock.calls.map(([sql]) => sql);
      // Prepared once per pooled connection used (reads may use others), never once per call.
      expect(texts.filter((sql) => sql.startsWith('INSERT')).length).toBeLessThanOrEqual(4);
      expect(texts.filter((sql) => sql.startsWith('SELECT')).length).toBeLessThanOrEqual(4);

      // A kept statement that failed runs again; a rolled-back write through it leaves nothing.
      await expect(insert('k1', 99)).rejects.toThrow(/UNIQUE/);
      expect((await insert('k10', 10)).rows[0]?.v).toBe(10);
      await expect(
        db.transaction(async (tx) => {
          await tx.run(sql`INSERT INTO t (k, v) VALUES ('k11', 11) RETURNING k, v`);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect((await select()).rows.map((r) => r.k)).not.toContain('k11');

      // Transaction control is kept as well: ten batches prepare BEGIN and COMMIT once per connection.
      spy.mockClear();
      const put = (k: string, v: number) => ({ sql: 'INSERT INTO t (k, v) VALUES (?, ?)', args: [k, v] });
      for (let i = 20; i < 30; i++) await db.$client.batch([put(`k${i}`, i)], 'write');
      const control = spy.mock.calls.map(([text]) => text).filter((text) => /^\s*(begin|commit)/i.test(text));
      expect(control.length).toBeGreaterThan(0);
      expect(control.length).toBeLessThanOrEqual(2 * 4);
      // A batch failing half-way rolls back through its kept statements, again and again.
      for (let i = 0; i < 3; i++) {
        await expect(db.$client.batch([put('k30', 30), put('k20', 0)], 'write')).rejects.toThrow(/UNIQUE/);
      }
      expect((await select()).rows.map((r) => r.k)).not.toContain('k30');
      await db.$client.batch([put('k30', 30)], 'write');
      expect((await select()).rows.map((r) => r.k)).toContain('k30');

      // A schema change: the same SELECT * text now answers the new column, by name.
      await db.$client.execute("ALTER TABLE t ADD COLUMN w TEXT NOT NULL DEFAULT 'new'");
      const after = await select();
      expect(after.columns).toEqual(['k', 'v', 'w']);
      expect(after.rows[0]?.w).toBe('new');
      // A caller changing its result's lists does not change the next result's.
      after.columns.pop();
      expect((await select()).columns).toEqual(['k', 'v', 'w']);
    } finally {
      spy.mockRestore();
      db.$client.close();
    }
  });

  it('keeps synchronous=NORMAL on every pooled connection, not only the first', async () => {
    const db = await openDatabase({
      url: `file:${join(mkdtempSync(join(tmpdir(), 'consign-db-')), 's.db')}`,
    });
    // Hold transactions open so that each read below has to use another connection of the pool.
    const held = [await db.$client.transaction('read'), await db.$client.transaction('read')];
    const levels = [
      ...(await Promise.all(held.map(async (tx) => (await tx.execute('PRAGMA synchronous')).rows[0]?.[0]))),
      (await db.$client.execute('PRAGMA synchronous')).rows[0]?.[0],
    ];
    for (const tx of held) await tx.rollback();
    // 1 is NORMAL; a connection left at the default (2, FULL) would fsync on every commit.
    expect(levels).toEqual([1, 1, 1]);
    db.$client.close();
  });

  it('checkpoints the WAL into the database file from a worker thread when asked to', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'consign-db-')), 'w.db');
    const db = await openDatabase({ url: `file:${file}`, backgroundCheckpoint: true });
    await runMigrations(db);
    // Start from an empty WAL, so the pages counted below are only this test's.
    await db.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    const before = statSync(file).size;
    // About 300 pages (600 KB of rows, as much again of key index): under SQLite's default inline
    // checkpoint of 1000 pages, so only the worker moves them from the WAL into the database file.
    const filler = 'x'.repeat(1000);
    for (let i = 0; i < 6; i++) {
      await db
        .insert(rateLimits)
        .values(
          Array.from({ length: 100 }, (_, j) => ({ key: `${filler}-${i}-${j}`, count: j, resetAt: 0 })),
        );
    }
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 500_000), {
      timeout: 15_000,
      interval: 50,
    });
    await closeDatabase(db);
  });

  it('stops the checkpointer gracefully: closing while checkpoints run, then exiting at once, ends the process cleanly', () => {
    // A process of its own, because the failure this guards against (terminating the thread while
    // its native checkpoint call was pending) took the whole process down at exit.
    const dir = mkdtempSync(join(tmpdir(), 'consign-db-'));
    const script = join(dir, 'cycle.mts');
    writeFileSync(
      script,
      `
      import { closeDatabase, openDatabase } from ${JSON.stringify(new URL('./client.ts', import.meta.url).pathname)};
      const filler = 'x'.repeat(2000);
      for (let round = 0; round < 8; round++) {
        const db = await openDatabase({ url: 'file:${dir}/cycle.db', backgroundCheckpoint: true });
        await db.$client.execute('CREATE TABLE IF NOT EXISTS t (k TEXT PRIMARY KEY)');
        const started = Date.now();
        // Writes long enough for several checkpoints (every 250 ms) to be under way.
        for (let i = 0; Date.now() - started < 400; i++) {
          await db.$client.execute({ sql: 'INSERT OR REPLACE INTO t VALUES (?)', args: [filler + round + '-' + (i % 500)] });
        }
        await closeDatabase(db);
      }
      console.log('closed cleanly');
      process.exit(0);
      `,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 120_000,
      cwd: new URL('../..', import.meta.url).pathname,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('closed cleanly');
    expect(run.status).toBe(0);
  });
});

describe('statementFamily and readBatch', () => {
  const open = async () => {
    const db = await openDatabase({
      url: `file:${join(mkdtempSync(join(tmpdir(), 'consign-db-')), 's.db')}`,
    });
    await runMigrations(db);
    return db;
  };

  it('builds a statement once per key and database, and reads prepared queries with fresh values', async () => {
    const [a, b] = [await open(), await open()];
    try {
      await a.insert(rateLimits).values([
        { key: 'one', count: 1, resetAt: 0 },
        { key: 'two', count: 2, resetAt: 0 },
      ]);
      await b.insert(rateLimits).values({ key: 'one', count: 10, resetAt: 0 });
      const family = statementFamily();
      const built: string[] = [];
      const countOf = (db: typeof a) =>
        family(db, 'count by key', () => {
          built.push('count by key');
          return db
            .select({ count: rateLimits.count })
            .from(rateLimits)
            .where(eq(rateLimits.key, sql.placeholder('key')))
            .prepare();
        });
      const read = async (db: typeof a, key: string) =>
        ((await readBatch(db, [{ query: countOf(db), values: { key } }]))[0] as { count: number }[])[0]
          ?.count;
      expect(await read(a, 'one')).toBe(1);
      expect(await read(a, 'two')).toBe(2);
      expect(await read(b, 'one')).toBe(10);
      // Once per database, however often it is asked; another family keeps its own.
      expect(built).toEqual(['count by key', 'count by key']);
      const other = statementFamily();
      expect(other(a, 'count by key', () => 'another')).toBe('another');
      expect(countOf(a)).toBe(countOf(a));
    } finally {
      await closeDatabase(a);
      await closeDatabase(b);
    }
  });
});
