import { z } from '@hono/zod-openapi';
import { type AnyColumn, and, asc, desc, inArray, type SQL } from 'drizzle-orm';
import type { SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { Context } from 'hono';
import type { Database } from '../db/client';

/**
 * Query parameters of react-admin's ra-data-simple-rest data provider, so the admin console
 * needs no custom data provider (DESIGN §4):
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

type Sortable = AnyColumn | SQL;

/**
 * One page of an admin list and the count of every row that matches, the block each admin list
 * would otherwise write again: the filter conditions joined with AND, the asked sort (or the
 * default) with the id as tie-breaker, so pages neither repeat nor skip rows that sort equal,
 * then range and count in one batch (one round trip, one snapshot).
 *
 *   listPage(db, list, {
 *     rows: db.select().from(users).$dynamic(),
 *     count: db.select({ total: count() }).from(users).$dynamic(),
 *     where: [f.role && eq(users.role, f.role)],
 *     sort: { createdAt: users.createdAt, id: users.id },
 *     tieBreaker: users.id,
 *   })
 */
export async function listPage<Q extends SQLiteSelect, F extends string>(
  db: Database,
  list: RaList<F, unknown>,
  spec: {
    rows: Q;
    count: SQLiteSelect;
    /** Falsy entries are filters the request did not use. */
    where: (SQL | undefined | false | '')[];
    sort: Record<F, Sortable>;
    tieBreaker: AnyColumn;
    defaultSort?: { field: F; order: RaSortOrder };
  },
): Promise<{ rows: Awaited<Q>; total: number }> {
  const conditions = spec.where.filter((c): c is SQL => Boolean(c));
  const where = conditions.length ? and(...conditions) : undefined;
  const sort = list.sort ?? spec.defaultSort ?? { field: 'createdAt' as F, order: 'desc' };
  const direction = sort.order === 'desc' ? desc : asc;
  const [rows, totals] = await db.batch([
    spec.rows
      .where(where)
      .orderBy(direction(spec.sort[sort.field]), direction(spec.tieBreaker))
      .limit(list.limit)
      .offset(list.offset),
    spec.count.where(where),
  ] as const);
  return { rows: rows as Awaited<Q>, total: (totals as { total: number }[])[0]?.total ?? 0 };
}

/** The `id` filter react-admin's getMany sends: one id or a list. */
export function idsIn(column: AnyColumn, id: string | string[] | undefined): SQL | undefined {
  return id === undefined ? undefined : inArray(column, [id].flat());
}
