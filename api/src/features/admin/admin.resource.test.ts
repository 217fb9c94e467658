import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordAudit } from '../../lib/audit';
import type { AccessClaims } from '../../lib/jwt';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { signUpAdmin } from './admin.fixtures';

// The audit log is read only and made entirely by the kit (admin.resource.ts): its folder holds
// a schema, a service and two kit calls, no handler. These tests hold the kit to its contract.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const q = (o: Record<string, unknown>) =>
  `?${Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
    .join('&')}`;

async function seedAudit(n: number) {
  const actor = { sub: null, email: 'staff@example.com' } as unknown as AccessClaims;
  for (let i = 0; i < n; i++) {
    await recordAudit(
      t.deps.db,
      actor,
      {
        action: i % 2 ? 'vendor.activate' : 'user.disable',
        entityType: i % 2 ? 'vendor' : 'user',
        entityId: `e${i}`,
        before: { n: i },
        after: null,
        reason: `reason ${i}`,
      },
      new Date(Date.UTC(2026, 2, 1, 9, i)),
    );
  }
}

describe('the admin resource kit (audit log)', () => {
  it('answers a page in ra-data-simple-rest terms: sorted, ranged, filtered, the total in Content-Range', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    await seedAudit(5);
    const page = await t.get(
      `/api/v1/admin/audit-log${q({ sort: ['createdAt', 'ASC'], range: [1, 2] })}`,
      admin,
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-range')).toBe('audit-log 1-2/5');
    expect(page.body.map((e: { entityId: string }) => e.entityId)).toEqual(['e1', 'e2']);
    expect(page.body[0]).toMatchObject({
      createdAt: '2026-03-01T09:01:00.000Z',
      before: { n: 1 },
      after: null,
    });

    const vendors = await t.get(`/api/v1/admin/audit-log${q({ filter: { entityType: 'vendor' } })}`, admin);
    expect(vendors.headers.get('content-range')).toBe('audit-log 0-1/2');
    expect(vendors.body.map((e: { entityId: string }) => e.entityId)).toEqual(['e3', 'e1']);
  });

  it('reads one record, and answers 404 when there is none', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    await seedAudit(1);
    const [entry] = (await t.get('/api/v1/admin/audit-log', admin)).body;
    const one = await t.get(`/api/v1/admin/audit-log/${entry.id}`, admin);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(entry);
    const missing = await t.get('/api/v1/admin/audit-log/00000000-0000-4000-8000-000000000000', admin);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
  });

  it('is staff only, and names a bad query field', async () => {
    expect((await t.get('/api/v1/admin/audit-log')).status).toBe(401);
    const customer = t.bearer((await signUpVerified(t, 'jo@example.com')).accessToken);
    expect((await t.get('/api/v1/admin/audit-log', customer)).status).toBe(403);
    expect((await t.get('/api/v1/admin/audit-log/x', customer)).status).toBe(403);
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const bad = await t.get(`/api/v1/admin/audit-log${q({ sort: ['password', 'ASC'] })}`, admin);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('sort');
  });
});
