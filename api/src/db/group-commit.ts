/**
 * Group commit for a hot write path whose writes are independent of one another (bookings):
 * every `groupedWriteBatch` asked for within one turn of the event loop goes to SQLite as ONE
 * write transaction. BEGIN, COMMIT and the WAL frames of the pages the writes share (the last
 * leaf of the table and of each of its indexes, which every new row lands in) are then paid once
 * for the group instead of once per write: on a booking, COMMIT and BEGIN were a quarter of the
 * SQLite time. The quote writer (features/quotes/quote-writer.ts) does the same for quotes, with
 * multi-row inserts on top.
 *
 * Each caller is answered only after its own writes have committed, and each caller's writes are
 * still all or nothing. Should the group's transaction fail, nothing of it was written (a batch
 * rolls back whole), and every caller's writes are tried again in a transaction of their own, so
 * one caller's bad write can never fail another caller's. With one request in flight the group
 * holds one write and waits for nothing.
 */
import type { InStatement } from '@libsql/client';
import { type Database, type PreparedWrite, perDatabase, preparedStatements, writeBatch } from './client';

/** Writers per group: bounds one transaction's size (and so how long it holds the write lock). */
export const MAX_WRITERS_PER_GROUP = 128;

type Pending = {
  writes: readonly PreparedWrite[];
  statements: InStatement[];
  resolve: (results: unknown[]) => void;
  reject: (err: unknown) => void;
};

class GroupCommit {
  #queue: Pending[] = [];
  #scheduled = false;

  constructor(private readonly db: Database) {}

  write(writes: readonly PreparedWrite[]): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      // Built now, so that a write whose values cannot be bound fails alone, before it joins a group.
      const statements = preparedStatements(writes);
      this.#queue.push({ writes, statements, resolve, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        // setImmediate runs after the I/O callbacks of this loop turn: every request parsed in
        // this turn has reached its write by then and joins the same group.
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const group = this.#queue.splice(0, MAX_WRITERS_PER_GROUP);
        if (group.length === 1) {
          await this.#alone(group[0]!);
          continue;
        }
        let results: Awaited<ReturnType<Database['$client']['batch']>>;
        try {
          results = await this.db.$client.batch(
            group.flatMap((item) => item.statements),
            'write',
          );
        } catch {
          // Nothing of the group was written: each writer on its own, with its own outcome.
          for (const item of group) await this.#alone(item);
          continue;
        }
        let at = 0;
        for (const item of group) {
          const mine = results.slice(at, at + item.writes.length);
          at += item.writes.length;
          item.resolve(mine.map((result, i) => item.writes[i]!.query.mapResult(result, true)));
        }
      }
    } finally {
      this.#scheduled = false;
    }
  }

  async #alone(item: Pending): Promise<void> {
    try {
      item.resolve(await writeBatch(this.db, item.writes));
    } catch (err) {
      item.reject(err);
    }
  }
}

const groupCommitOf = perDatabase((db) => new GroupCommit(db));

/**
 * `writeBatch` (db/client.ts), committed together with the other writes asked for in the same
 * turn of the event loop. The same rules: prepared queries of `db` itself, all or nothing,
 * each query's mapped result.
 */
export function groupedWriteBatch(db: Database, writes: readonly PreparedWrite[]): Promise<unknown[]> {
  return groupCommitOf(db).write(writes);
}
