import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vendors } from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { signUpAdmin, signUpVendor } from '../admin/admin.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const ME = '/api/v1/vendors/me';

const details = {
  shopName: 'Swift Couriers Ltd',
  addressLine1: '12 Wharf Road',
  city: 'London',
  state: 'Greater London',
  postalCode: 'N1 7GR',
  country: 'GB',
  description: 'Same-day and next-day parcel collection across the UK.',
  website: 'https://swift.example.com',
  logoUrl: '/uploads/0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e.png',
  vatNumber: 'GB123456789',
};

describe('GET /vendors/me', () => {
  it('answers the pending business record created when the vendor verified its email', async () => {
    const session = await signUpVerified(t, 'v@example.com', 'vendor');
    const res = await t.get(ME, t.bearer(session.accessToken));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'pending',
      shopName: null,
      addressLine1: null,
      city: null,
      state: null,
      postalCode: null,
      country: null,
      description: null,
      website: null,
      logoUrl: null,
      vatNumber: null,
    });
    const row = await t.deps.db.query.vendors.findFirst({ where: eq(vendors.ownerId, session.user.id) });
    expect(row?.id).toBe(res.body.id);
  });

  it('creates the record for a vendor account that has none yet', async () => {
    const session = await signUpVerified(t, 'v@example.com', 'vendor');
    await t.deps.db.delete(vendors).where(eq(vendors.ownerId, session.user.id));
    const res = await t.get(ME, t.bearer(session.accessToken));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('pending');
  });

  it('is for vendors only', async () => {
    const customer = await signUpVerified(t, 'c@example.com');
    const admin = await signUpAdmin(t);
    expect((await t.get(ME, t.bearer(customer.accessToken))).status).toBe(403);
    expect((await t.get(ME, t.bearer(admin.accessToken))).status).toBe(403);
    expect((await t.patch(ME, { shopName: 'X' }, t.bearer(customer.accessToken))).status).toBe(403);
    expect((await t.get(ME)).status).toBe(401);
  });
});

describe('PATCH /vendors/me', () => {
  it('stores the business details and answers them with the status', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await t.patch(ME, details, auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...details, status: 'pending' });
    expect((await t.get(ME, auth)).body).toEqual(res.body);
  });

  it('changes only the fields sent, normalises VAT numbers and country codes, and clears with empty values', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    await t.patch(ME, details, auth);
    const res = await t.patch(ME, { vatNumber: 'gb 123 4567 89012', country: 'gb', website: '' }, auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      shopName: details.shopName,
      vatNumber: 'GB123456789012',
      country: 'GB',
      website: null,
    });
    const cleared = await t.patch(ME, { vatNumber: '', logoUrl: null, addressLine1: '' }, auth);
    expect(cleared.body).toMatchObject({
      vatNumber: null,
      logoUrl: null,
      addressLine1: null,
      city: 'London',
    });
  });

  it.each([
    ['a VAT number with 10 digits', { vatNumber: 'GB1234567890' }, 'vatNumber'],
    ['a VAT number of another country', { vatNumber: 'FR12345678901' }, 'vatNumber'],
    ['a VAT number without GB', { vatNumber: '123456789' }, 'vatNumber'],
    ['an http website', { website: 'http://swift.example.com' }, 'website'],
    ['a website that is not a URL', { website: 'swift dot com' }, 'website'],
    ['a logo on another scheme', { logoUrl: 'ftp://swift.example.com/logo.png' }, 'logoUrl'],
    ['a logo path outside uploads', { logoUrl: '/uploads/../secret' }, 'logoUrl'],
    [
      'a logo that is an uploaded PDF',
      { logoUrl: '/uploads/0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e.pdf' },
      'logoUrl',
    ],
    ['an empty shop name', { shopName: '  ' }, 'shopName'],
    ['an empty description', { description: '' }, 'description'],
    ['a country name instead of a code', { country: 'United Kingdom' }, 'country'],
    ['a postal code with symbols', { postalCode: 'N1 <7GR>' }, 'postalCode'],
    ['a shop name over 120 characters', { shopName: 'x'.repeat(121) }, 'shopName'],
  ])('answers 422 for %s, naming the field', async (_label, body, field) => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await t.patch(ME, body, auth);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([field]);
  });

  it('accepts a 9- and a 12-digit VAT number', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    expect((await t.patch(ME, { vatNumber: 'GB999999973' }, auth)).body.vatNumber).toBe('GB999999973');
    expect((await t.patch(ME, { vatNumber: 'GB999999973001' }, auth)).body.vatNumber).toBe('GB999999973001');
  });

  it('refuses unknown fields, so a vendor cannot activate itself', async () => {
    const { auth } = await signUpVendor(t, 'v@example.com');
    const res = await t.patch(ME, { status: 'active' }, auth);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toMatch(/Unknown field/);
    expect((await t.get(ME, auth)).body.status).toBe('pending');
  });

  it('renames the vendor in the quotable catalogue at once', async () => {
    const admin = await signUpAdmin(t);
    const { auth, vendorId } = await signUpVendor(t, 'v@example.com');
    await t.patch(ME, { shopName: 'Old Name' }, auth);
    await t.post(
      `/api/v1/admin/vendors/${vendorId}/activate`,
      { reason: 'Checks passed' },
      t.bearer(admin.accessToken),
    );
    await t.post(
      '/api/v1/couriers',
      { name: 'Next Day', serviceType: 'domestic', weightTiers: [{ maxKg: 1, price: 1 }] },
      auth,
    );
    expect((await t.deps.catalog.quotable())[0]?.vendorName).toBe('Old Name');
    await t.patch(ME, { shopName: 'New Name' }, auth);
    expect((await t.deps.catalog.quotable())[0]?.vendorName).toBe('New Name');
  });
});
