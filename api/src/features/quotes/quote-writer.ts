/**
 * The write path of the quotes service: a quote and its options stored without a round trip per
 * option, because partner widgets quote far more than anyone books (docs/performance.md, "Storing
 * quotes", has the measurements).
 *
 * 1. Statements are built here from the drizzle table definitions, not by the query builder,
 *    whose per-value bookkeeping cost more than the insert itself. Values still go through each
 *    column's `mapToDriverValue`, so JSON and timestamps are encoded as drizzle would.
 * 2. Group commit: the quotes that reach the write within one turn of the event loop share one
 *    batch (one transaction, one WAL sync, one multi-row INSERT per table). Each quote stays
 *    all-or-nothing and its caller is answered only after the commit, so a quote is never shown
 *    before it is stored; alone, a quote waits for nothing.
 */
import type { InStatement, InValue } from '@libsql/client';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { type Database, perDatabase } from '../../db/client';
import { TurnGroups } from '../../db/group-commit';

/** Rows per INSERT statement: a dozen columns × 500 rows stays well under SQLite's 32 766 parameters. */
const ROWS_PER_STATEMENT = 500;

/** Quotes per batch: bounds one transaction's size (and so its lock time) under a burst. */
const MAX_QUOTES_PER_BATCH = 256;

type TableShape = { keys: string[]; columns: SQLiteColumn[]; head: string; tuple: string };
const shapes = new WeakMap<SQLiteTable, TableShape>();

function shapeOf(table: SQLiteTable): TableShape {
  let shape = shapes.get(table);
  if (!shape) {
    const entries = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][];
    shape = {
      keys: entries.map(([key]) => key),
      columns: entries.map(([, column]) => column),
      head: `insert into "${getTableName(table)}" (${entries.map(([, c]) => `"${c.name}"`).join(', ')}) values `,
      tuple: `(${entries.map(() => '?').join(', ')})`,
    };
    shapes.set(table, shape);
  }
  return shape;
}

/**
 * Multi-row INSERT statements for complete rows (every column given: no defaults are applied,
 * which is why the row type is the table's select type).
 */
export function insertRows<T extends SQLiteTable>(
  table: T,
  rows: readonly T['$inferSelect'][],
): InStatement[] {
  const { keys, columns, head, tuple } = shapeOf(table);
  const statements: InStatement[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const args: InValue[] = [];
    for (const row of chunk) {
      const record = row as Record<string, unknown>;
      for (let i = 0; i < keys.length; i++) {
        const value = record[keys[i]!];
        args.push(
          value === null || value === undefined ? null : (columns[i]!.mapToDriverValue(value) as InValue),
        );
      }
    }
    statements.push({ sql: head + Array(chunk.length).fill(tuple).join(', '), args });
  }
  return statements;
}

/** Complete rows for one table. */
export type TableRows<T extends SQLiteTable = SQLiteTable> = { table: T; rows: readonly T['$inferSelect'][] };

export function rowsOf<T extends SQLiteTable>(table: T, rows: readonly T['$inferSelect'][]): TableRows {
  return { table, rows } as TableRows;
}

type Pending = { writes: readonly TableRows[]; resolve: () => void; reject: (err: unknown) => void };

/** The batch's statements: per table, in the order tables first appear, all its rows together. */
function statementsOf(group: readonly Pending[]): InStatement[] {
  const byTable = new Map<SQLiteTable, SQLiteTable['$inferSelect'][]>();
  for (const item of group) {
    for (const { table, rows } of item.writes) {
      let all = byTable.get(table);
      if (!all) {
        all = [];
        byTable.set(table, all);
      }
      for (const row of rows) all.push(row);
    }
  }
  return [...byTable].flatMap(([table, rows]) => insertRows(table, rows));
}

/** Group commit for quotes; one per database. */
export class QuoteWriter {
  readonly #groups: TurnGroups<Pending>;

  constructor(private readonly db: Database) {
    this.#groups = new TurnGroups(MAX_QUOTES_PER_BATCH, (group) => this.#commit(group));
  }

  /** Resolves once the rows are committed, together with whatever else was queued. */
  write(writes: readonly TableRows[]): Promise<void> {
    return new Promise((resolve, reject) => this.#groups.push({ writes, resolve, reject }));
  }

  async #commit(group: Pending[]): Promise<void> {
    try {
      await this.db.$client.batch(statementsOf(group), 'write');
      for (const item of group) item.resolve();
    } catch (err) {
      // The batch is one transaction: none of these quotes was stored, so none may be shown.
      for (const item of group) item.reject(err);
    }
  }
}
export const quoteWriterFor = perDatabase((db) => new QuoteWriter(db));
