import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified } from '../../test/harness';
import { type LoopbackSmtp, startSmtpServer } from '../../test/smtp-server';

let server: LoopbackSmtp;

beforeAll(async () => {
  server = await startSmtpServer();
});
afterAll(() => server.close());

describe('SMTP mail', () => {
  it('sends the code, welcome and reset emails over SMTP with text and HTML parts, and leaves the outbox empty', async () => {
    const t = await createTestApp({
      SMTP_URL: server.url,
      MAIL_FROM: 'Consign <mail@consign.example>',
    });
    try {
      expect((await t.get('/api/v1/meta/auth')).body.mailTransport).toBe('smtp');
      const signup = await t.post('/api/v1/auth/signup', {
        email: 'smtp@example.com',
        password: 'password-123',
      });
      expect(signup.status).toBe(201);
      const codeMail = server.received.find((m) => m.to.includes('smtp@example.com'));
      expect(codeMail).toBeDefined();
      expect(codeMail!.from).toBe('mail@consign.example');
      // The code is in the body only: subjects show in notification previews and mail logs.
      expect(codeMail!.raw).toMatch(/Subject: Your Consign verification code\r?\n/);
      expect(codeMail!.raw).not.toMatch(/Subject: [^\r\n]*\d{6}/);
      expect(codeMail!.raw).toContain('Content-Type: text/plain');
      expect(codeMail!.raw).toContain('Content-Type: text/html');
      const code = codeMail!.raw.match(/code is (\d{6})/)![1]!;

      const verified = await t.post('/api/v1/auth/verify-email', {
        email: 'smtp@example.com',
        code,
        registration: signup.body.registration,
      });
      expect(verified.status).toBe(200);
      expect(
        server.received.some(
          (m) => m.to.includes('smtp@example.com') && /Subject: Welcome to Consign/.test(m.raw),
        ),
      ).toBe(true);

      await t.post('/api/v1/auth/password-reset', { email: 'smtp@example.com' });
      const reset = server.received.find((m) => /Subject: Reset your Consign password/.test(m.raw));
      expect(reset?.raw).toMatch(/http:\/\/localhost(:\d+)?\/reset\/[\w-]+/);

      // with SMTP the dev mailbox is off and nothing is kept in the outbox
      expect((await t.get('/api/v1/dev/mailbox')).status).toBe(404);
      expect(await t.deps.db.query.outbox.findMany()).toHaveLength(0);
    } finally {
      t.close();
    }
  });
});

describe('outbox mail', () => {
  it('keeps mail in the outbox and lists it newest first on the dev mailbox', async () => {
    const t = await createTestApp();
    try {
      await signUpVerified(t, 'outbox@example.com');
      const res = await t.get('/api/v1/dev/mailbox?to=outbox@example.com');
      expect(res.status).toBe(200);
      expect(res.body.items.map((m: { subject: string }) => m.subject)).toEqual([
        'Welcome to Consign',
        expect.stringMatching(/^Your Consign verification code$/),
      ]);
      expect(res.body.items[1].html).toContain('<!doctype html>');
    } finally {
      t.close();
    }
  });
});
