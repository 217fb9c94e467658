import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users, vendors } from '../../../db/schema';
import { DEMO_PASSWORD, seedDemoData } from '../../../db/seed';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * Activation and suspension as the marketplace sees them: through POST /api/v1/quotes, the
 * vendor's mailbox (the outbox, as the other mail tests read it) and the audit log.
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await seedDemoData(t.deps);
});
afterEach(() => t.close());

const INTERNATIONAL = {
  serviceType: 'international',
  from: 'GB',
  to: 'FR',
  parcels: [{ length: 20, width: 20, height: 20, weight: 2 }],
};

async function login(email: string) {
  const res = await t.post('/api/v1/auth/login', { email, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return t.bearer(res.body.accessToken);
}

async function pendingVendorId() {
  const [row] = await t.deps.db
    .select({ id: vendors.id })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.ownerId))
    .where(eq(users.email, 'pending@consign.example'));
  return row!.id;
}

const quotedVendors = async () => {
  const res = await t.post('/api/v1/quotes', INTERNATIONAL);
  expect(res.status).toBe(201);
  return res.body.options.map((o: { vendor: { name: string } }) => o.vendor.name) as string[];
};

const mailTo = async (to: string) =>
  (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`)).body.items as {
    subject: string;
    text: string;
  }[];

describe('vendor activation and suspension', () => {
  it('changes what quotes return, emails the vendor and records each change with its reason', async () => {
    const admin = await login('admin@consign.example');
    const id = await pendingVendorId();
    expect(await quotedVendors()).not.toContain('Pending Parcels');

    const shown = await t.get(`/api/v1/admin/vendors/${id}`, admin);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ status: 'pending', shopName: 'Pending Parcels', onboarding: null });
    expect(shown.body.documents).toEqual([]);
    expect(shown.body.services.map((s: { name: string }) => s.name)).toEqual(['Pending Parcels Europe']);

    const activated = await t.post(
      `/api/v1/admin/vendors/${id}/activate`,
      { reason: 'ID and insurance checked' },
      admin,
    );
    expect(activated.status).toBe(200);
    expect(activated.body.status).toBe('active');
    expect(await quotedVendors()).toContain('Pending Parcels');
    const [welcome] = await mailTo('pending@consign.example').then((m) =>
      m.filter((x) => /is active/.test(x.subject)),
    );
    expect(welcome?.text).toContain('Pending Parcels is now active');

    const suspended = await t.post(
      `/api/v1/admin/vendors/${id}/suspend`,
      { reason: 'Parcels reported lost' },
      admin,
    );
    expect(suspended.status).toBe(200);
    expect(await quotedVendors()).not.toContain('Pending Parcels');
    const notice = (await mailTo('pending@consign.example')).find((x) => /suspended/.test(x.subject));
    expect(notice?.text).toContain('Reason: Parcels reported lost');
    expect(notice?.text).toContain('Orders already paid stay with you');

    const log = await t.get(
      `/api/v1/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ entityId: id }))}`,
      admin,
    );
    expect(log.status).toBe(200);
    expect(log.headers.get('content-range')).toBe('audit-log 0-1/2');
    expect(
      log.body.map((e: Record<string, unknown>) => [e.action, e.reason, e.before, e.after, e.actorEmail]),
    ).toEqual([
      [
        'vendor.suspend',
        'Parcels reported lost',
        { status: 'active' },
        { status: 'suspended' },
        'admin@consign.example',
      ],
      [
        'vendor.activate',
        'ID and insurance checked',
        { status: 'pending' },
        { status: 'active' },
        'admin@consign.example',
      ],
    ]);
    const one = await t.get(`/api/v1/admin/audit-log/${log.body[1].id}`, admin);
    expect(one.body).toMatchObject({ action: 'vendor.activate', entityType: 'vendor' });
  });

  it('requires a reason (422 naming it) and refuses a no-op change (409) without auditing it', async () => {
    const admin = await login('admin@consign.example');
    const id = await pendingVendorId();
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await t.post(`/api/v1/admin/vendors/${id}/activate`, body, admin);
      expect(res.status).toBe(422);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['reason']);
    }
    expect(await quotedVendors()).not.toContain('Pending Parcels');
    await t.post(`/api/v1/admin/vendors/${id}/activate`, { reason: 'ok' }, admin);
    const again = await t.post(`/api/v1/admin/vendors/${id}/activate`, { reason: 'ok' }, admin);
    expect(again.status).toBe(409);
    // The vendor's own entries (the demo data audits its claims and adjustments too).
    const vendorEntries = (await t.get('/api/v1/admin/audit-log', admin)).body.filter(
      (e: { entityType: string }) => e.entityType === 'vendor',
    );
    expect(vendorEntries).toHaveLength(1);
  });
});
