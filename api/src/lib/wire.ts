/**
 * A table's rows as the API sends them: every column as stored, instants as ISO 8601 strings.
 * A wire schema that mirrors a table is derived from it (drizzle-zod) and narrowed (pick, omit,
 * a description), not written out again, so a column added to the table reaches the contract
 * only where someone chose to send it and never drifts from the column's type.
 */
import { z } from '@hono/zod-openapi';
import { Column, getTableColumns, type InferSelectModel, is, type Table } from 'drizzle-orm';
import { createSchemaFactory } from 'drizzle-zod';

const { createSelectSchema } = createSchemaFactory({ zodInstance: z });

/**
 * The row of `table` on the wire: its columns' schemas, timestamps as `date-time` strings.
 * `overrides` replace a column's schema where the wire says more than the column (an example,
 * a JSON column's shape).
 */
export function rowSchema<
  T extends Table,
  O extends Partial<Record<keyof InferSelectModel<T>, z.ZodType>> = Record<never, never>,
>(table: T, overrides?: O) {
  const columns: Record<string, z.ZodType> = {};
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    if (is(column, Column) && column.columnType === 'SQLiteTimestamp') {
      columns[name] = column.notNull ? z.iso.datetime() : z.iso.datetime().nullable();
    }
  }
  // drizzle-zod types the overrides by column; these replace only the named columns.
  return createSelectSchema(table, { ...columns, ...overrides } as never) as unknown as z.ZodObject<{
    [K in keyof InferSelectModel<T>]: K extends keyof O
      ? NonNullable<O[K]>
      : z.ZodType<Wire<InferSelectModel<T>>[K]>;
  }>;
}

/** A row with its instants as ISO strings, as JSON sends them. */
export type Wire<R> = {
  [K in keyof R]: R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K];
};

/** A row as the API sends it: each Date as its ISO 8601 string, every other value as it is. */
export function toWire<R extends Record<string, unknown>>(row: R): Wire<R> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    out[key] = value instanceof Date ? value.toISOString() : value;
  return out as Wire<R>;
}
