/**
 * Keyset pagination for lists sorted newest first (createdAt desc, id desc): the customer's orders
 * and jobs and the vendor's orders. A cursor names the last row of a page, so a row inserted
 * meanwhile neither repeats nor hides one, which page offsets cannot promise.
 */
import { z } from '@hono/zod-openapi';
import { and, eq, lt, or, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { AppError } from './errors';

export type CursorKey = { createdAt: Date; id: string };

/** `limit` query parameter: 1 to 100, 20 when absent. */
export const limitQuery = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(100, 'limit must be at most 100')
  .default(20)
  .openapi({ param: { name: 'limit', in: 'query' }, example: 20 });

/** `cursor` query parameter: a list's `nextCursor`, given back. */
export const cursorQuery = (description = 'nextCursor of the previous page') =>
  z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: 'cursor', in: 'query' }, description });

export function encodeCursor(row: CursorKey): string {
  return Buffer.from(JSON.stringify([row.createdAt.getTime(), row.id])).toString('base64url');
}

/** The row a cursor names; anything a list did not give out is a 422 on `cursor`. */
export function decodeCursor(cursor: string): CursorKey {
  try {
    const [ms, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof ms === 'number' && Number.isSafeInteger(ms) && typeof id === 'string') {
      return { createdAt: new Date(ms), id };
    }
  } catch {
    // fall through to the problem below
  }
  throw AppError.validation([{ path: 'cursor', message: 'Not a cursor this list gave out' }]);
}

/**
 * Rows after the cursor's row in (createdAt desc, id desc) order; no condition without a cursor.
 * The cursor's values may be placeholders, for a statement prepared once (then createdAt goes in
 * as stored: milliseconds).
 */
export function olderThan(
  columns: { createdAt: SQLiteColumn; id: SQLiteColumn },
  after: CursorKey | { createdAt: Placeholder; id: Placeholder } | null,
): SQL | undefined {
  if (!after) return undefined;
  return or(
    lt(columns.createdAt, after.createdAt),
    and(eq(columns.createdAt, after.createdAt), lt(columns.id, after.id)),
  );
}

/** The cursor of the next page: the last row shown, when more rows were found than shown. */
export function nextCursor(rows: readonly CursorKey[], limit: number): string | null {
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return last ? encodeCursor(last) : null;
}
