/**
 * Group commit for a hot write path whose writes are independent of one another (bookings):
 * every `groupedWriteBatch` asked for within one turn of the event loop goes to SQLite as ONE
 * write transaction. BEGIN, COMMIT and the WAL frames of the pages the writes share (the last
 * leaf of the table and of each of its indexes, which every new row lands in) are then paid once
 * for the group instead of once per write: on a booking, COMMIT and BEGIN were a quarter of the
 * SQLite time. The quote writer (features/quotes/quote-writer.ts) groups quotes through the same
 * TurnGroups, with multi-row inserts on top.
 *
 * Each caller is answered only after its own writes have committed, and each caller's writes are
 * still all or nothing. Should the group's transaction fail, nothing of it was written (a batch
 * rolls back whole), and every caller's writes are tried again in a transaction of their own, so
 * one caller's bad write can never fail another caller's. With one request in flight the group
 * holds one write and waits for nothing.
 */
import type { InStatement, ResultSet } from '@libsql/client';
import { type Database, type PreparedWrite, perDatabase, preparedStatements } from './client';

/**
 * What both group commits share (this one, and the quote writer's): everything pushed within one
 * turn of the event loop is handed to `commit` together, at most `max` items at a time. `commit`
 * must settle every item of its group and never throw.
 */
export class TurnGroups<T> {
  #queue: T[] = [];
  #scheduled = false;

  constructor(
    private readonly max: number,
    private readonly commit: (group: T[]) => Promise<void>,
  ) {}

  push(item: T): void {
    this.#queue.push(item);
    if (!this.#scheduled) {
      this.#scheduled = true;
      // setImmediate runs after the I/O callbacks of this loop turn: every request parsed in
      // this turn has reached its write by then and joins the same group.
      setImmediate(() => void this.#drain());
    }
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.commit(this.#queue.splice(0, this.max));
    } finally {
      this.#scheduled = false;
    }
  }
}

/** Writers per group: bounds one transaction's size (and so how long it holds the write lock). */
export const MAX_WRITERS_PER_GROUP = 128;

type Pending = {
  writes: readonly PreparedWrite[];
  statements: InStatement[];
  resolve: (results: unknown[]) => void;
  reject: (err: unknown) => void;
};

/** A writer's own results, mapped by its queries, from its statements' result sets. */
const mapped = (item: Pending, results: ResultSet[]) =>
  results.map((result, i) => item.writes[i]!.query.mapResult(result, true));

class GroupCommit {
  readonly #groups: TurnGroups<Pending>;

  constructor(private readonly db: Database) {
    this.#groups = new TurnGroups(MAX_WRITERS_PER_GROUP, (group) => this.#commit(group));
  }

  write(writes: readonly PreparedWrite[]): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      // Built now, so that a write whose values cannot be bound fails alone, before it joins a group.
      const statements = preparedStatements(writes);
      this.#groups.push({ writes, statements, resolve, reject });
    });
  }

  async #commit(group: Pending[]): Promise<void> {
    if (group.length === 1) return this.#alone(group[0]!);
    let results: ResultSet[];
    try {
      results = await this.db.$client.batch(
        group.flatMap((item) => item.statements),
        'write',
      );
    } catch {
      // Nothing of the group was written: each writer on its own, with its own outcome.
      for (const item of group) await this.#alone(item);
      return;
    }
    let at = 0;
    for (const item of group) {
      item.resolve(mapped(item, results.slice(at, at + item.writes.length)));
      at += item.writes.length;
    }
  }

  /** One writer in a transaction of its own, from the statements it already built. */
  async #alone(item: Pending): Promise<void> {
    try {
      item.resolve(mapped(item, await this.db.$client.batch(item.statements, 'write')));
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
