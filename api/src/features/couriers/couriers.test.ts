import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { signUpAdmin, signUpVendor } from '../admin/admin.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const COURIERS = '/api/v1/couriers';

const domestic = {
  name: 'UPS Standard',
  serviceType: 'domestic',
  weightTiers: [
    { maxKg: 5, price: 899 },
    { maxKg: 1, price: 499 },
  ],
};

const sameDay = {
  name: 'City Sprint',
  serviceType: 'same_day',
  weightTiers: [{ maxKg: 10, price: 1 }],
  sameDay: { baseFee: 1500, perMile: 120, minimumFee: 2000 },
};

const international = {
  name: 'Worldwide Saver',
  serviceType: 'international',
  toLocation: ['fr', 'DE', 'FR'],
  weightTiers: [{ maxKg: 2, price: 2499 }],
};

const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);
const messages = (body: { errors?: { message: string }[] }) => (body.errors ?? []).map((e) => e.message);

describe('how a service says parcels start', () => {
  it('takes drop-off only and printerless, and a same-day service defaults to collection', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const printerless = await t.post(
      COURIERS,
      { ...domestic, handover: 'drop_off', labelMode: 'printerless' },
      auth,
    );
    expect(printerless.status).toBe(201);
    expect(printerless.body).toMatchObject({ handover: 'drop_off', labelMode: 'printerless' });
    const van = await t.post(COURIERS, sameDay, auth);
    expect(van.body).toMatchObject({ handover: 'collection', labelMode: 'printed' });
  });

  it('refuses printerless unless drop-off only, a same-day drop-off and unknown words, by field', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const both = await t.post(COURIERS, { ...domestic, handover: 'both', labelMode: 'printerless' }, auth);
    expect(both.status).toBe(422);
    expect(paths(both.body)).toEqual(['labelMode']);
    expect(messages(both.body)[0]).toMatch(/drop-off points only/);
    const van = await t.post(COURIERS, { ...sameDay, handover: 'drop_off' }, auth);
    expect(paths(van.body)).toEqual(['handover']);
    const unknown = await t.post(
      COURIERS,
      { ...domestic, handover: 'post_office', labelMode: 'email' },
      auth,
    );
    expect(unknown.status).toBe(422);
    expect(paths(unknown.body).sort()).toEqual(['handover', 'labelMode']);
    // A change is checked as a whole: printerless on a service that is also collected.
    const created = await t.post(COURIERS, domestic, auth);
    const patched = await t.patch(`${COURIERS}/${created.body.id}`, { labelMode: 'printerless' }, auth);
    expect(paths(patched.body)).toEqual(['labelMode']);
    const fixed = await t.patch(
      `${COURIERS}/${created.body.id}`,
      { labelMode: 'printerless', handover: 'drop_off' },
      auth,
    );
    expect(fixed.body).toMatchObject({ handover: 'drop_off', labelMode: 'printerless' });
  });
});

