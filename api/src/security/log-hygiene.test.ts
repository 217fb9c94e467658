/**
 * Personal data stays out of logs: a whole sign-up, password reset, booking with payment and
 * contact message, logged at the most verbose level, leave no code, token, link, email address
 * or name in the output.
 */
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../db/seed';
import { address, bookingBody, deliveryAddress } from '../features/orders/orders.testing';
import { createLogger, logHasher } from '../lib/logger';
import { createTestApp, latestCode, type TestApp } from '../test/harness';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-keys';
let t: TestApp;
let lines: string[];
beforeEach(async () => {
  lines = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ JWT_SECRET: SECRET }, { logger: createLogger('trace', sink, logHasher(SECRET)) });
  t.deps.now = () => new Date('2026-03-10T10:00:00Z');
  await seedDemoData(t.deps);
});
afterEach(() => t.close());

describe('log output', () => {
  it('holds no code, token, link, email address or name after sign-up, reset, booking and a contact message', async () => {
    const email = 'priya.patel@example.com';
    const secrets: string[] = [email, 'Priya Patel', 'Morgan Contact', 'morgan@example.com'];

    // Sign-up and verification.
    const signup = await t.post('/api/v1/auth/signup', {
      email,
      password: 'first-password-1',
      name: 'Priya Patel',
    });
    expect(signup.status).toBe(201);
    const code = await latestCode(t, email);
    const verified = await t.post('/api/v1/auth/verify-email', {
      email,
      code,
      registration: signup.body.registration,
    });
    expect(verified.status).toBe(200);
    secrets.push(code, verified.body.accessToken, verified.body.refreshToken);

    // Password reset.
    expect((await t.post('/api/v1/auth/password-reset', { email })).status).toBe(202);
    const mails = async () => (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items;
    const resetMail = (await mails()).find((m: { subject: string }) => /Reset/.test(m.subject));
    const resetLink = resetMail.text.match(/https?:\/\/\S+\/reset\/[\w-]+/)![0] as string;
    const resetToken = resetLink.split('/reset/')[1]!;
    secrets.push(resetLink, resetToken);
    expect(
      (
        await t.post('/api/v1/auth/password-reset/confirm', {
          token: resetToken,
          password: 'second-password-2',
        })
      ).status,
    ).toBe(204);
    const login = await t.post('/api/v1/auth/login', { email, password: 'second-password-2' });
    expect(login.status).toBe(200);
    const auth = t.bearer(login.body.accessToken);
    secrets.push(login.body.accessToken, login.body.refreshToken);

    // A booking, paid.
    const quote = await t.post(
      '/api/v1/quotes',
      {
        serviceType: 'domestic',
        from: 'England',
        to: 'Scotland',
        parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
      },
      auth,
    );
    expect(quote.status).toBe(201);
    const booking = bookingBody(quote.body.options[0].id, '2026-03-10', {
      collectionAddress: address({ name: 'Priya Patel', email }),
      deliveryAddress: deliveryAddress({ name: 'Robin Recipient' }),
    });
    const order = await t.post('/api/v1/orders', booking, auth);
    expect(order.status).toBe(201);
    const start = await t.post(`/api/v1/orders/${order.body.id}/payment`, undefined, auth);
    await t.call('POST', new URL(start.body.approveUrl).pathname);
    expect((await t.post(`/api/v1/orders/${order.body.id}/payment/capture`, undefined, auth)).status).toBe(
      200,
    );
    secrets.push('Robin Recipient', 'robin@example.com', start.body.approveUrl);

    // A contact message.
    expect(
      (
        await t.post('/api/v1/contact', {
          name: 'Morgan Contact',
          phone: '+44 20 7946 0001',
          email: 'morgan@example.com',
          message: 'Where is my parcel?',
        })
      ).status,
    ).toBeLessThan(300);
    await t.deps.background.idle();

    // Every link any of it mailed, to anyone.
    const everyone = (await t.get('/api/v1/dev/mailbox?limit=100')).body.items as { text: string }[];
    expect(everyone.length).toBeGreaterThanOrEqual(5);
    for (const m of everyone)
      secrets.push(
        ...(m.text.match(/https?:\/\/[^\s)]+/g) ?? []).filter((u) =>
          /\/(reset|orders|track|payment)/.test(u),
        ),
      );

    const log = lines.join('');
    // The log did record the mail and the requests, by identifier.
    expect(log).toContain('mail stored in the outbox');
    expect(log).toContain(logHasher(SECRET)(email));
    for (const secret of secrets) expect(log, `the log contains ${secret}`).not.toContain(secret);
    expect(log).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  });
});
