import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
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
