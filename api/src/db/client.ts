import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Client, createClient, type Transaction } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { Mutex } from '../lib/mutex';
import * as schema from './schema';

export type Database = ReturnType<typeof drizzle<typeof schema>> & { $client: Client };

/** A drizzle transaction on the app database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The local libSQL driver is synchronous: if a statement on one connection waits for a write
 * lock held by an open transaction on another connection of the same process, it blocks the
 * event loop, so the transaction can never finish. Queuing every call behind open transactions
 * inside the process avoids that; other processes still wait on SQLite's busy timeout.
 */
function serialise(client: Client): Client {
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
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'transaction') {
        return async (...args: Parameters<Client['transaction']>) => {
          const release = await lock.acquire();
          try {
            return wrapTransaction(await target.transaction(...args), release);
          } catch (err) {
            release();
            throw err;
          }
        };
      }
      if (prop === 'execute' || prop === 'batch' || prop === 'executeMultiple' || prop === 'migrate') {
        return async (...args: unknown[]) => {
          const release = await lock.acquire();
          try {
            return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          } finally {
            release();
          }
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function openDatabase(options: { url: string; authToken?: string }): Promise<Database> {
  const isFile = options.url.startsWith('file:');
  if (isFile) mkdirSync(dirname(options.url.slice('file:'.length)), { recursive: true });
  // One connection per process for a local file: every call is queued by serialise() anyway,
  // and a single connection keeps the per-connection pragmas below in force.
  const raw = createClient({
    url: options.url,
    authToken: options.authToken,
    timeout: 5000,
    ...(isFile ? { concurrency: 1 } : {}),
  });
  if (isFile) {
    // WAL lets readers go on while one writer commits (stored in the file). With WAL,
    // synchronous=NORMAL is still safe against corruption and only risks the last commits on
    // power loss, not on a process crash; FULL would fsync on every commit.
    await raw.execute('PRAGMA journal_mode = WAL');
    await raw.execute('PRAGMA synchronous = NORMAL');
  }
  const client = isFile ? serialise(raw) : raw;
  return drizzle(client, { schema }) as unknown as Database;
}
