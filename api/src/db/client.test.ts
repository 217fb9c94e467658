import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResultSet } from '@libsql/client';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { blob, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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

describe('result rows (patches/@libsql__client and patches/drizzle-orm)', () => {
  const ROW_VALUES = Symbol.for('consign.libsql.rowValues');
  const parents = sqliteTable('parents', { id: text('id').primaryKey(), n: integer('n') });
  const children = sqliteTable('children', {
    id: text('id').primaryKey(),
    parentId: text('parent_id').notNull(),
    n: integer('n').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    bytes: blob('bytes', { mode: 'buffer' }),
  });
  const open = async () => {
    const db = await openDatabase({
      url: `file:${join(mkdtempSync(join(tmpdir(), 'consign-db-')), 'r.db')}`,
    });
    await db.$client.executeMultiple(`
      CREATE TABLE parents (id TEXT PRIMARY KEY, n INTEGER);
      CREATE TABLE children (id TEXT PRIMARY KEY, parent_id TEXT NOT NULL, n INTEGER NOT NULL, at INTEGER NOT NULL, bytes BLOB);
      INSERT INTO parents VALUES ('p1', 1), ('p2', NULL);
      INSERT INTO children VALUES ('c1', 'p1', 10, 1700000000000, x'0102ff'), ('c2', 'p1', -3, 0, NULL), ('c3', 'p2', 9007199254740991, 1, x'');
    `);
    return db;
  };

  it('gives the values as arrays, and rows as they ever were: names enumerable, indices and length not, made once', async () => {
    const db = await open();
    try {
      const result = await db.$client.execute(
        'SELECT id, n AS value, n, NULL AS empty FROM parents ORDER BY id',
      );
      const values = (result as unknown as Record<symbol, unknown[][]>)[ROW_VALUES];
      expect(values).toEqual([
        ['p1', 1, 1, null],
        ['p2', null, null, null],
      ]);
      const rows = result.rows;
      expect(result.rows).toBe(rows); // made once
      const [p1] = rows;
      expect(Object.keys(p1!)).toEqual(['id', 'value', 'n', 'empty']);
      expect(JSON.stringify(p1)).toBe('{"id":"p1","value":1,"n":1,"empty":null}');
      expect([p1!.length, p1![0], p1![1], p1![3]]).toEqual([4, 'p1', 1, null]);
      expect(Object.getOwnPropertyDescriptor(p1, 0)).toEqual({
        value: 'p1',
        writable: false,
        enumerable: false,
        configurable: false,
      });
      expect(Object.getOwnPropertyDescriptor(p1, 'length')?.enumerable).toBe(false);
      expect(Array.from(p1 as ArrayLike<unknown>)).toEqual(['p1', 1, 1, null]);
      // Two columns of one name: the first one's value under the name, both by index.
      const clash = (await db.$client.execute("SELECT 'a' AS x, 'b' AS x")).rows[0]!;
      expect([clash.x, clash[0], clash[1], Object.keys(clash)]).toEqual(['a', 'a', 'b', ['x']]);
      // Integers and blobs are converted once, for the values and the rows alike.
      const child = await db.$client.execute("SELECT n, bytes FROM children WHERE id = 'c1'");
      expect(child.rows[0]!.n).toBe(10);
      expect(new Uint8Array(child.rows[0]!.bytes as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 255]));
      expect(typeof (child as unknown as Record<symbol, unknown[][]>)[ROW_VALUES]![0]![0]).toBe('number');
      await expect(db.$client.execute('SELECT 9007199254740993 AS big')).rejects.toThrow(RangeError);
      // A caller may still replace the rows, and a statement without data has none.
      result.rows = [];
      expect(result.rows).toEqual([]);
      expect((await db.$client.execute("UPDATE parents SET n = 2 WHERE id = 'p1'")).rows).toEqual([]);
      expect(
        JSON.parse(JSON.stringify(await db.$client.execute("SELECT id FROM parents WHERE id = 'p2'"))),
      ).toEqual({
        columns: ['id'],
        columnTypes: ['TEXT'],
        rows: [['p2']],
        rowsAffected: 0,
        lastInsertRowid: null,
      });
    } finally {
      await closeDatabase(db);
    }
  });

  it('maps drizzle queries from the values, never making a row object, and reads rows by name only without fields', async () => {
    const db = await open();
    // Counts reads of `rows` on every result the client gives drizzle.
    let rowReads = 0;
    const client = new Proxy(db.$client, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (prop !== 'execute' && prop !== 'batch') return value;
        const counted = (result: ResultSet) => {
          // The rows: an own value (a statement without data), else the result's class's accessor.
          const own = Object.getOwnPropertyDescriptor(result, 'rows');
          const rows = () => (own ? own.value : Reflect.get(Object.getPrototypeOf(result), 'rows', result));
          Object.defineProperty(result, 'rows', {
            enumerable: true,
            configurable: true,
            get: () => {
              rowReads++;
              return rows();
            },
          });
          return result;
        };
        return async (...args: unknown[]) => {
          const result = await (value as (...a: unknown[]) => Promise<ResultSet | ResultSet[]>)(...args);
          return Array.isArray(result) ? result.map(counted) : counted(result);
        };
      },
    });
    const counted = drizzle(client, { schema: { parents, children } });
    try {
      const joined = await counted
        .select({
          child: children.id,
          parent: parents.id,
          n: children.n,
          parentN: parents.n,
          at: children.at,
        })
        .from(children)
        .innerJoin(parents, eq(parents.id, children.parentId))
        .orderBy(children.id);
      expect(joined).toEqual([
        { child: 'c1', parent: 'p1', n: 10, parentN: 1, at: new Date(1700000000000) },
        { child: 'c2', parent: 'p1', n: -3, parentN: 1, at: new Date(0) },
        { child: 'c3', parent: 'p2', n: 9007199254740991, parentN: null, at: new Date(1) },
      ]);
      const whole = await counted.select().from(children).where(eq(children.id, 'c1')).get();
      expect(whole?.bytes).toEqual(Buffer.from([1, 2, 255]));
      expect(await counted.query.children.findFirst({ where: eq(children.id, 'c2') })).toEqual({
        id: 'c2',
        parentId: 'p1',
        n: -3,
        at: new Date(0),
        bytes: null,
      });
      const prepared = counted
        .select({ id: parents.id })
        .from(parents)
        .where(eq(parents.id, sql.placeholder('id')))
        .prepare();
      expect(await prepared.all({ id: 'p2' })).toEqual([{ id: 'p2' }]);
      const [a, b] = await counted.batch([
        counted.select({ id: children.id }).from(children).orderBy(children.id).limit(1),
        counted.select({ n: parents.n }).from(parents).where(eq(parents.id, 'p1')),
      ]);
      expect([a, b]).toEqual([[{ id: 'c1' }], [{ n: 1 }]]);
      expect(
        await counted.transaction((tx) =>
          tx.select({ n: children.n }).from(children).where(eq(children.id, 'c3')),
        ),
      ).toEqual([{ n: 9007199254740991 }]);
      expect(await counted.select({ id: parents.id }).from(parents).orderBy(parents.id).values()).toEqual([
        ['p1'],
        ['p2'],
      ]);
      expect(rowReads).toBe(0);
      // A query without fields maps by column name, so it reads the rows.
      expect(await counted.all(sql`SELECT id, n FROM parents ORDER BY id`)).toEqual([
        { id: 'p1', n: 1 },
        { id: 'p2', n: null },
      ]);
      expect(rowReads).toBe(1);
    } finally {
      await closeDatabase(db);
    }
  });

  it("maps results that carry no value arrays (a remote libSQL server's) from their rows, as unpatched drizzle does", async () => {
    const db = await open();
    // What the Hrana client (libsql://, https://, ws://) answers: a result with rows, no value arrays.
    const plain = (r: ResultSet) => ({
      columns: r.columns,
      columnTypes: r.columnTypes,
      rows: r.rows,
      rowsAffected: r.rowsAffected,
      lastInsertRowid: r.lastInsertRowid,
    });
    const client = new Proxy(db.$client, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (prop !== 'execute' && prop !== 'batch') return value;
        return async (...args: unknown[]) => {
          const result = await (value as (...a: unknown[]) => Promise<ResultSet | ResultSet[]>)(...args);
          const strip = (r: ResultSet) => {
            const out = plain(r);
            expect(ROW_VALUES in out).toBe(false);
            return out;
          };
          return Array.isArray(result) ? result.map(strip) : strip(result);
        };
      },
    });
    const remote = drizzle(client, { schema: { parents, children } });
    try {
      expect(
        await remote
          .select({ child: children.id, parent: parents.id, parentN: parents.n, at: children.at })
          .from(children)
          .innerJoin(parents, eq(parents.id, children.parentId))
          .orderBy(children.id),
      ).toEqual([
        { child: 'c1', parent: 'p1', parentN: 1, at: new Date(1700000000000) },
        { child: 'c2', parent: 'p1', parentN: 1, at: new Date(0) },
        { child: 'c3', parent: 'p2', parentN: null, at: new Date(1) },
      ]);
      expect(await remote.query.children.findFirst({ where: eq(children.id, 'c2') })).toEqual({
        id: 'c2',
        parentId: 'p1',
        n: -3,
        at: new Date(0),
        bytes: null,
      });
      const [a, b] = await remote.batch([
        remote.select({ id: children.id }).from(children).orderBy(children.id).limit(1),
        remote.select({ n: parents.n }).from(parents).where(eq(parents.id, 'p1')),
      ]);
      expect([a, b]).toEqual([[{ id: 'c1' }], [{ n: 1 }]]);
      expect(await remote.all(sql`SELECT id, n FROM parents ORDER BY id`)).toEqual([
        { id: 'p1', n: 1 },
        { id: 'p2', n: null },
      ]);
    } finally {
      await closeDatabase(db);
    }
  });
});
