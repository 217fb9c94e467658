/**
 * Every write route, generated from openapi.yaml, gets random well-typed bodies (built from its
 * request schema) and random ill-typed ones (any JSON): no answer is a 5xx, and a refused write
 * leaves every table as it was. Seeded and bounded, so the run is the same every time.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JsonSchema, OPERATIONS, type Operation, paramKey } from './contract';
import { OWNED } from './owned';
import { snapshot, startWorld, type World } from './world';

const SEED = 20_261_123;
const RUNS = 6;

/** A fast-check arbitrary for values of a JSON schema (patterns are ignored: a miss is a 422). */
function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, depth + 1)));
  if (schema.allOf?.length) {
    // Every part's fields and every part's required keys, not only the last part's.
    const merged = Object.assign({}, ...schema.allOf) as JsonSchema;
    merged.properties = Object.assign({}, ...schema.allOf.map((s) => s.properties ?? {}));
    merged.required = schema.allOf.flatMap((s) => s.required ?? []);
    return arbitraryFor(merged, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryFor({ ...schema, type }, depth + 1)));
  const type = types[0] ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 60)) });
    }
    case 'integer': {
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
      const max =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
      return fc.integer({ min: Math.max(min, -2_000_000_000), max: Math.min(max, 2_000_000_000) });
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFor(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, arbitraryFor(v, depth + 1)]),
      );
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, 120_000);
afterAll(() => world?.close());

const writes = OPERATIONS.filter((op) => ['POST', 'PUT', 'PATCH'].includes(op.method) && op.jsonBody);

/** The caller most likely to get past authorization, so the body is what is tested. */
function callerFor(op: Operation): string | undefined {
  if (!op.secured) return undefined;
  if (op.path.startsWith('/api/v1/admin/')) return world.cast.admin;
  if (/^\/api\/v1\/(vendor|vendors|couriers)(\/|$)/.test(op.path)) return world.cast.vendorA;
  return world.cast.customerA;
}

function pathOf(op: Operation) {
  return op.path.replace(
    /\{([^}]+)\}/g,
    (_m, p: string) => OWNED[paramKey(op.path, p)]?.(world.cast) ?? randomUUID(),
  );
}

async function check(op: Operation, body: unknown) {
  const before = await snapshot(world.t);
  const res = await world.http(op.method, pathOf(op), { token: callerFor(op), body });
  expect(
    res.status,
    `${op.method} ${op.path} with ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`,
  ).toBeLessThan(500);
  if (res.status >= 400)
    expect(await snapshot(world.t), `${op.method} ${op.path} half-wrote a refused body`).toBe(before);
}

describe('write routes with random bodies', () => {
  it.each(writes.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s never answers 5xx and never half-writes',
    async (_name, op) => {
      await fc.assert(
        fc.asyncProperty(arbitraryFor(op.jsonBody), (body) => check(op, body)),
        { seed: SEED, numRuns: RUNS },
      );
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), (body) => check(op, body)),
        { seed: SEED, numRuns: RUNS },
      );
    },
    60_000,
  );
});
