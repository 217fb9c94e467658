import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../../test/harness';
import { signUpAdmin, signUpVendor } from '../admin.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const VENDORS = '/api/v1/admin/vendors';
const REASON = { reason: 'Documents checked' };
const q = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]),
  )}`;

describe('activating and suspending vendors', () => {
  it('activates a pending vendor, whose active services are then quoted at once', async () => {
    const admin = await signUpAdmin(t);
    const vendor = await signUpVendor(t, 'v@example.com');
    await t.patch('/api/v1/vendors/me', { shopName: 'Swift' }, vendor.auth);
    const service = await t.post(
      '/api/v1/couriers',
      { name: 'Next Day', serviceType: 'domestic', weightTiers: [{ maxKg: 2, price: 899 }] },
      vendor.auth,
    );
    expect(await t.deps.catalog.quotable()).toEqual([]);

    const res = await t.post(`${VENDORS}/${vendor.vendorId}/activate`, REASON, t.bearer(admin.accessToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: vendor.vendorId,
      status: 'active',
      shopName: 'Swift',
      ownerEmail: 'v@example.com',
    });
    expect((await t.get('/api/v1/vendors/me', vendor.auth)).body.status).toBe('active');
    expect((await t.deps.catalog.quotable()).map((s) => s.id)).toEqual([service.body.id]);

    const suspended = await t.post(
      `${VENDORS}/${vendor.vendorId}/suspend`,
      REASON,
      t.bearer(admin.accessToken),
    );
    expect(suspended.status).toBe(200);
    expect(suspended.body.status).toBe('suspended');
    expect(await t.deps.catalog.quotable()).toEqual([]);

    // Activating again brings the services back.
    await t.post(`${VENDORS}/${vendor.vendorId}/activate`, REASON, t.bearer(admin.accessToken));
    expect(await t.deps.catalog.quotable()).toHaveLength(1);
  });

  it("carries the VAT number stated in onboarding to the vendor's profile on activation", async () => {
    const admin = await signUpAdmin(t);
    const auth = t.bearer(admin.accessToken);
    const stated = await signUpVendor(t, 'vat@example.com');
    const saved = await t.call(
      'PUT',
      '/api/v1/vendors/me/onboarding',
      { step: 1, answers: { company: { companyName: 'Vat Co', vatNumber: 'gb 123 456 789' } } },
      stated.auth,
    );
    expect(saved.status).toBe(200);
    expect((await t.get('/api/v1/vendors/me', stated.auth)).body.vatNumber).toBeNull();
    const activated = await t.post(`${VENDORS}/${stated.vendorId}/activate`, REASON, auth);
    expect(activated.status).toBe(200);
    expect(activated.body.vatNumber).toBe('GB123456789');
    expect((await t.get('/api/v1/vendors/me', stated.auth)).body.vatNumber).toBe('GB123456789');

    // A number the vendor already keeps on its profile wins; one the profile would refuse is not copied.
    const own = await signUpVendor(t, 'own@example.com');
    expect((await t.patch('/api/v1/vendors/me', { vatNumber: 'GB999999999' }, own.auth)).status).toBe(200);
    await t.call(
      'PUT',
      '/api/v1/vendors/me/onboarding',
      { step: 1, answers: { company: { vatNumber: 'GB123456789' } } },
      own.auth,
    );
    await t.post(`${VENDORS}/${own.vendorId}/activate`, REASON, auth);
    expect((await t.get('/api/v1/vendors/me', own.auth)).body.vatNumber).toBe('GB999999999');
    const bad = await signUpVendor(t, 'bad@example.com');
    await t.call(
      'PUT',
      '/api/v1/vendors/me/onboarding',
      { step: 1, answers: { company: { vatNumber: '12345' } } },
      bad.auth,
    );
    await t.post(`${VENDORS}/${bad.vendorId}/activate`, REASON, auth);
    expect((await t.get('/api/v1/vendors/me', bad.auth)).body.vatNumber).toBeNull();
  });

  it('answers 404 for an unknown vendor', async () => {
    const admin = await signUpAdmin(t);
    const auth = t.bearer(admin.accessToken);
    for (const path of [`${VENDORS}/nope`, `${VENDORS}/nope/activate`, `${VENDORS}/nope/suspend`]) {
      const res = path.endsWith('nope') ? await t.get(path, auth) : await t.post(path, REASON, auth);
      expect(res.status, path).toBe(404);
      expect(res.body.detail).toBe('Vendor not found');
    }
  });

  it('is for admins only: 403 for customers and vendors, 401 without a token', async () => {
    const vendor = await signUpVendor(t, 'v@example.com');
    const customer = await signUpVerified(t, 'c@example.com');
    for (const auth of [vendor.auth, t.bearer(customer.accessToken)]) {
      expect((await t.post(`${VENDORS}/${vendor.vendorId}/activate`, REASON, auth)).status).toBe(403);
      expect((await t.post(`${VENDORS}/${vendor.vendorId}/suspend`, REASON, auth)).status).toBe(403);
      expect((await t.get(`${VENDORS}/${vendor.vendorId}`, auth)).status).toBe(403);
      expect((await t.get(VENDORS, auth)).status).toBe(403);
    }
    expect((await t.post(`${VENDORS}/${vendor.vendorId}/activate`)).status).toBe(401);
    expect((await t.get(VENDORS)).status).toBe(401);
    expect((await t.get('/api/v1/vendors/me', vendor.auth)).body.status).toBe('pending');
  });
});

describe('GET /admin/vendors (ra-data-simple-rest)', () => {
  async function seedVendors(t: TestApp) {
    const names = ['Delta', 'alpha', 'Charlie', 'Bravo', 'Echo'];
    const ids: Record<string, string> = {};
    for (const name of names) {
      const v = await signUpVendor(t, `${name.toLowerCase()}@example.com`);
      await t.patch(
        '/api/v1/vendors/me',
        { shopName: name, city: name === 'Echo' ? 'Leeds' : 'London' },
        v.auth,
      );
      ids[name] = v.vendorId;
    }
    return ids;
  }

  it('answers a JSON array with Content-Range and exposes the header', async () => {
    const admin = await signUpAdmin(t);
    const auth = t.bearer(admin.accessToken);
    await seedVendors(t);
    const res = await t.get(`${VENDORS}${q({ sort: ['shopName', 'ASC'], range: [0, 2] })}`, auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('vendors 0-2/5');
    expect(res.headers.get('access-control-expose-headers')).toBe('Content-Range');
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((v: { shopName: string }) => v.shopName)).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(res.body[0]).toMatchObject({ status: 'pending', ownerEmail: 'alpha@example.com' });

    const next = await t.get(`${VENDORS}${q({ sort: ['shopName', 'ASC'], range: [3, 5] })}`, auth);
    expect(next.headers.get('content-range')).toBe('vendors 3-4/5');
    expect(next.body.map((v: { shopName: string }) => v.shopName)).toEqual(['Delta', 'Echo']);

    const desc = await t.get(`${VENDORS}${q({ sort: ['shopName', 'DESC'], range: [0, 0] })}`, auth);
    expect(desc.body.map((v: { shopName: string }) => v.shopName)).toEqual(['Echo']);
  });

  it('filters by status, free text and ids', async () => {
    const admin = await signUpAdmin(t);
    const auth = t.bearer(admin.accessToken);
    const ids = await seedVendors(t);
    await t.post(`${VENDORS}/${ids.Bravo}/activate`, REASON, auth);
    await t.post(`${VENDORS}/${ids.Delta}/activate`, REASON, auth);

    const active = await t.get(
      `${VENDORS}${q({ filter: { status: 'active' }, sort: ['shopName', 'ASC'] })}`,
      auth,
    );
    expect(active.body.map((v: { shopName: string }) => v.shopName)).toEqual(['Bravo', 'Delta']);
    expect(active.headers.get('content-range')).toBe('vendors 0-1/2');

    const leeds = await t.get(`${VENDORS}${q({ filter: { q: 'leed' } })}`, auth);
    expect(leeds.body.map((v: { shopName: string }) => v.shopName)).toEqual(['Echo']);
    const byEmail = await t.get(`${VENDORS}${q({ filter: { q: 'CHARLIE@' } })}`, auth);
    expect(byEmail.body.map((v: { shopName: string }) => v.shopName)).toEqual(['Charlie']);
    // % is taken literally, not as a wildcard.
    const literal = await t.get(`${VENDORS}${q({ filter: { q: '%' } })}`, auth);
    expect(literal.body).toEqual([]);
    expect(literal.headers.get('content-range')).toBe('vendors */0');

    const many = await t.get(
      `${VENDORS}${q({ filter: { id: [ids.alpha, ids.Echo] }, sort: ['shopName', 'ASC'] })}`,
      auth,
    );
    expect(many.body.map((v: { id: string }) => v.id)).toEqual([ids.alpha, ids.Echo]);
    const one = await t.get(`${VENDORS}${q({ filter: { id: ids.Charlie } })}`, auth);
    expect(one.body.map((v: { id: string }) => v.id)).toEqual([ids.Charlie]);
  });

  it('sorts newest first when no sort is given', async () => {
    const admin = await signUpAdmin(t);
    await seedVendors(t);
    const res = await t.get(VENDORS, t.bearer(admin.accessToken));
    expect(res.status).toBe(200);
    expect(res.body.map((v: { shopName: string }) => v.shopName)).toEqual([
      'Echo',
      'Bravo',
      'Charlie',
      'alpha',
      'Delta',
    ]);
    expect(res.headers.get('content-range')).toBe('vendors 0-4/5');
  });

  it.each([
    ['sort that is not JSON', { sort: '[shopName,ASC' }, 'sort'],
    ['a sort field that is not offered', { sort: ['passwordHash', 'ASC'] }, 'sort.0'],
    ['a sort order that is not ASC or DESC', { sort: ['shopName', 'UP'] }, 'sort.1'],
    ['range that is not JSON', { range: '0-24' }, 'range'],
    ['a range that ends before it starts', { range: [10, 5] }, 'range'],
    ['a negative range', { range: [-1, 5] }, 'range.0'],
    ['a range over 1000 rows', { range: [0, 1000] }, 'range'],
    ['filter that is not JSON', { filter: '{status:active}' }, 'filter'],
    ['a filter field that is not offered', { filter: { ownerId: 'x' } }, 'filter'],
    ['an unknown status', { filter: { status: 'deleted' } }, 'filter.status'],
  ])('answers 422 for %s', async (_label, params, field) => {
    const admin = await signUpAdmin(t);
    const res = await t.get(`${VENDORS}${q(params)}`, t.bearer(admin.accessToken));
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([field]);
  });

  it('answers one vendor with its owner', async () => {
    const admin = await signUpAdmin(t);
    const ids = await seedVendors(t);
    const res = await t.get(`${VENDORS}/${ids.Bravo}`, t.bearer(admin.accessToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids.Bravo, shopName: 'Bravo', ownerEmail: 'bravo@example.com' });
  });
});
