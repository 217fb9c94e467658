/**
 * Issue 44's fuzz test: hostile text in every string field of every JSON operation of the
 * committed contract (openapi.yaml), as every kind of caller, then every read. A lone surrogate
 * or NUL is a 422 naming the field, before any route runs; an overlong string is refused or kept
 * whole; no answer is a 5xx; and the process still answers /healthz. The server runs in this
 * process, so a driver abort on stored text (docs/deployment.md) would end the test run itself.
 *
 * Seeded and bounded: each string field is sent once per caller (six callers, each kind of hostile
 * text twice per field, which kind for which caller drawn from SEED), then each GET operation once
 * per caller: about 3,000 requests (more as the API grows), the same ones on every run.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JsonSchema, OPERATIONS, type Operation, paramKey } from './contract';
import { OWNED } from './owned';
import { startWorld, TODAY, type World } from './world';

const SEED = 20_261_129;

/** A small seeded generator (mulberry32), so the draw is the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Field = { path: string[]; schema: JsonSchema };

/** Every place a string may go in a body: object properties, array items (index 0), alternatives. */
function stringFields(schema: JsonSchema | undefined, at: string[] = [], depth = 0): Field[] {
  if (!schema || depth > 8) return [];
  const out: Field[] = [];
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    out.push(...stringFields(alternative, at, depth + 1));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('string') && at.length > 0) out.push({ path: at, schema });
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    out.push(...stringFields(child, [...at, key], depth + 1));
  if (schema.items) out.push(...stringFields(schema.items, [...at, '0'], depth + 1));
  // One per path: alternatives of one field name it once.
  const seen = new Set<string>();
  return out.filter((f) => !seen.has(f.path.join('.')) && seen.add(f.path.join('.')));
}

/**
 * A body that passes where it can (required fields only, each a plausible value), so that the
 * hostile field is what the route meets rather than a missing neighbour.
 */
function plausible(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternative = (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null');
  if (alternative) return plausible(alternative, depth + 1);
  if (schema.allOf?.length) return plausible(Object.assign({}, ...schema.allOf), depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date') return TODAY;
      if (schema.format === 'date-time') return `${TODAY}T10:00:00.000Z`;
      if (schema.format === 'uri') return 'https://example.com/';
      return 'Fuzz value'.padEnd(schema.minLength ?? 0, '!');
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => plausible(schema.items, depth + 1));
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, plausible(schema.properties?.[key], depth + 1)]),
      );
    default:
      return null;
  }
}

/** The body with `value` at `path`, making the objects and arrays on the way. */
function withValue(body: unknown, path: string[], value: string): unknown {
  const root = structuredClone(body ?? {}) as Record<string, unknown>;
  let node: Record<string, unknown> = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (!next || typeof next !== 'object') node[key] = /^\d+$/.test(path[i + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  return root;
}

const KINDS = {
  'lone surrogate': () => 'Robin \ud800',
  NUL: () => 'Robin\u0000Hood',
  // Longer than the field allows (or far longer than any text, where it sets no limit).
  overlong: (schema: JsonSchema) => 'Ω'.repeat((schema.maxLength ?? 100_000) + 1),
} as const;
type Kind = keyof typeof KINDS;
const KIND_NAMES = Object.keys(KINDS) as Kind[];

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, 120_000);
afterAll(() => world?.close());

const callers = () =>
  [
    ['anonymous', undefined],
    ['customer', world.cast.customerA],
    ['courier', world.cast.vendorA],
    ['pending courier', world.cast.pendingVendor],
    ['staff', world.cast.admin],
    ['partner', world.cast.partnerA],
  ] as const;

function pathOf(op: Operation) {
  return op.path.replace(
    /\{([^}]+)\}/g,
    (_m, p: string) => OWNED[paramKey(op.path, p)]?.(world.cast) ?? randomUUID(),
  );
}

describe('hostile text in every string field (fuzz, seeded)', () => {
  it('refuses lone surrogates and NUL naming the field, never answers 5xx, then every read and /healthz answer', async () => {
    const random = seeded(SEED);
    const writes = OPERATIONS.filter((op) => op.jsonBody);
    let sent = 0;
    const unnamed: string[] = [];
    for (const op of writes) {
      const base = plausible(op.jsonBody);
      for (const field of stringFields(op.jsonBody)) {
        const offset = Math.floor(random() * KIND_NAMES.length);
        for (const [index, [who, token]] of callers().entries()) {
          const kind = KIND_NAMES[(index + offset) % KIND_NAMES.length]!;
          const where = `${who}: ${op.method} ${op.path} ${field.path.join('.')} = ${kind}`;
          const res = await world.http(op.method, pathOf(op), {
            token,
            body: withValue(base, field.path, KINDS[kind](field.schema)),
          });
          sent++;
          expect(res.status, `${where}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
          if (kind !== 'overlong') {
            expect(res.status, where).toBe(422);
            const paths = (res.body.errors ?? []).map((e: { path: string }) => e.path);
            if (!paths.includes(field.path.join('.'))) unnamed.push(`${where}: ${paths.join(', ')}`);
          }
        }
      }
    }
    expect(unnamed, 'a refusal that does not name the field').toEqual([]);

    // Then everything that reads, as everyone: whatever the writes above stored must read back.
    for (const op of OPERATIONS.filter((o) => o.method === 'GET')) {
      for (const [who, token] of callers()) {
        const res = await world.http('GET', pathOf(op), { token });
        sent++;
        expect(res.status, `${who}: GET ${op.path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(
          500,
        );
      }
    }
    expect((await world.http('GET', '/healthz')).status).toBe(200);
    // The bound holds: the run is the size the header says, not open-ended.
    expect(sent).toBeGreaterThan(1_000);
    expect(sent).toBeLessThan(4_000);
  }, 120_000);
});
