import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { address, bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';

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
