import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../app';
import { createTestApp, signUpVerified, type TestApp } from '../../../test/harness';
import { signUpAdmin, signUpVendor } from '../admin.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const USERS = '/api/v1/admin/users';
const AUDIT = '/api/v1/admin/audit-log';
const PASSWORD = 'correct-horse-1';

describe('the admin API authorization matrix', () => {
  it('refuses every /admin route without a token (401) and for customers and vendors (403)', async () => {
    const vendor = await signUpVendor(t, 'v@example.com');
    const customer = await signUpVerified(t, 'c@example.com');
    const paths = openApiDocument(t.app).paths ?? {};
    const routes = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/v1/admin/'))
      .flatMap(([path, item]) =>
        ['get', 'post', 'patch', 'put', 'delete']
          .filter((m) => (item as Record<string, unknown>)[m])
          .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'x') })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const { method, path } of routes) {
      const call = (headers?: Record<string, string>) =>
        t.app.request(path, {
          method,
          headers: { 'Content-Type': 'application/json', ...headers },
          body: method === 'GET' ? undefined : JSON.stringify({ reason: 'x' }),
        });
      expect((await call()).status, `${method} ${path} signed out`).toBe(401);
      expect((await call(t.bearer(customer.accessToken))).status, `${method} ${path} as customer`).toBe(403);
      expect((await call(vendor.auth)).status, `${method} ${path} as vendor`).toBe(403);
    }
  });
});

describe('disabling and re-enabling users', () => {
  it('ends the sessions at once, refuses sign-in, and audits each change with its reason', async () => {
    const admin = await signUpAdmin(t);
    const auth = t.bearer(admin.accessToken);
    const customer = await signUpVerified(t, 'c@example.com', 'customer', PASSWORD);
    expect((await t.get('/api/v1/users/me', t.bearer(customer.accessToken))).status).toBe(200);

    const disabled = await t.post(
      `${USERS}/${customer.user.id}/disable`,
      { reason: 'Chargeback fraud' },
      auth,
    );
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ id: customer.user.id, email: 'c@example.com', disabled: true });

    // The refresh token is revoked and the access token stops working before it expires.
    expect((await t.post('/api/v1/auth/refresh', { refreshToken: customer.refreshToken })).status).toBe(401);
    expect((await t.get('/api/v1/users/me', t.bearer(customer.accessToken))).status).toBe(401);
    const login = await t.post('/api/v1/auth/login', { email: 'c@example.com', password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.detail).toMatch(/disabled/);

    const again = await t.post(`${USERS}/${customer.user.id}/disable`, { reason: 'twice' }, auth);
    expect(again.status).toBe(409);

    const enabled = await t.post(`${USERS}/${customer.user.id}/enable`, { reason: 'Bank confirmed' }, auth);
    expect(enabled.body.disabled).toBe(false);
    expect((await t.post('/api/v1/auth/login', { email: 'c@example.com', password: PASSWORD })).status).toBe(
      200,
    );

    const log = await t.get(
      `${AUDIT}?filter=${encodeURIComponent(JSON.stringify({ entityId: customer.user.id }))}`,
      auth,
    );
    expect(log.headers.get('content-range')).toBe('audit-log 0-1/2');
    expect(log.body).toMatchObject([
      {
        action: 'user.enable',
        reason: 'Bank confirmed',
        before: { disabled: true },
        after: { disabled: false },
      },
      {
        action: 'user.disable',
        reason: 'Chargeback fraud',
        actorEmail: 'admin@example.com',
        actorId: admin.user.id,
        entityType: 'user',
        before: { disabled: false },
        after: { disabled: true },
      },
    ]);
    const one = await t.get(`${AUDIT}/${log.body[1].id}`, auth);
    expect(one.body).toEqual(log.body[1]);
  });

  it('requires a reason, refuses disabling oneself, and answers 404 for an unknown user', async () => {
    const admin = await signUpAdmin(t);
    const auth = t.bearer(admin.accessToken);
    const customer = await signUpVerified(t, 'c@example.com');
    const missing = await t.post(`${USERS}/${customer.user.id}/disable`, { reason: '  ' }, auth);
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.body)).toMatch(/reason/);
    expect((await t.post(`${USERS}/${admin.user.id}/disable`, { reason: 'oops' }, auth)).status).toBe(409);
    expect((await t.post(`${USERS}/nope/disable`, { reason: 'x' }, auth)).status).toBe(404);
    expect((await t.get(`${USERS}/nope`, auth)).status).toBe(404);
    expect((await t.get(`${AUDIT}`, auth)).body).toEqual([]);
  });

  it('lists and searches users ra-data-simple-rest style', async () => {
    const admin = await signUpAdmin(t);
    const auth = t.bearer(admin.accessToken);
    await signUpVerified(t, 'alice@example.com');
    await signUpVendor(t, 'bob@example.com');
    const found = await t.get(`${USERS}?filter=${encodeURIComponent('{"q":"ALI"}')}`, auth);
    expect(found.body.map((u: { email: string }) => u.email)).toEqual(['alice@example.com']);
    const vendors = await t.get(
      `${USERS}?filter=${encodeURIComponent('{"role":"vendor"}')}&range=[0,9]`,
      auth,
    );
    expect(vendors.headers.get('content-range')).toBe('users 0-0/1');
    expect(vendors.body[0]).toMatchObject({ email: 'bob@example.com', role: 'vendor', disabled: false });
    const bad = await t.get(`${USERS}?filter=${encodeURIComponent('{"nope":1}')}`, auth);
    expect(bad.status).toBe(422);
  });
});
