import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  type Client,
  createClient,
  type InArgs,
  type InStatement,
  type Transaction,
  type TransactionMode,
} from '@libsql/client';
import { fillPlaceholders } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import type { PreparedQueryConfig, SQLitePreparedQuery } from 'drizzle-orm/sqlite-core';
import { Mutex } from './mutex';
import * as schema from './schema';

export type Database = ReturnType<typeof drizzle<typeof schema>> & { $client: Client };

/** A drizzle transaction on the app database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Connections to a local file. Reads borrow one only for the length of one synchronous call, and
 * at most one write transaction is open at a time (the write lock below), so two would do; four
 * leave room for read transactions.
 */
const LOCAL_CONNECTIONS = 4;

/**
 * How many WAL pages a connection lets pile up before it checkpoints inline, on the event loop.
 * With the background checkpointer running this is never reached (it checkpoints every
 * CHECKPOINT_INTERVAL_MS); it bounds the WAL should the checkpointer stop.
 */
const INLINE_CHECKPOINT_PAGES = 10_000;
const CHECKPOINT_INTERVAL_MS = 250;

/** Only a plain select is known to take no write lock; anything else is treated as a write. */
const READ_ONLY = /^\s*select\b/i;
const sqlOf = (stmt: InStatement) => (typeof stmt === 'string' ? stmt : stmt.sql);

/**
 * SQLite has one writer at a time, and the local libSQL driver is synchronous: a statement that
 * waits for the write lock waits in SQLite's busy handler ON the event loop. If the lock is held
 * by an open transaction of this same process, that transaction can never get the event loop back
 * to finish, and the wait ends only with SQLITE_BUSY after the busy timeout.
 *
 * So writers of one process take turns here, in an async queue, before they touch SQLite: a
 * write transaction holds the write lock from BEGIN IMMEDIATE to commit or rollback, a write
 * outside a transaction (or a batch, which is one transaction) for its one call. Reads take no
 * lock: in WAL mode a reader on its own connection never waits for a writer and sees the last
 * commit. Other processes still meet SQLite's own lock and wait on the busy timeout.
 *
 * A transaction whose body awaits only the database runs to its commit without giving the event
 * loop back (the driver is synchronous), so writers queue only behind transactions that await
 * something else, which is why the write paths keep mail, provider calls and hashing outside.
 */