describe('creating a courier service', () => {
  it('answers 201 with the defaults filled in and the tiers sorted by weight', async () => {
    const { auth, vendorId } = await signUpVendor(t, 'v@example.com');
    const res = await t.post(COURIERS, domestic, auth);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      vendorId,
      name: 'UPS Standard',
      serviceType: 'domestic',
      currency: 'GBP',
      logoUrl: null,
      fromLocation: 'Any',
      toLocation: 'Any',
      weightTiers: [
        { maxKg: 1, price: 499 },
        { maxKg: 5, price: 899 },
      ],
      maxLengthCm: null,
      maxWidthCm: null,
      maxHeightCm: null,
      maxWeightKg: null,
      volumetricDivisor: 5000,
      transitDays: 2,
      sameDay: null,
      handover: 'both',
      labelMode: 'printed',
      status: 'active',
    });
    const fetched = await t.get(`${COURIERS}/${res.body.id}`, auth);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(res.body);
  });

  it('keeps every field it is given', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const body = {
      ...domestic,
      currency: 'EUR',
      logoUrl: '/uploads/0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e.png',
      fromLocation: 'scotland',
      toLocation: 'Northern Ireland',
      maxLengthCm: 120.5,
      maxWidthCm: 0,
      maxHeightCm: 60,
      maxWeightKg: 30,
      volumetricDivisor: 4000,
      transitDays: 3,
      status: 'inactive',
    };
    const res = await t.post(COURIERS, body, auth);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...body,
      fromLocation: 'Scotland',
      weightTiers: [
        { maxKg: 1, price: 499 },
        { maxKg: 5, price: 899 },
      ],
    });
  });

  it.each([
    ['no name', { serviceType: 'domestic', weightTiers: domestic.weightTiers }, ['name']],
    ['a blank name', { ...domestic, name: '   ' }, ['name']],
    ['no service type', { name: 'X', weightTiers: domestic.weightTiers }, ['serviceType']],
    ['neither', { weightTiers: domestic.weightTiers }, ['name', 'serviceType']],
  ])('answers 422 "Service name and type are required" for %s', async (_label, body, fields) => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await t.post(COURIERS, body, auth);
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(paths(res.body).sort()).toEqual(fields);
    expect(new Set(messages(res.body))).toEqual(new Set(['Service name and type are required']));
  });

  it('rejects an unknown service type naming serviceType', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await t.post(COURIERS, { ...domestic, serviceType: 'express' }, auth);
    expect(res.status).toBe(422);
    expect(paths(res.body)).toEqual(['serviceType']);
  });

  it.each([
    ['missing', { name: 'X', serviceType: 'domestic' }],
    ['empty', { ...domestic, weightTiers: [] }],
  ])('answers 422 "At least one weight tier is required" when the tiers are %s', async (_label, body) => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await t.post(COURIERS, body, auth);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { path: 'weightTiers', message: 'At least one weight tier is required' },
    ]);
  });

  it.each([
    ['maxLengthCm', { maxLengthCm: -1 }, 'maxLengthCm'],
    ['maxWidthCm', { maxWidthCm: -0.1 }, 'maxWidthCm'],
    ['maxHeightCm', { maxHeightCm: -5 }, 'maxHeightCm'],
    ['maxWeightKg', { maxWeightKg: -1 }, 'maxWeightKg'],
    ['transitDays', { transitDays: -1 }, 'transitDays'],
    ['a tier price', { weightTiers: [{ maxKg: 1, price: -1 }] }, 'weightTiers.0.price'],
    ['a tier weight', { weightTiers: [{ maxKg: -1, price: 100 }] }, 'weightTiers.0.maxKg'],
  ])('answers 422 naming %s when it is negative', async (_label, patch, field) => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await t.post(COURIERS, { ...domestic, ...patch }, auth);
    expect(res.status).toBe(422);
    expect(paths(res.body)).toEqual([field]);
  });

  it('answers 422 for a free tier: a zero total could never be paid', async () => {
    const { auth } = await signUpVendor(t, 'free@example.com');
    const res = await t.post(COURIERS, { ...domestic, weightTiers: [{ maxKg: 1, price: 0 }] }, auth);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { path: 'weightTiers.0.price', message: 'price must be at least 1 (one penny, in minor units)' },
    ]);
  });

  it.each([
    ['baseFee', { baseFee: -1, perMile: 100, minimumFee: 1000 }],
    ['perMile', { baseFee: 100, perMile: -0.5, minimumFee: 1000 }],
    ['minimumFee', { baseFee: 100, perMile: 100, minimumFee: -1 }],
  ])('answers 422 naming sameDay.%s when it is negative', async (field, pricing) => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await t.post(COURIERS, { ...sameDay, sameDay: pricing }, auth);
    expect(res.status).toBe(422);
    expect(paths(res.body)).toEqual([`sameDay.${field}`]);
  });

  it.each([
    ['a tier of 0 kg', { weightTiers: [{ maxKg: 0, price: 100 }] }, 'weightTiers.0.maxKg'],
    ['a fractional price', { weightTiers: [{ maxKg: 1, price: 4.99 }] }, 'weightTiers.0.price'],
    ['a price given as text', { weightTiers: [{ maxKg: 1, price: '499' }] }, 'weightTiers.0.price'],
    ['a tier with an unknown field', { weightTiers: [{ maxKg: 1, price: 1, kg: 1 }] }, 'weightTiers.0'],
    [
      'two tiers of the same weight',
      {
        weightTiers: [
          { maxKg: 2, price: 100 },
          { maxKg: 2, price: 200 },
        ],
      },
      'weightTiers.1.maxKg',
    ],
    ['a divisor under 1000', { volumetricDivisor: 999 }, 'volumetricDivisor'],
    ['a divisor over 10000', { volumetricDivisor: 10001 }, 'volumetricDivisor'],
    ['transit over 30 days', { transitDays: 31 }, 'transitDays'],
    ['fractional transit days', { transitDays: 1.5 }, 'transitDays'],
    ['an unsupported currency', { currency: 'JPY' }, 'currency'],
    ['an unknown status', { status: 'paused' }, 'status'],
    ['an http logo', { logoUrl: 'http://example.com/logo.png' }, 'logoUrl'],
    ['a script logo', { logoUrl: 'javascript:alert(1)' }, 'logoUrl'],
    ['an unknown field', { price: 100 }, '(body)'],
    ['a nation that is not in the UK', { fromLocation: 'France' }, 'fromLocation'],
    ['a list of nations', { toLocation: ['England', 'Wales'] }, 'toLocation'],
    ['same-day pricing on a domestic service', { sameDay: sameDay.sameDay }, 'sameDay'],
  ])('answers 422 for %s, naming the field', async (_label, patch, field) => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await t.post(COURIERS, { ...domestic, ...patch }, auth);
    expect(res.status).toBe(422);
    expect(paths(res.body)).toEqual([field]);
  });

  it('accepts the boundaries: divisor 1000 and 10000, transit 0 and 30, limits of 0, null limits', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    for (const patch of [
      { volumetricDivisor: 1000, transitDays: 0 },
      { volumetricDivisor: 10000, transitDays: 30 },
      { maxLengthCm: 0, maxWeightKg: 0 },
      { maxLengthCm: null, maxWidthCm: null, maxHeightCm: null, maxWeightKg: null },
    ]) {
      const res = await t.post(COURIERS, { ...domestic, ...patch }, auth);
      expect(res.status, JSON.stringify(patch)).toBe(201);
      expect(res.body).toMatchObject(patch);
    }
  });

  it('requires same-day pricing for a same-day service and defaults its transit to 0 days', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const { sameDay: _pricing, ...withoutPricing } = sameDay;
    const missing = await t.post(COURIERS, withoutPricing, auth);
    expect(missing.status).toBe(422);
    expect(paths(missing.body)).toEqual(['sameDay']);
    const ok = await t.post(COURIERS, { ...sameDay, fromLocation: 'Wales', toLocation: 'any' }, auth);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      sameDay: sameDay.sameDay,
      transitDays: 0,
      fromLocation: 'Wales',
      toLocation: 'Any',
    });
  });

  it('takes international destinations as a list of ISO codes, from GB only', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const ok = await t.post(COURIERS, international, auth);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ fromLocation: 'GB', toLocation: ['FR', 'DE'] });

    const anywhere = await t.post(COURIERS, { ...international, toLocation: 'Any' }, auth);
    expect(anywhere.status).toBe(201);
    expect(anywhere.body.toLocation).toBe('Any');

    for (const [patch, field] of [
      [{ fromLocation: 'England' }, 'fromLocation'],
      [{ toLocation: [] }, 'toLocation'],
      [{ toLocation: ['FR', 'XX'] }, 'toLocation.1'],
      [{ toLocation: ['GB'] }, 'toLocation.0'],
      [{ toLocation: 'Narnia' }, 'toLocation'],
    ] as const) {
      const res = await t.post(COURIERS, { ...international, ...patch }, auth);
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(paths(res.body)).toEqual([field]);
    }
  });
});

