/**
 * Mass assignment, generated from openapi.yaml: every create and update body refuses fields
 * that only the server may set (422 naming them), whoever sends them, and nothing is stored.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type Operation, paramKey } from './contract';
import { OWNED } from './owned';
import { snapshot, startWorld, type World } from './world';

/** Fields a client must never set, with a value an attacker would send. */
const PRIVILEGED: Record<string, unknown> = {
  id: '00000000-0000-7000-8000-000000000000',
  role: 'admin',
  status: 'active',
  emailVerified: true,
  passwordHash: 'scrypt$1$1$1$x$y',
  googleSub: 'attacker',
  ownerId: '00000000-0000-7000-8000-000000000001',
  userId: '00000000-0000-7000-8000-000000000001',
  customerId: '00000000-0000-7000-8000-000000000001',
  vendorId: '00000000-0000-7000-8000-000000000001',
  partnerId: '00000000-0000-7000-8000-000000000001',
  net: 1,
  vat: 0,
  total: 1,
  paidAt: '2026-01-01T00:00:00Z',
  trackingNumber: 'CSN000000000GB',
  createdAt: '2020-01-01T00:00:00Z',
  isAdmin: true,
};

/** Bodies that are not ours to shape, and why. */
const EXEMPT: Record<string, string> = {
  paypalWebhook: 'PayPal’s event as PayPal sends it; only its signature makes it count',
};

/** A declared field whose privileged value must still be refused (e.g. role on sign-up). */
const DECLARED_PRIVILEGED_VALUES: Record<string, unknown> = { role: 'admin' };

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, 120_000);
afterAll(() => world?.close());

const writes = OPERATIONS.filter(
  (op) => ['POST', 'PUT', 'PATCH'].includes(op.method) && op.jsonBody?.properties && !EXEMPT[op.operationId],
);

function path(op: Operation) {
  return op.path.replace(
    /\{([^}]+)\}/g,
    (_m, p: string) => OWNED[paramKey(op.path, p)]?.(world.cast) ?? randomUUID(),
  );
}

describe('mass assignment', () => {
  it.each(writes.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s refuses every privileged field and stores nothing',
    async (_name, op) => {
      const declared = new Set(Object.keys(op.jsonBody!.properties!));
      const attack: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(PRIVILEGED))
        if (!declared.has(field)) attack[field] = value;
      for (const [field, value] of Object.entries(DECLARED_PRIVILEGED_VALUES))
        if (declared.has(field)) attack[field] = value;
      const before = await snapshot(world.t);
      const who = op.secured
        ? [world.cast.customerA, world.cast.vendorA, world.cast.partnerA, world.cast.admin]
        : [undefined, world.cast.customerA];
      const answers = [];
      for (const token of who) answers.push(await world.http(op.method, path(op), { token, body: attack }));
      for (const res of answers) expect([401, 403, 404, 422], JSON.stringify(res.body)).toContain(res.status);
      const validated = answers.find((r) => r.status === 422);
      expect(validated, `no caller reached validation on ${op.method} ${op.path}`).toBeDefined();
      const said = JSON.stringify(validated!.body.errors);
      for (const field of Object.keys(attack)) expect(said, `${field} was not refused`).toContain(field);
      expect(await snapshot(world.t)).toBe(before);
    },
  );
});