function withWriteLock(client: Client, onClose: () => void): Client {
  const lock = new Mutex();
  const wrapTransaction = (tx: Transaction, release: () => void): Transaction => {
    let released = false;
    const done = () => {
      if (!released) {
        released = true;
        release();
      }
    };
    return new Proxy(tx, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop === 'commit' || prop === 'rollback') {
          return async () => {
            try {
              return await (value as () => Promise<void>).call(target);
            } finally {
              done();
            }
          };
        }
        if (prop === 'close') {
          return () => {
            try {
              (value as () => void).call(target);
            } finally {
              done();
            }
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  const locked =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      lock.run(() => fn(...args));
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'transaction') {
        return async (mode: TransactionMode = 'write') => {
          if (mode === 'read') return target.transaction(mode);
          const release = await lock.acquire();
          try {
            return wrapTransaction(await target.transaction(mode), release);
          } catch (err) {
            release();
            throw err;
          }
        };
      }
      if (prop === 'execute') {
        return (stmt: InStatement, args?: unknown) => {
          const run = () =>
            (target.execute as (s: InStatement, a?: unknown) => ReturnType<Client['execute']>)(stmt, args);
          return READ_ONLY.test(sqlOf(stmt)) ? run() : lock.run(run);
        };
      }
      if (prop === 'batch') {
        // drizzle's db.batch() asks for no mode (deferred): a batch of selects only is a read.
        return (stmts: InStatement[], mode?: TransactionMode) =>
          mode === 'read' || stmts.every((s) => READ_ONLY.test(sqlOf(s)))
            ? target.batch(stmts, mode)
            : lock.run(() => target.batch(stmts, mode));
      }
      if (prop === 'executeMultiple' || prop === 'migrate') {
        return locked((value as (...a: unknown[]) => Promise<unknown>).bind(target));
      }
      if (prop === 'close') {
        return () => {
          onClose();
          target.close();
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Checkpoints the WAL into the database file from a worker thread with its own connection. A
 * checkpoint copies pages and fsyncs; inline, every thousand pages or so one unlucky commit paid
 * for it on the event loop (tens of milliseconds on a busy disk, the order-creation tail). PASSIVE
 * never waits for readers or writers, so nothing on the event loop waits for it either.
 *
 * It is stopped by asking, never by `terminate()`: terminating the thread while its native call
 * is pending makes libSQL's binding panic. Asked to stop, it lets a running checkpoint finish,
 * closes its connection and ends; `stopped` settles then. Until it has, the thread holds the
 * process open, so even a process that simply runs out of work exits only after it.
 */
function startCheckpointer(url: string): { stop(): Promise<void> } {
  const clientPath = createRequire(import.meta.url).resolve('@libsql/client');
  const worker = new Worker(
    `
    const { workerData, parentPort } = require('node:worker_threads');
    const { createClient } = require(workerData.clientPath);
    const db = createClient({ url: workerData.url, timeout: 5000 });
    let running = null;
    const timer = setInterval(() => {
      if (running) return;
      running = db.execute('PRAGMA wal_checkpoint(PASSIVE)').catch(() => {}).finally(() => { running = null; });
    }, workerData.interval);
    parentPort.once('message', async () => {
      clearInterval(timer);
      await running;
      db.close();
      parentPort.close();
    });
    `,
    { eval: true, workerData: { clientPath, url, interval: CHECKPOINT_INTERVAL_MS } },
  );
  // While it runs it never keeps the process alive; if it dies, connections fall back to
  // checkpointing inline.
  worker.unref();
  worker.on('error', () => {});
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping: Promise<void> | null = null;
  return {
    stop() {
      if (!stopping) {
        worker.ref();
        worker.postMessage('stop');
        stopping = exited;
      }
      return stopping;
    },
  };
}

/** What closing each opened database still waits for (its checkpointer ending), by client. */
const closing = new WeakMap<Client, Promise<void>>();

/**
 * Closes the database and resolves once everything it started has ended. Prefer it to
 * `db.$client.close()` before `process.exit()`, which would cut the checkpointer mid-call.
 */
export async function closeDatabase(db: Database): Promise<void> {
  db.$client.close();
  await closing.get(db.$client);
}

/**
 * Runs `pragmas` on every connection of the pool. They are per connection, and the pool opens
 * connections as it needs them: holding open (empty) transactions on the ones already set makes
 * the pool open the next, up to its limit; an idle connection is kept for good.
 */
async function onEveryConnection(client: Client, count: number, pragmas: string[]): Promise<void> {
  const held: Transaction[] = [];
  try {
    for (let i = 0; i < count; i++) {
      for (const pragma of pragmas) await client.execute(pragma);
      if (i < count - 1) held.push(await client.transaction('deferred'));
    }
  } finally {
    for (const tx of held) await tx.rollback();
  }
}

export async function openDatabase(options: {
  url: string;
  authToken?: string;
  /** Checkpoint the WAL from a worker thread (local files only); production does. */
  backgroundCheckpoint?: boolean;
}): Promise<Database> {
  const isFile = options.url.startsWith('file:');
  if (!isFile) {
    const remote = createClient({ url: options.url, authToken: options.authToken, timeout: 5000 });
    return drizzle(remote, { schema }) as unknown as Database;
  }
  mkdirSync(dirname(options.url.slice('file:'.length)), { recursive: true });
  const raw = createClient({ url: options.url, timeout: 5000, concurrency: LOCAL_CONNECTIONS });
  // WAL lets readers go on while one writer commits (stored in the file). With WAL,
  // synchronous=NORMAL is still safe against corruption and only risks the last commits on
  // power loss, not on a process crash; FULL (the default, per connection) would fsync the WAL on
  // every commit, on the event loop.
  await raw.execute('PRAGMA journal_mode = WAL');
  const checkpointer = options.backgroundCheckpoint ? startCheckpointer(options.url) : null;
  await onEveryConnection(raw, LOCAL_CONNECTIONS, [
    'PRAGMA synchronous = NORMAL',
    ...(checkpointer ? [`PRAGMA wal_autocheckpoint = ${INLINE_CHECKPOINT_PAGES}`] : []),
  ]);
  const client = withWriteLock(raw, () => {
    if (checkpointer) closing.set(client, checkpointer.stop());
  });
  return drizzle(client, { schema }) as unknown as Database;
}

/**
 * One `build(db)` per database, kept for the life of that database: the process's caches and
 * queries built once, shared by every request. Keyed weakly, so a closed test database takes its
 * entry with it.
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

/**
 * A family of statements built on first use and kept for the life of each database, one per key:
 * for a query whose text depends on the request's shape (which filters it uses, which sort) and
 * never on its values, which it takes as placeholders. Keys are unique within one family only.
 */
export function statementFamily(): <T>(db: Database, key: string, build: () => T) => T {
  const statementsOf = perDatabase(() => new Map<string, unknown>());
  return <T>(db: Database, key: string, build: () => T): T => {
    const statements = statementsOf(db);
    let found = statements.get(key) as T | undefined;
    if (found === undefined) {
      found = build();
      statements.set(key, found);
    }
    return found;
  };
}

/** A query built once (`.prepare()` on the database, with `sql.placeholder`s) and its values now. */
export type PreparedWrite = {
  query: SQLitePreparedQuery<PreparedQueryConfig>;
  values: Record<string, unknown>;
};

/** A prepared read and its values: the same shape as a write. */
export type PreparedRead = PreparedWrite;

/**
 * Runs prepared queries as one immediate write transaction, in one call to the driver: all of
 * them or none (a failure rolls back the whole batch). For hot write paths whose statements are
 * always the same: nothing is built per call, and the write lock is taken once. Each query must
 * have been prepared on `db` itself, never on a transaction. Answers each query's mapped result.
 */
export function writeBatch(db: Database, writes: readonly PreparedWrite[]): Promise<unknown[]> {
  return preparedBatch(db, writes, 'write');
}

/**
 * Runs prepared reads in one read transaction: one snapshot for all of them, no write lock, and
 * nothing built per call. drizzle's own `db.batch` cannot take prepared queries (it would send
 * their placeholders unfilled). The same rules as writeBatch.
 */
export function readBatch(db: Database, reads: readonly PreparedRead[]): Promise<unknown[]> {
  return preparedBatch(db, reads, 'read');
}

/** Prepared queries as the driver's statements, their placeholders filled with their values. */
export function preparedStatements(items: readonly PreparedWrite[]): InStatement[] {
  return items.map(({ query, values }) => {
    const { sql, params } = query.getQuery();
    return { sql, args: fillPlaceholders(params, values) as InArgs };
  });
}

async function preparedBatch(
  db: Database,
  items: readonly PreparedWrite[],
  mode: TransactionMode,
): Promise<unknown[]> {
  const results = await db.$client.batch(preparedStatements(items), mode);
  return results.map((result, i) => items[i]!.query.mapResult(result, true));
}
