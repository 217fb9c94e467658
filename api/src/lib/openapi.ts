import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CURRENCIES } from '../domain/money';
import { withKnownBody } from './compression';

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .openapi('Problem');

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

/** Problem responses by status, to spread into a route's `responses`. */
export const problems = {
  400: problem('Bad request'),
  401: problem('Missing, invalid or expired access token'),
  403: problem('Forbidden'),
  404: problem('Not found'),
  409: problem('Conflict'),
  413: problem('Payload too large'),
  415: problem('Unsupported media type'),
  422: problem('Validation failed; `errors` names each field'),
  429: problem('Too many requests; see Retry-After'),
  503: problem('Busy: too many password checks are waiting; see Retry-After'),
} as const;

export const pickProblems = <K extends keyof typeof problems>(...codes: K[]) =>
  Object.fromEntries(codes.map((c) => [c, problems[c]])) as Pick<typeof problems, K>;

export const jsonContent = <T>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const jsonBody = <T>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

export const bearerSecurity = [{ bearerAuth: [] as string[] }];

/**
 * `schema.nullable()` for a schema registered by name (`.openapi('Name')`); it parses exactly the
 * same. zod-to-openapi reads the name through a plain `.nullable()`, so the shared component
 * itself turned nullable (when the nullable use came first) or the field came out as
 * `allOf: [$ref, {type: [.., 'null']}]`, which openapi-typescript types as `X & (string | null)`.
 * Behind z.lazy the field is `oneOf: [$ref, {type: 'null'}]`, i.e. `X | null` in the client.
 */
export const nullableRef = <T extends z.ZodType>(schema: T) => z.lazy(() => schema).nullable();

/** Money on the wire (docs/architecture.md §3.1): integer minor units and the currency. */
export const MoneySchema = z.object({ amount: z.number().int(), currency: z.enum(CURRENCIES) });

/**
 * A response whose JSON the service has already written as UTF-8 bytes (for a hot route where
 * building the object only to serialize it again costs measurably; lib/json-bytes.ts). The caller
 * guarantees the JSON is what `c.json` would send for the route's schema; the route's types cannot
 * check it, hence `never`.
 */
export function serializedJson(c: Context, json: Uint8Array<ArrayBuffer>, status: 200 | 201): never {
  return withKnownBody(c.body(json, status, { 'Content-Type': 'application/json' }), json) as never;
}