describe('listing, reading, changing and deleting', () => {
  it("lists only the caller's services, newest first", async () => {
    const a = await signUpVendor(t, 'a@example.com');
    const b = await signUpVendor(t, 'b@example.com');
    const first = await t.post(COURIERS, { ...domestic, name: 'First' }, a.auth);
    const second = await t.post(COURIERS, { ...domestic, name: 'Second' }, a.auth);
    await t.post(COURIERS, { ...domestic, name: 'Not mine' }, b.auth);
    const list = await t.get(COURIERS, a.auth);
    expect(list.status).toBe(200);
    expect(list.body.items.map((s: { id: string }) => s.id)).toEqual([second.body.id, first.body.id]);
    const empty = await t.get(COURIERS, (await signUpVendor(t, 'c@example.com')).auth);
    expect(empty.body).toEqual({ items: [] });
  });

  it('answers 404 to another vendor on GET, PATCH and DELETE, and leaves the service alone', async () => {
    const a = await signUpVendor(t, 'a@example.com');
    const b = await signUpVendor(t, 'b@example.com');
    const created = await t.post(COURIERS, domestic, a.auth);
    const url = `${COURIERS}/${created.body.id}`;
    expect((await t.get(url, b.auth)).status).toBe(404);
    expect((await t.patch(url, { name: 'Hijacked' }, b.auth)).status).toBe(404);
    expect((await t.del(url, b.auth)).status).toBe(404);
    const still = await t.get(url, a.auth);
    expect(still.status).toBe(200);
    expect(still.body.name).toBe('UPS Standard');
    expect((await t.get(`${COURIERS}/does-not-exist`, a.auth)).status).toBe(404);
  });

  it('is for vendors only: 403 for a customer, 401 without a token', async () => {
    const customer = await signUpVerified(t, 'c@example.com');
    const auth = t.bearer(customer.accessToken);
    const list = await t.get(COURIERS, auth);
    expect(list.status).toBe(403);
    expect(list.headers.get('content-type')).toContain('application/problem+json');
    expect((await t.post(COURIERS, domestic, auth)).status).toBe(403);
    expect((await t.get(`${COURIERS}/anything`, auth)).status).toBe(403);
    expect((await t.get(COURIERS)).status).toBe(401);
    expect((await t.post(COURIERS, domestic)).status).toBe(401);
  });

  it('changes only the fields sent and keeps the rest', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const created = await t.post(COURIERS, { ...domestic, maxLengthCm: 100 }, auth);
    const url = `${COURIERS}/${created.body.id}`;
    const res = await t.patch(
      url,
      { name: 'UPS Saver', maxLengthCm: null, weightTiers: [{ maxKg: 3, price: 650 }] },
      auth,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'UPS Saver',
      maxLengthCm: null,
      weightTiers: [{ maxKg: 3, price: 650 }],
      serviceType: 'domestic',
      currency: 'GBP',
    });
    expect((await t.get(url, auth)).body).toEqual(res.body);
    const unchanged = await t.patch(url, {}, auth);
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.name).toBe('UPS Saver');
  });

  it('checks the merged result as a whole', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const created = await t.post(COURIERS, domestic, auth);
    const url = `${COURIERS}/${created.body.id}`;
    const toSameDay = await t.patch(url, { serviceType: 'same_day' }, auth);
    expect(toSameDay.status).toBe(422);
    // The stored handover 'both' is no same-day handover either: a van drives from the door.
    expect(paths(toSameDay.body)).toEqual(['sameDay', 'handover']);
    // The stored fromLocation 'Any' is not a valid international origin.
    const toInternational = await t.patch(url, { serviceType: 'international' }, auth);
    expect(toInternational.status).toBe(422);
    expect(paths(toInternational.body)).toEqual(['fromLocation']);
    const ok = await t.patch(
      url,
      { serviceType: 'international', fromLocation: 'GB', toLocation: ['US'] },
      auth,
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ serviceType: 'international', fromLocation: 'GB', toLocation: ['US'] });
    expect((await t.patch(url, { weightTiers: [] }, auth)).status).toBe(422);
    const negative = await t.patch(url, { maxWeightKg: -2 }, auth);
    expect(negative.status).toBe(422);
    expect(paths(negative.body)).toEqual(['maxWeightKg']);
    expect((await t.patch(url, { vendorId: 'someone-else' }, auth)).status).toBe(422);
    // Nothing was written by the refused changes.
    expect((await t.get(url, auth)).body).toMatchObject({ serviceType: 'international', maxWeightKg: null });
  });

  it('deletes with 204; the service is then gone', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const created = await t.post(COURIERS, domestic, auth);
    const url = `${COURIERS}/${created.body.id}`;
    const res = await t.del(url, auth);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await t.get(url, auth)).status).toBe(404);
    expect((await t.del(url, auth)).status).toBe(404);
    expect((await t.get(COURIERS, auth)).body.items).toEqual([]);
  });
});

