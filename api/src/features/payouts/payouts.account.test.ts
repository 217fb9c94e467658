/**
 * The payout account through real HTTP: a PayPal email is used only once the code mailed to it
 * is entered; wrong, expired and repeated codes are refused with the field named.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { createVendorWithService } from '../orders/orders.testing';

const PATH = '/api/v1/vendor/payout-account';
let t: TestApp;
let now: Date;
beforeEach(async () => {
  t = await createTestApp();
  now = new Date('2026-01-13T10:00:00Z');
  t.deps.now = () => now;
});
afterEach(() => t.close());

async function mailedCode(to: string) {
  const items = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`)).body.items as {
    subject: string;
    text: string;
  }[];
  const mail = items.find((m) => m.subject === 'Confirm your PayPal email for Consign payouts');
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no payout code mailed to ${to}`);
  return code;
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('the payout account', () => {
  it('is confirmed by the code mailed to the PayPal email, and a change tells the old address', async () => {
    const vendor = await createVendorWithService(t);
    const auth = t.bearer(vendor.owner.accessToken);
    expect((await t.get(PATH, auth)).body).toEqual({
      paypalEmail: null,
      verifiedAt: null,
      pendingEmail: null,
      codeExpiresAt: null,
    });

    const set = await t.call('PUT', PATH, { paypalEmail: 'Payouts@Speedy.example' }, auth);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ paypalEmail: null, pendingEmail: 'payouts@speedy.example' });
    const code = await mailedCode('payouts@speedy.example');

    const bad = await t.post(`${PATH}/verify`, { code: wrong(code) }, auth);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'payout_code_invalid', errors: [{ path: 'code' }] });
    const ok = await t.post(`${PATH}/verify`, { code }, auth);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ paypalEmail: 'payouts@speedy.example', pendingEmail: null });
    expect((await t.post(`${PATH}/verify`, { code }, auth)).body.code).toBe('payout_code_not_requested');

    // A new address waits beside the confirmed one; payouts keep going to the confirmed one.
    await t.call('PUT', PATH, { paypalEmail: 'new@speedy.example' }, auth);
    expect((await t.get(PATH, auth)).body).toMatchObject({
      paypalEmail: 'payouts@speedy.example',
      pendingEmail: 'new@speedy.example',
    });
    await t.post(`${PATH}/verify`, { code: await mailedCode('new@speedy.example') }, auth);
    expect((await t.get(PATH, auth)).body.paypalEmail).toBe('new@speedy.example');
    const told = (await t.get('/api/v1/dev/mailbox?to=payouts%40speedy.example')).body.items;
    expect(told.map((m: { subject: string }) => m.subject)).toContain(
      'Your Consign payout email was changed',
    );
  });

  it('refuses bad input, expired codes and a sixth wrong code, and only vendors may call it', async () => {
    const vendor = await createVendorWithService(t);
    const auth = t.bearer(vendor.owner.accessToken);
    const badEmail = await t.call('PUT', PATH, { paypalEmail: 'not-an-email' }, auth);
    expect(badEmail.status).toBe(422);
    expect(badEmail.body.errors).toEqual([expect.objectContaining({ path: 'paypalEmail' })]);
    expect((await t.post(`${PATH}/verify`, { code: '12ab' }, auth)).body.errors[0].path).toBe('code');

    await t.call('PUT', PATH, { paypalEmail: 'pay@speedy.example' }, auth);
    const code = await mailedCode('pay@speedy.example');
    for (let i = 0; i < 5; i++)
      expect((await t.post(`${PATH}/verify`, { code: wrong(code) }, auth)).status).toBe(422);
    const locked = await t.post(`${PATH}/verify`, { code }, auth);
    expect(locked).toMatchObject({ status: 409, body: { code: 'payout_code_attempts_exceeded' } });

    await t.call('PUT', PATH, { paypalEmail: 'pay@speedy.example' }, auth);
    const fresh = await mailedCode('pay@speedy.example');
    now = new Date(now.getTime() + 16 * 60_000);
    expect((await t.post(`${PATH}/verify`, { code: fresh }, auth)).body.code).toBe('payout_code_expired');

    const customer = await signUpVerified(t, 'buyer@example.com');
    expect((await t.get(PATH, t.bearer(customer.accessToken))).status).toBe(403);
    expect((await t.get(PATH)).status).toBe(401);
  });
});
