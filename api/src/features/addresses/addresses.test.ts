import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  type FakeIdealPostcodes,
  pafAddress,
  startFakeIdealPostcodes,
} from '../../test/fake-ideal-postcodes/server';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { address, bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';
import { LOOKUP_LIMIT } from './addresses.service';

let t: TestApp;
const TODAY = '2026-03-10';

beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

describe('GET /addresses', () => {
  it("offers the caller's saved address and earlier order addresses for the postcode, and the post town", async () => {
    const f = await bookingFixture(t);
    await t.deps.db
      .update(users)
      .set({ address: { line1: '10 Downing Street', town: 'London', postcode: 'SW1A 2AA', country: 'GB' } })
      .where(eq(users.id, f.customer.user.id));
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    for (const line1 of ['1 High Street', '1 High Street', '3 Low Road']) {
      const res = await t.post(
        '/api/v1/orders',
        bookingBody(option.id, TODAY, { collectionAddress: address({ line1, postcode: 'sw1a2aa' }) }),
        f.auth,
      );
      expect(res.status).toBe(201);
    }

    const res = await t.get('/api/v1/addresses?postcode=sw1a 2aa', f.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.body.postcode).toBe('SW1A 2AA');
    expect(res.body.postTown).toBe('London');
    expect(res.body.lookup).toBe('off');
    // Saved first, then each earlier address once (all booked at the same instant here).
    const pairs = res.body.items.map((a: { line1: string; source: string }) => [a.line1, a.source]);
    expect(pairs[0]).toEqual(['10 Downing Street', 'saved']);
    expect(pairs.slice(1).sort()).toEqual([
      ['1 High Street', 'order'],
      ['3 Low Road', 'order'],
    ]);
  });

  it("never offers someone else's addresses", async () => {
    const f = await bookingFixture(t);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
    const other = await signUpVerified(t, 'other@example.com');
    const res = await t.get('/api/v1/addresses?postcode=SW1A1AA', t.bearer(other.accessToken));
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.postTown).toBe('London');
  });

  it('names the postcode when it is not one, and needs a session', async () => {
    const f = await bookingFixture(t);
    const bad = await t.get('/api/v1/addresses?postcode=nope', f.auth);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      { path: 'postcode', message: 'Enter a valid UK postcode, such as SW1A 1AA' },
    ]);
    expect((await t.get('/api/v1/addresses?postcode=SW1A1AA')).status).toBe(401);
  });
});

describe('GET /addresses with Ideal Postcodes (IDEAL_POSTCODES_API_KEY)', () => {
  let fake: FakeIdealPostcodes;
  let app: TestApp;
  beforeEach(async () => {
    fake = await startFakeIdealPostcodes({
      addresses: {
        'SW1A 1AA': [
          pafAddress({
            postcode: 'SW1A 1AA',
            line_1: 'Buckingham Palace',
            post_town: 'LONDON',
            county: 'London',
            udprn: 1,
          }),
          pafAddress({
            postcode: 'SW1A 1AA',
            line_1: '1 High Street',
            post_town: 'LONDON',
            county: 'London',
            udprn: 2,
          }),
        ],
      },
    });
    app = await createTestApp({ IDEAL_POSTCODES_API_KEY: fake.apiKey, IDEAL_POSTCODES_API_BASE: fake.url });
    const now = new Date(`${TODAY}T10:00:00Z`);
    app.deps.now = () => now;
  });
  afterEach(async () => {
    app.close();
    expect(fake.problems).toEqual([]);
    expect(fake.rejected).toEqual([]);
    await fake.close();
  });

  it("follows the caller's own addresses with every address at the postcode, each once", async () => {
    const f = await bookingFixture(app);
    const { option } = await quoteOptionFor(app, f.vendor.service.id);
    // The fixture's collection address is 1 High Street, SW1A 1AA: the service's copy is not repeated.
    expect((await app.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth)).status).toBe(201);

    const res = await app.get('/api/v1/addresses?postcode=sw1a1aa', f.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      postcode: 'SW1A 1AA',
      postTown: 'London',
      county: 'London',
      lookup: 'ok',
    });
    expect(res.body.items.map((a: { line1: string; source: string }) => [a.line1, a.source])).toEqual([
      ['1 High Street', 'order'],
      ['Buckingham Palace', 'postcode'],
    ]);
    expect(res.body.items[1]).toEqual({
      line1: 'Buckingham Palace',
      town: 'London',
      county: 'London',
      postcode: 'SW1A 1AA',
      country: 'GB',
      source: 'postcode',
    });
  });

  it('falls back to the own addresses and the post town when the service fails', async () => {
    const f = await bookingFixture(app);
    fake.injectFault({ status: 503 });
    const res = await app.get('/api/v1/addresses?postcode=SW1A1AA', f.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lookup: 'unavailable', postTown: 'London', county: null, items: [] });
    // Not remembered: the next ask reaches the service.
    const again = await app.get('/api/v1/addresses?postcode=SW1A1AA', f.auth);
    expect(again.body.lookup).toBe('ok');
    expect(again.body.items).toHaveLength(2);
  });

  it('limits look-ups per account, as each one is paid for', async () => {
    const f = await bookingFixture(app);
    for (let i = 0; i < LOOKUP_LIMIT.max; i++) {
      await app.deps.rateLimiter.hit(LOOKUP_LIMIT, f.customer.user.id);
    }
    const res = await app.get('/api/v1/addresses?postcode=SW1A1AA', f.auth);
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBeTruthy();
    expect(fake.requests).toEqual([]);
  });
});
