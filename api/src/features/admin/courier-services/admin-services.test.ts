import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { signUpAdmin, signUpVendor } from '../admin.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const f = (filter: unknown) => `?filter=${encodeURIComponent(JSON.stringify(filter))}`;

describe('admin courier services', () => {
  it('lists every service and deactivates one with a reason: out of quotes at once, audited', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const vendor = await signUpVendor(t, 'v@example.com');
    await t.patch('/api/v1/vendors/me', { shopName: 'Swift' }, vendor.auth);
    await t.post(`/api/v1/admin/vendors/${vendor.vendorId}/activate`, { reason: 'Checked' }, admin);
    const service = await t.post(
      '/api/v1/couriers',
      { name: 'Swift Next Day', serviceType: 'domestic', weightTiers: [{ maxKg: 2, price: 899 }] },
      vendor.auth,
    );
    expect(await t.deps.catalog.quotable()).toHaveLength(1);

    const list = await t.get(`/api/v1/admin/courier-services${f({ vendorId: vendor.vendorId })}`, admin);
    expect(list.headers.get('content-range')).toBe('courier-services 0-0/1');
    expect(list.body[0]).toMatchObject({ id: service.body.id, name: 'Swift Next Day', status: 'active' });

    const off = await t.post(
      `/api/v1/admin/courier-services/${service.body.id}/deactivate`,
      { reason: 'Prices misleading' },
      admin,
    );
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('inactive');
    expect(await t.deps.catalog.quotable()).toEqual([]);
    const again = await t.post(
      `/api/v1/admin/courier-services/${service.body.id}/deactivate`,
      { reason: 'x' },
      admin,
    );
    expect(again.status).toBe(409);
    const log = await t.get(`/api/v1/admin/audit-log${f({ entityId: service.body.id })}`, admin);
    expect(log.body).toMatchObject([{ action: 'service.deactivate', reason: 'Prices misleading' }]);
    expect((await t.get('/api/v1/admin/courier-services/nope', admin)).status).toBe(404);
  });
});
