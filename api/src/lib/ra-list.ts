import { z } from '@hono/zod-openapi';
import {
  type AnyColumn,
  and,
  asc,
  Column,
  desc,
  getTableColumns,
  inArray,
  is,
  type SQL,
  type SQLWrapper,
  sql,
  type Table,
} from 'drizzle-orm';
import type { SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import { type Database, type PreparedRead, readBatch, statementFamily } from '../db/client';
import { tableVersions } from '../db/schema';

/**
 * Query parameters of react-admin's ra-data-simple-rest data provider, so the admin console
 * needs no custom data provider (docs/architecture.md §8):
 *   GET /admin/vendors?sort=["shopName","ASC"]&range=[0,24]&filter={"status":"pending"}
 * answers a JSON array and `Content-Range: vendors 0-24/319`. Each parameter is JSON; one that
 * is not, or does not fit, is a 422 naming it.
 */

/** The largest page one request may ask for; also the page when `range` is absent (getMany). */
export const RA_MAX_RANGE = 1000;

function jsonParam<T extends z.ZodType>(name: string, schema: T, example: string, description: string) {
  return z
    .string()
    .transform((raw, ctx): unknown => {
      try {
        return JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be JSON, such as ${example}` });
        return z.NEVER;
      }
    })
    .pipe(schema)
    .optional()
    .openapi({ type: 'string', example, description });
}

/**
 * The query schema of one admin list: which fields may be sorted on and what the filter may hold
 * (a strict object, so a filter the resource does not support is refused rather than ignored).
 */
export function raListQuery<
  const F extends readonly [string, ...string[]],
  FilterSchema extends z.ZodType,
>(options: { sortFields: F; filter: FilterSchema; maxRange?: number }) {
  const maxRange = options.maxRange ?? RA_MAX_RANGE;
  return z.object({
    sort: jsonParam(
      'sort',
      z.tuple([
        z.enum(options.sortFields as unknown as [F[number], ...F[number][]], {
          error: `Sort by one of: ${options.sortFields.join(', ')}`,
        }),
        z
          .string()
          .transform((v) => v.toUpperCase())
          .pipe(z.enum(['ASC', 'DESC'], { error: 'Sort order must be ASC or DESC' })),
      ]),
      `["${options.sortFields[0]}","ASC"]`,
      `[field, order]; field is one of ${options.sortFields.join(', ')}`,
    ),
    range: jsonParam(
      'range',
      z
        .tuple([z.number().int().min(0), z.number().int().min(0)])
        .refine(([start, end]) => end >= start, 'The range end must not be before its start')
        .refine(([start, end]) => end - start + 1 <= maxRange, `A range covers at most ${maxRange} rows`),
      '[0,24]',
      `[first, last] row, inclusive; at most ${maxRange} rows`,
    ),
    filter: jsonParam('filter', options.filter, '{}', 'An object of filters'),
  });
}

export type RaSortOrder = 'asc' | 'desc';

export type RaList<F extends string, Filter> = {
  sort: { field: F; order: RaSortOrder } | null;
  offset: number;
  limit: number;
  filter: Filter | undefined;
};

/** Turns the validated query into offset, limit and sort. */
export function toRaList<F extends string, Filter>(query: {
  sort?: [F, 'ASC' | 'DESC'] | undefined;
  range?: [number, number] | undefined;
  filter?: Filter | undefined;
}): RaList<F, Filter> {
  const [start, end] = query.range ?? [0, RA_MAX_RANGE - 1];
  return {
    sort: query.sort ? { field: query.sort[0], order: query.sort[1] === 'DESC' ? 'desc' : 'asc' } : null,
    offset: start,
    limit: end - start + 1,
    filter: query.filter,
  };
}

/** `vendors 0-24/319`, or `vendors *\/0` when the page is empty. */
export function contentRange(resource: string, offset: number, count: number, total: number): string {
  return count > 0 ? `${resource} ${offset}-${offset + count - 1}/${total}` : `${resource} */${total}`;
}

/** Sets Content-Range and exposes it to cross-origin callers (the admin may run on its own dev server). */
export function setContentRange(c: Context, resource: string, offset: number, count: number, total: number) {
  c.header('Content-Range', contentRange(resource, offset, count, total));
  c.header('Access-Control-Expose-Headers', 'Content-Range');
}

/** The response headers to declare on an admin list route. */
export const raListHeaders = {
  'Content-Range': {
    description: 'Which rows this page holds and how many match, e.g. `vendors 0-24/319`',
    schema: { type: 'string' as const },
  },
  'Access-Control-Expose-Headers': { schema: { type: 'string' as const } },
};

/**
 * The sort a page is read in: the asked one, else the list's default, else newest first. A list
 * that selects only its sort key (the admin orders) asks this for the field listPage will sort on.
 */
export function listSort<F extends string>(
  list: Pick<RaList<F, unknown>, 'sort'>,
  defaultSort?: { field: F; order: RaSortOrder },
): { field: F; order: RaSortOrder } {
  return list.sort ?? defaultSort ?? { field: 'createdAt' as F, order: 'desc' };
}

type Sortable = AnyColumn | SQL;

/** The tables whose change counters (table_versions, kept by triggers) a list may cache under. */
export type VersionedTable = 'orders' | 'users' | 'vendors' | 'jobs' | 'audit_log';

/**
 * How a large list keeps its work between requests, per process (and per database handle):
 * - `list` names the list (its cache keys), `tables` every table its rows and filters read;
 * - the COUNT of every (list, filter) is kept with the sum of those tables' change counters,
 *   read in the same snapshot (one batch) as the page, and used only while that sum is
 *   unchanged. A trigger bumps a counter in the transaction of every insert, update and delete
 *   of its table, by this process or any other, so a cached count is never stale: a count is
 *   served only for the very data it was counted on;
 * - `keyset`: the table the rows are selected from (whole, `db.select().from(table)`, or only the
 *   sort columns and the tie-breaker under the table's own field names, `db.select({ createdAt:
 *   table.createdAt, id: table.id, ... })`; with `expand`, the table its keys and rows are read
 *   from) and the only table the filters read. The sort key of
 *   a page's last row is kept under the same
 *   counters, so the page after it (react-admin's next page: `range` starting where the previous
 *   ended, any page size) seeks to that key in the sort's index instead of walking `offset`
 *   rows again: the same rows the offset gives while nothing changed, and the offset otherwise.
 *   Only for a sort on a NOT NULL column of that table (a NULL breaks row-value comparison).
 * The filters must depend on the request and the data only, never on the clock (a filter such as
 * "expired" would change its count with no write to bump a counter): such a list takes no cache.
 */
export type ListCache = {
  list: string;
  tables: readonly [VersionedTable, ...VersionedTable[]];
  keyset?: Table;
};

/** Counts and cursors kept per database handle (tests open several), the oldest dropped first. */
const MAX_CACHED = 1000;
type Cursor = { version: number; key: unknown; id: unknown };
type Caches = { counts: Map<string, { version: number; total: number }>; cursors: Map<string, Cursor> };
const caches = new WeakMap<object, Caches>();
function cachesOf(db: object): Caches {
  let found = caches.get(db);
  if (!found) {
    found = { counts: new Map(), cursors: new Map() };
    caches.set(db, found);
  }
  return found;
}
function remember<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  if (map.size >= MAX_CACHED) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/** The row field that holds `column` in a select of `table` under the table's field names. */
function fieldOf(table: Table, column: AnyColumn): string | undefined {
  return Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0];
}

/**
 * One page of an admin list and the count of every row that matches, the block each admin list
 * would otherwise write again: the filter conditions joined with AND, the asked sort (or the
 * default) with the id as tie-breaker, so pages neither repeat nor skip rows that sort equal,
 * then range and count in one batch (one round trip, one snapshot). With `cache` (lists that
 * grow large), counts and the next page's start are kept between requests (see ListCache).
 *
 *   listPage(db, list, {
 *     rows: db.select().from(users).$dynamic(),
 *     count: db.select({ total: count() }).from(users).$dynamic(),
 *     where: [f.role && eq(users.role, f.role)],
 *     sort: { createdAt: users.createdAt, id: users.id },
 *     tieBreaker: users.id,
 *     cache: { list: 'users', tables: ['users'], keyset: users },
 *   })
 */
export async function listPage<Q extends SQLiteSelect, F extends string, P extends SQLiteSelect = Q>(
  db: Database,
  list: RaList<F, unknown>,
  spec: {
    rows: Q;
    /**
     * Reads the page's rows through its keys in the same statement: `rows` then selects only the
     * table's rowid (the walk of the sort's index, the filters and the skipped rows never read the
     * table), and `expand(keys)` selects the rows whose rowid is among `keys`, with the sort field
     * and the tie-breaker under the table's field names for the cursor; listPage sorts it as it
     * sorts the keys. One statement, not keys then rows (docs/performance.md, "Lists").
     */
    expand?: (keys: SQLWrapper) => P;
    count: SQLiteSelect;
    /** Falsy entries are filters the request did not use. */
    where: (SQL | undefined | false | '')[];
    sort: Record<F, Sortable>;
    tieBreaker: AnyColumn;
    defaultSort?: { field: F; order: RaSortOrder };
    cache?: ListCache;
  },
): Promise<{ rows: Awaited<P>; total: number }> {
  const conditions = spec.where.filter((c): c is SQL => Boolean(c));
  const where = conditions.length ? and(...conditions) : undefined;
  const sort = listSort(list, spec.defaultSort);
  const direction = sort.order === 'desc' ? desc : asc;
  const sortBy = spec.sort[sort.field];
  const ordered = (after: SQL | undefined) =>
    spec.rows.where(and(where, after)).orderBy(direction(sortBy), direction(spec.tieBreaker));
  const expanded = (keys: Q): SQLiteSelect =>
    spec.expand ? spec.expand(keys).orderBy(direction(sortBy), direction(spec.tieBreaker)) : keys;
  const page = (after?: Cursor) =>
    expanded(
      ordered(after && seek(sortBy as AnyColumn, spec.tieBreaker, sort.order, after))
        .limit(list.limit)
        .offset(after ? 0 : list.offset),
    );
  const { cache } = spec;
  if (!cache) {
    const [rows, totals] = await db.batch([page(), spec.count.where(where)] as const);
    return { rows: rows as Awaited<P>, total: (totals as { total: number }[])[0]?.total ?? 0 };
  }

  const { counts, cursors } = cachesOf(db);
  const filter = JSON.stringify(list.filter ?? null);
  const countKey = `${cache.list} ${filter}`;
  const keyField =
    cache.keyset && is(sortBy, Column) && sortBy.notNull ? fieldOf(cache.keyset, sortBy) : undefined;
  const idField = cache.keyset && fieldOf(cache.keyset, spec.tieBreaker);
  const pageKey = keyField && idField ? `${cache.list} ${filter} ${sort.field} ${sort.order}` : undefined;
  const version: PreparedRead = {
    query: listStatement(db, `version ${cache.tables.join()}`, () =>
      db
        .select({ version: sql<number>`coalesce(sum(${tableVersions.version}), 0)` })
        .from(tableVersions)
        .where(inArray(tableVersions.name, [...cache.tables]))
        .prepare(),
    ),
    values: {},
  };
  // The unfiltered list (the page each admin list opens on, and returns to) is a statement per
  // sort built once, its range and cursor as placeholders; a filtered one is built per request.
  const pageRead = (after?: Cursor): PreparedRead =>
    conditions.length === 0
      ? {
          query: listStatement(db, `page ${cache.list} ${sort.field} ${sort.order} ${Boolean(after)}`, () =>
            expanded(
              ordered(
                after &&
                  seek(sortBy as AnyColumn, spec.tieBreaker, sort.order, {
                    key: sql.placeholder('afterKey'),
                    id: sql.placeholder('afterId'),
                  }),
              )
                .limit(sql.placeholder('limit'))
                .offset(sql.placeholder('offset')),
            ).prepare(),
          ),
          values: {
            limit: list.limit,
            offset: after ? 0 : list.offset,
            ...(after ? { afterKey: after.key, afterId: after.id } : {}),
          },
        }
      : { query: page(after).prepare(), values: {} };
  const countRead = (): PreparedRead => ({ query: spec.count.where(where).prepare(), values: {} });
  const cursor = pageKey && list.offset > 0 ? cursors.get(`${pageKey} ${list.offset}`) : undefined;
  const known = counts.get(countKey);
  const versionOf = (counters: unknown) => Number((counters as { version: number }[])[0]?.version ?? 0);

  // The page (from the cursor when there is one), the counters and, unless counted before, the
  // count: one snapshot, so a count or cursor is filed under exactly the data it describes.
  const read = async (after?: Cursor) => {
    if (known) {
      const [counters, rows] = await readBatch(db, [version, pageRead(after)]);
      return { current: versionOf(counters), rows, counted: undefined };
    }
    const [counters, rows, totals] = await readBatch(db, [version, pageRead(after), countRead()]);
    return {
      current: versionOf(counters),
      rows,
      counted: (totals as { total: number }[])[0]?.total ?? 0,
    };
  };
  let { current, rows, counted } = await read(cursor);
  // The tables changed since the cursor was kept: the offset is the answer.
  if (cursor && cursor.version !== current) ({ current, rows, counted } = await read());
  const pageVersion = current;
  let total: number;
  if (counted !== undefined) total = counted;
  else if (known && known.version === current) total = known.total;
  else {
    // Counted under older counters: count again, filed under the counters of its own snapshot.
    const [counters, totals] = await readBatch(db, [version, countRead()]);
    current = versionOf(counters);
    total = (totals as { total: number }[])[0]?.total ?? 0;
  }
  remember(counts, countKey, { version: current, total });

  const pageRows = rows as Record<string, unknown>[];
  const last = pageRows[pageRows.length - 1];
  if (pageKey && keyField && idField && last && pageRows.length === list.limit) {
    remember(cursors, `${pageKey} ${list.offset + pageRows.length}`, {
      version: pageVersion,
      key: (sortBy as AnyColumn).mapToDriverValue(last[keyField]),
      id: spec.tieBreaker.mapToDriverValue(last[idField]),
    });
  }
  return { rows: rows as Awaited<P>, total };
}

/**
 * Statements of the lists, by list, question and sort: a list's select is the same on every
 * request, so `cache.list` must name one select.
 */
const listStatement = statementFamily();

/** The rows after `cursor` in the order (column, id) `order`: a range seek in their index. */
function seek(column: AnyColumn, id: AnyColumn, order: RaSortOrder, cursor: Pick<Cursor, 'key' | 'id'>): SQL {
  return order === 'desc'
    ? sql`(${column}, ${id}) < (${cursor.key}, ${cursor.id})`
    : sql`(${column}, ${id}) > (${cursor.key}, ${cursor.id})`;
}

/** The `id` filter react-admin's getMany sends: one id or a list. */
export function idsIn(column: AnyColumn, id: string | string[] | undefined): SQL | undefined {
  return id === undefined ? undefined : inArray(column, [id].flat());
}
