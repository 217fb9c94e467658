/**
 * The two reads every admin resource answers, made once: `GET /admin/<resource>` (a page in
 * react-admin's ra-data-simple-rest conventions, the total in Content-Range) and
 * `GET /admin/<resource>/{id}`. A resource gives its names, its schemas and how to read; the
 * route (the contract: staff only, every status) and its handler come from here.
 */
import { createRoute, type RouteConfig, type RouteHandler, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { requireAuth, requireRole } from '../../lib/auth';
import { bearerSecurity, jsonContent, pickProblems } from '../../lib/openapi';
import { type RaList, raListHeaders, setContentRange, toRaList } from '../../lib/ra-list';
import { IdParamsSchema } from './admin.schemas';

const tags = ['Admin'];

/** The query of a list (lib/ra-list.ts raListQuery). */
type ListQuery = z.ZodObject;
type ListParams = {
  sort?: [string, 'ASC' | 'DESC'] | undefined;
  range?: [number, number] | undefined;
  filter?: unknown;
};

/** The page a list's query asks for: its sort fields and its filter, typed. */
export type ListOf<Q extends ListQuery> =
  z.output<Q> extends { sort?: [infer F extends string, unknown] | undefined; filter?: infer Filter }
    ? RaList<F, NonNullable<Filter>>
    : never;

/**
 * A kit route as the router sees it: its contract stays in the route (and the OpenAPI document);
 * the router's type does not carry each one's schemas, which keeps the app's type small enough
 * for the compiler.
 */
export type AdminRead = { route: RouteConfig; handler: RouteHandler<RouteConfig, AppEnv> };

/** What the kit's handlers read from the request: already validated by the route. */
const valid = (c: Context<AppEnv>, target: 'query' | 'param') =>
  (c.req as unknown as { valid(t: string): unknown }).valid(target);

type Names = {
  /** The path segment and the Content-Range unit: `contact-messages`. */
  resource: string;
  operationId: string;
  summary: string;
  /** The 200 answer's description. */
  description: string;
};

/** GET /admin/<resource>: one page of rows and how many match. */
export function adminList<Q extends ListQuery, S extends z.ZodType>(
  spec: Names & {
    query: Q;
    item: S;
    read: (deps: AppDeps, list: ListOf<Q>) => Promise<{ rows: z.input<S>[]; total: number }>;
  },
) {
  const route = createRoute({
    operationId: spec.operationId,
    method: 'get',
    path: `/admin/${spec.resource}`,
    tags,
    summary: spec.summary,
    security: bearerSecurity,
    middleware: [requireAuth, requireRole('admin')] as const,
    request: { query: spec.query },
    responses: {
      200: {
        description: spec.description,
        headers: raListHeaders,
        content: { 'application/json': { schema: z.array(spec.item) } },
      },
      ...pickProblems(401, 403, 422),
    },
  });
  const handler = async (c: Context<AppEnv>) => {
    const list = toRaList(valid(c, 'query') as ListParams) as ListOf<Q>;
    const { rows, total } = await spec.read(c.get('deps'), list);
    setContentRange(c, spec.resource, list.offset, rows.length, total);
    return c.json(rows, 200);
  };
  return { route, handler } as unknown as AdminRead;
}

/** GET /admin/<resource>/{id}: one record (404 when there is none). */
export function adminGet<S extends z.ZodType, P extends z.ZodObject = typeof IdParamsSchema>(
  spec: Names & {
    item: S;
    /** The id's schema, when it is not the plain one. */
    params?: P;
    /** The id is checked (an article's slug): a malformed one answers 422. */
    checksId?: boolean;
    read: (deps: AppDeps, id: string) => Promise<z.input<S>>;
  },
) {
  const route = createRoute({
    operationId: spec.operationId,
    method: 'get',
    path: `/admin/${spec.resource}/{id}`,
    tags,
    summary: spec.summary,
    security: bearerSecurity,
    middleware: [requireAuth, requireRole('admin')] as const,
    request: { params: spec.params ?? IdParamsSchema },
    responses: {
      200: jsonContent(spec.item, spec.description),
      ...(spec.checksId ? pickProblems(401, 403, 404, 422) : pickProblems(401, 403, 404)),
    },
  });
  const handler = async (c: Context<AppEnv>) => {
    const { id } = valid(c, 'param') as { id: string };
    return c.json((await spec.read(c.get('deps'), id)) as object, 200);
  };
  return { route, handler } as unknown as AdminRead;
}
