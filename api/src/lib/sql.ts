import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Case-insensitive "contains" for search boxes (SQLite's LIKE ignores ASCII case), with the
 * user's `%` and `_` taken literally, so that a search for "50%" finds "50%", not everything.
 */
export function containsText(expression: SQLWrapper, text: string): SQL {
  return sql`${expression} LIKE ${`%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} ESCAPE '\\'`;
}
