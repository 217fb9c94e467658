import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUpAdmin, signUpVendor } from './admin.fixtures';

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

describe('admin contact messages', () => {
  it('lists messages, marks one handled with a note, and filters by handled', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const sent = await t.post('/api/v1/contact', {
      name: 'Jo Bloggs',
      phone: '+44 20 7946 0000',
      email: 'jo@example.com',
      message: 'Where is my parcel?',
    });
    expect(sent.status).toBe(202);
    const open = await t.get(`/api/v1/admin/contact-messages${f({ handled: false })}`, admin);
    expect(open.body).toMatchObject([{ email: 'jo@example.com', handledAt: null }]);
    const id = open.body[0].id;

    expect((await t.post(`/api/v1/admin/contact-messages/${id}/handle`, {}, admin)).status).toBe(422);
    const handled = await t.post(
      `/api/v1/admin/contact-messages/${id}/handle`,
      { reason: 'Phoned Jo' },
      admin,
    );
    expect(handled.status).toBe(200);
    expect(handled.body.handledAt).not.toBeNull();
    expect((await t.get(`/api/v1/admin/contact-messages${f({ handled: false })}`, admin)).body).toEqual([]);
    expect((await t.post(`/api/v1/admin/contact-messages/${id}/handle`, { reason: 'x' }, admin)).status).toBe(
      409,
    );
    const log = await t.get(`/api/v1/admin/audit-log${f({ entityId: id })}`, admin);
    expect(log.body).toMatchObject([{ action: 'contact.handle', reason: 'Phoned Jo' }]);
  });
});