describe('the quotable catalogue follows every write', () => {
  it('shows a created service at once, and follows changes and deletion', async () => {
    const admin = await signUpAdmin(t);
    const { auth, vendorId } = await signUpVendor(t, 'v@example.com');
    await t.patch('/api/v1/vendors/me', { shopName: 'Swift Couriers' }, auth);
    await t.post(
      `/api/v1/admin/vendors/${vendorId}/activate`,
      { reason: 'Checks passed' },
      t.bearer(admin.accessToken),
    );
    expect(await t.deps.catalog.quotable()).toEqual([]);

    const created = await t.post(COURIERS, domestic, auth);
    let quotable = await t.deps.catalog.quotable();
    expect(quotable).toHaveLength(1);
    expect(quotable[0]).toMatchObject({
      id: created.body.id,
      vendorId,
      vendorName: 'Swift Couriers',
      name: 'UPS Standard',
      weightTiers: [
        { maxKg: 1, price: 499 },
        { maxKg: 5, price: 899 },
      ],
    });

    const url = `${COURIERS}/${created.body.id}`;
    await t.patch(url, { name: 'UPS Express', transitDays: 1 }, auth);
    quotable = await t.deps.catalog.quotable();
    expect(quotable[0]).toMatchObject({ name: 'UPS Express', transitDays: 1 });

    await t.patch(url, { status: 'inactive' }, auth);
    expect(await t.deps.catalog.quotable()).toEqual([]);
    await t.patch(url, { status: 'active' }, auth);
    expect(await t.deps.catalog.quotable()).toHaveLength(1);

    await t.del(url, auth);
    expect(await t.deps.catalog.quotable()).toEqual([]);
  });

  it('does not quote the services of a vendor that is not active', async () => {
    const { auth } = await signUpVendor(t, 'pending@example.com');
    expect((await t.post(COURIERS, domestic, auth)).status).toBe(201);
    expect(await t.deps.catalog.quotable()).toEqual([]);
  });
});
