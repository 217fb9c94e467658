import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('users/me', () => {
  it('reads and updates name, phone, address and avatar', async () => {
    const s = await signUpVerified(t, 'me@example.com');
    const auth = t.bearer(s.accessToken);
    const patch = {
      name: 'Morgan Example',
      phone: '+44 20 7946 0000',
      address: {
        line1: '1 High Street',
        town: 'Bath',
        county: 'Somerset',
        postcode: 'BA1 1AA',
        country: 'GB',
      },
      avatarUrl: '/uploads/abc.png',
    };
    const res = await t.patch('/api/v1/users/me', patch, auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...patch, email: 'me@example.com' });
    expect((await t.get('/api/v1/users/me', auth)).body).toMatchObject(patch);
  });

  it('refuses to change the email, unknown fields and bad values, naming each field', async () => {
    const s = await signUpVerified(t, 'fixed@example.com');
    const auth = t.bearer(s.accessToken);
    const email = await t.patch('/api/v1/users/me', { email: 'other@example.com' }, auth);
    expect(email.status).toBe(422);
    expect(email.body.errors[0].message).toMatch(/Unknown field.*email/);
    const bad = await t.patch('/api/v1/users/me', { phone: 'call me', address: { line1: '' } }, auth);
    expect(bad.status).toBe(422);
    const paths = bad.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['phone', 'address.line1', 'address.town', 'address.postcode']),
    );
    // An uploaded PDF (a claim's receipt) is never shown as a profile photo.
    const pdf = await t.patch('/api/v1/users/me', { avatarUrl: '/uploads/receipt-0001.pdf' }, auth);
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors.map((e: { path: string }) => e.path)).toEqual(['avatarUrl']);
    const role = await t.patch('/api/v1/users/me', { role: 'admin' }, auth);
    expect(role.status).toBe(422);
    expect((await t.get('/api/v1/users/me', auth)).body.email).toBe('fixed@example.com');
  });

  it('needs a token', async () => {
    expect((await t.patch('/api/v1/users/me', { name: 'x' })).status).toBe(401);
  });
});
