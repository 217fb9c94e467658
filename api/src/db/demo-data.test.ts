import { readFileSync } from 'node:fs';
import { isNotNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { users } from './schema';
import {
  DEMO_ACCOUNTS,
  DEMO_PARTNER,
  DEMO_PASSWORD,
  demoLeftovers,
  removeDemoData,
  seedDemoData,
} from './seed';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('demo data leftovers', () => {
  it('names every demo account and the demo partner, and none once removed', async () => {
    expect(await demoLeftovers(t.deps.db)).toEqual([]);
    await seedDemoData(t.deps);
    const leftovers = await demoLeftovers(t.deps.db);
    expect(leftovers).toHaveLength(DEMO_ACCOUNTS.length + 1);
    expect(leftovers).toContain('admin@consign.example (admin)');
    expect(leftovers.at(-1)).toContain(DEMO_PARTNER.publishableKey);

    const admin = await t.post('/api/v1/auth/login', {
      email: DEMO_ACCOUNTS[0].email,
      password: DEMO_PASSWORD,
    });
    expect(admin.status).toBe(200);
    expect(await removeDemoData(t.deps.db)).toEqual(leftovers);
    expect(await demoLeftovers(t.deps.db)).toEqual([]);
    // The sign-in opened before the removal ends with it; the password no longer works.
    expect((await t.get('/api/v1/users/me', t.bearer(admin.body.accessToken))).status).toBe(401);
    expect(
      (await t.post('/api/v1/auth/login', { email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD })).status,
    ).toBe(401);
    // Demo couriers are no longer quoted, and the demo key no longer works.
    const services = await t.deps.db.query.courierServices.findMany();
    expect(services.every((s) => s.status === 'inactive')).toBe(true);
    const keyed = (key: string) =>
      t.get('/api/v1/meta', { 'X-Publishable-Key': key, Origin: 'http://127.0.0.1:5173' });
    expect((await keyed(DEMO_PARTNER.publishableKey)).status).toBe(401);
    // Running it again is harmless.
    expect(await removeDemoData(t.deps.db)).toEqual([]);
  });
});

describe('the README’s demo sign-ins', () => {
  // Issue 51, item 19: the README's table is what a newcomer reads; it must name every account
  // the seed gives a password to, and nothing else.
  it('lists every account the seed lets sign in, with the demo password', async () => {
    await seedDemoData(t.deps);
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.split('### Demo sign-ins')[1]?.split('\n#')[0] ?? '';
    expect(section).toContain(`**\`${DEMO_PASSWORD}\`**`);
    const listed = [...section.matchAll(/^\| `([^`]+@[^`]+)` \|/gm)].map((m) => m[1]);
    const seeded = await t.deps.db
      .select({ email: users.email })
      .from(users)
      .where(isNotNull(users.passwordHash));
    expect(listed.toSorted()).toEqual(seeded.map((u) => u.email).toSorted());
  });
});

describe('demo reviews', () => {
  it('gives the demo couriers measured scores, the same on every seeding', async () => {
    t.deps.now = () => new Date('2026-03-10T10:00:00Z');
    await seedDemoData(t.deps);
    const quote = await t.post('/api/v1/quotes', {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
    });
    const scores = Object.fromEntries(
      quote.body.options.map((o: { courierService: { name: string }; rating: unknown; onTime: unknown }) => [
        o.courierService.name,
        { rating: o.rating, onTime: o.onTime },
      ]),
    );
    expect(scores).toEqual({
      'UPS Standard': { rating: { average: 4.2, count: 10 }, onTime: { share: 0.818, delivered: 11 } },
      'DPD Next Day': { rating: { average: 4.4, count: 5 }, onTime: { share: 0.833, delivered: 6 } },
      // Too few for either figure: the card says "New".
      'UPS Promotion': { rating: { average: null, count: 2 }, onTime: { share: null, delivered: 3 } },
    });
    const profile = await t.get('/api/v1/couriers/swift-couriers-ltd/profile');
    expect(profile.status).toBe(200);
    expect(profile.body.reviews.length).toBe(15);
    // Orders paid in the last 90 days, with the demo adjustments and claims (seed-claims.ts):
    // two adjustments, four claims of which three are decided (two accepted, one rejected by staff).
    expect(profile.body.record).toEqual({
      orders: 17,
      adjustments: 2,
      adjustmentRate: 0.118,
      claims: 4,
      claimsPerHundred: 23.5,
      claimsDecided: 3,
      claimsAccepted: 0.667,
    });
    // Every state the screens show, on the demo couriers' orders.
    const claimRows = await t.deps.db.query.claims.findMany();
    expect(claimRows.map((c) => c.status).sort()).toEqual([
      'escalated',
      'paid',
      'paid',
      'rejected',
      'with_courier',
    ]);
    const adjustmentRows = await t.deps.db.query.adjustments.findMany();
    expect(adjustmentRows.map((a) => a.status).sort()).toEqual(['disputed', 'overturned', 'overturned']);
    // Nothing for the claims sweep to pay (no accepted claim left unpaid: demo orders have no
    // payment) or escalate at once (the claim with the courier is within its deadline).
    const withCourier = claimRows.find((c) => c.status === 'with_courier');
    expect(withCourier?.courierDeadline?.getTime()).toBeGreaterThan(
      new Date('2026-03-10T10:00:00Z').getTime(),
    );
    expect(profile.body.reviews.some((r: { reply: unknown }) => r.reply !== null)).toBe(true);
    // None of the reviewers can sign in.
    const reviewers = (await t.deps.db.query.users.findMany()).filter((u) => u.email.startsWith('reviewer'));
    expect(reviewers.length).toBeGreaterThan(0);
    expect(reviewers.every((u) => u.passwordHash === null)).toBe(true);
  });
});
