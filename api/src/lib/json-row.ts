import {
  type Column,
  getTableColumns,
  getTableName,
  type InferSelectModel,
  type SQL,
  sql,
  type Table,
} from 'drizzle-orm';
import { type Database, statementFamily } from '../db/client';

/**
 * Reads whole rows of a wide table as ONE result column each: SQLite writes the row as a JSON
 * array, and a single JSON.parse turns it back into the object `db.select().from(table)` gives.
 *
 * Why: the local libSQL driver pays per value of every row it hands over (a BigInt of every
 * integer, converted back), and drizzle then maps every value again through its field's decoder.
 * For a page of wide rows that was most of a list request's CPU (docs/performance.md, "Lists").
 *
 * The values come back exactly as drizzle's own mapping makes them: JSON-mode text columns are
 * embedded as JSON (`json(col)`) so the one parse builds them; timestamps and booleans go through
 * the column's own mapFromDriverValue; a REAL is sent as text with 17 significant digits
 * (`printf('%!.17g')`), because SQLite's JSON writes only 15 and 0.1 + 0.2 would come back 0.3.
 * Integer columns must hold integers (SQLite JSON writes a REAL in one with 15 digits).
 * The expression names the table's columns as `"table"."column"`: select from the table itself,
 * not an alias. Blob and bigint columns are refused when the reader is made.
 *
 * `only` reads those fields of the row and no others, for a list that shows a few of a wide
 * row's columns: SQLite then neither renders nor the process parses the rest.
 *
 * `texts` adds fields read out of a JSON column by a path (`{ recipientName: ['deliveryAddress',
 * '$.name'] }`): a list showing one value of a JSON object reads that value, not the object
 * (SQLite would otherwise write the whole object back out as JSON for the process to parse). The
 * path must lead to a string; a missing one (or anything but a string) reads as null, and a lone
 * surrogate in it reads as U+FFFD.
 */
export type JsonRowReader<T extends Table, R = InferSelectModel<T>> = {
  /** The row as one column, decoded: `db.select({ row: reader.row }).from(table)`. */
  row: SQL<R>;
  /** The rows whose `column` (of this table) holds one of `values`, in no particular order. */
  whereIn(db: Database, column: Column, values: readonly (string | number)[]): Promise<R[]>;
  /**
   * Runs a prepared query that selects `row` alone (`db.select({ row: reader.row })…prepare()`)
   * and decodes its rows: the values straight from the driver, without drizzle's mapping of each
   * row by field (which, for one SQL field, cost as much as the decoding).
   */
  all(query: ValuesQuery, placeholders?: Record<string, unknown>): Promise<R[]>;
};

/** A prepared query's raw read: each row's values, by position. */
type ValuesQuery = { values(placeholders?: Record<string, unknown>): Promise<unknown[][]> };

/** A string read out of JSON, lone surrogates replaced (U+FFFD); anything but a string is null. */
function wellFormed(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return LONE_SURROGATE.test(value) ? value.replace(LONE_SURROGATES, '\uFFFD') : value;
}
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

const READABLE = new Set([
  'SQLiteText',
  'SQLiteTextJson',
  'SQLiteInteger',
  'SQLiteTimestamp',
  'SQLiteBoolean',
]);

/** A field of a JSON column and a path to a string in it: `['deliveryAddress', '$.name']`. */
export type JsonTextPath<F extends string = string> = readonly [field: F, path: string];
/** Object keys in a path: `$.name`, `$.contact.email`. Paths are written into the SQL. */
const PATH = /^\$(\.[A-Za-z_][A-Za-z0-9_]*)+$/;

export function jsonRowReader<T extends Table>(table: T): JsonRowReader<T>;
export function jsonRowReader<T extends Table, K extends keyof InferSelectModel<T> & string>(
  table: T,
  only: readonly K[],
): JsonRowReader<T, Pick<InferSelectModel<T>, K>>;
export function jsonRowReader<
  T extends Table,
  K extends keyof InferSelectModel<T> & string,
  P extends string,
>(
  table: T,
  only: readonly K[],
  texts: Record<P, JsonTextPath<keyof InferSelectModel<T> & string>>,
): JsonRowReader<T, Pick<InferSelectModel<T>, K> & Record<P, string | null>>;
export function jsonRowReader<T extends Table>(
  table: T,
  only?: readonly string[],
  texts: Record<string, JsonTextPath> = {},
): JsonRowReader<T, Record<string, unknown>> {
  type Row = Record<string, unknown>;
  const tableName = getTableName(table);
  const columns = getTableColumns(table);
  const everyField = Object.entries(columns) as [string, Column][];
  for (const field of only ?? []) {
    if (!(field in columns)) throw new Error(`jsonRowReader: ${tableName} has no field ${field}`);
  }
  const fields = everyField.filter(([field]) => !only || only.includes(field));
  const textParts = Object.entries(texts).map(([name, [field, path]]) => {
    const column = columns[field];
    if (name in columns) throw new Error(`jsonRowReader: ${name} is already a field of ${tableName}`);
    if (column?.columnType !== 'SQLiteTextJson') {
      throw new Error(`jsonRowReader: ${tableName}.${field} is not a JSON column`);
    }
    if (!PATH.test(path)) throw new Error(`jsonRowReader: ${path} is not a path of object keys`);
    // `->` (JSON), not `->>` (SQL text): a string stays as JSON wrote it, escapes and all. `->>`
    // decodes an escaped lone surrogate ("\ud800") into bytes that are not UTF-8, and the driver
    // aborts the process on reading those (docs/deployment.md).
    return { name, sql: `"${tableName}"."${column.name}" -> '${path}'` };
  });
  const kinds: ('json' | 'real' | 'plain')[] = [];
  const parts = fields.map(([field, column]) => {
    const name = `"${tableName}"."${column.name}"`;
    if (column.columnType === 'SQLiteTextJson') {
      kinds.push('json');
      return `json(${name})`;
    }
    if (column.columnType === 'SQLiteReal') {
      kinds.push('real');
      return `iif(${name} is null, null, printf('%!.17g', ${name}))`;
    }
    if (!READABLE.has(column.columnType)) {
      throw new Error(
        `jsonRowReader: ${tableName}.${field} is a ${column.columnType}, which JSON cannot carry`,
      );
    }
    kinds.push('plain');
    return name;
  });
  const decode = (text: unknown): Row => {
    const values = JSON.parse(text as string) as unknown[];
    const row: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) {
      const value = values[i];
      const [field, column] = fields[i]!;
      row[field] =
        value === null || kinds[i] === 'json'
          ? value
          : kinds[i] === 'real'
            ? Number(value)
            : column.mapFromDriverValue(value);
    }
    for (let i = 0; i < textParts.length; i++)
      row[textParts[i]!.name] = wellFormed(values[fields.length + i]);
    return row;
  };
  // Built once: the query builder then walks one raw chunk per request instead of every column.
  parts.push(...textParts.map((part) => part.sql));
  const row = sql.raw(`json_array(${parts.join(', ')})`).mapWith({ mapFromDriverValue: decode }) as SQL<Row>;
  // One statement per database and column, built once: the values go as ONE parameter, a JSON
  // array read by json_each, so a page of any length reuses it (SQLite still searches the
  // column's index for each value). Building `column IN (?, ?, …)` anew was a tenth of a list
  // request's CPU.
  // Any column of the table may be asked by, read or not.
  const fieldOfColumn = new Map<Column, string>(everyField.map(([field, column]) => [column, field]));
  const statement = statementFamily();
  const all: JsonRowReader<T, Row>['all'] = async (query, placeholders) => {
    const found = await query.values(placeholders);
    const rows = new Array<Row>(found.length);
    for (let i = 0; i < found.length; i++) rows[i] = decode(found[i]![0]);
    return rows;
  };
  const whereIn: JsonRowReader<T, Row>['whereIn'] = async (db, column, values) => {
    if (values.length === 0) return [];
    const field = fieldOfColumn.get(column);
    if (field === undefined) throw new Error(`jsonRowReader: ${column.name} is not a column of ${tableName}`);
    const query = statement(db, field, () =>
      db
        .select({ row })
        .from(table as Table)
        .where(sql`${column} in (select value from json_each(${sql.placeholder('values')}))`)
        .prepare(),
    );
    return all(query, { values: JSON.stringify(values) });
  };
  return {
    row,
    all,
    whereIn,
  };
}
