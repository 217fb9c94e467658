import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp | undefined;
afterEach(() => t?.close());

/** What @hono/node-server passes as the env of a request that came over a socket. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe('dev mailbox', () => {
  it('answers requests from this machine outside production', async () => {
    t = await createTestApp();
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.request('/api/v1/dev/mailbox', {}, from(peer));
      expect(res.status).toBe(200);
    }
    expect((await t.get('/api/v1/meta/auth')).body.devMailbox).toBe(true);
  });

  it('answers 404 to any other address, and to anything that came through a proxy', async () => {
    t = await createTestApp();
    expect((await t.app.request('/api/v1/dev/mailbox', {}, from('192.0.2.10'))).status).toBe(404);
    expect((await t.app.request('/api/v1/dev/mailbox', {}, from('2001:db8::1'))).status).toBe(404);
    const proxied = await t.app.request(
      '/api/v1/dev/mailbox',
      { headers: { 'X-Forwarded-For': '198.51.100.4' } },
      from('127.0.0.1'),
    );
    expect(proxied.status).toBe(404);
    // A proxy on this machine that sets only X-Real-IP (or any other forwarding header) is refused too.
    for (const [header, value] of [
      ['X-Real-IP', '127.0.0.1'],
      ['Forwarded', 'for=127.0.0.1'],
      ['X-Forwarded-Host', 'localhost'],
      ['Via', '1.1 proxy'],
    ]) {
      const res = await t.app.request(
        '/api/v1/dev/mailbox',
        { headers: { [header!]: value! } },
        from('127.0.0.1'),
      );
      expect(res.status).toBe(404);
    }
  });

  it('does not exist in production, even with the outbox as the mail transport', async () => {
    t = await createTestApp({ NODE_ENV: 'production', ALLOW_OUTBOX_MAIL: '1', ALLOW_TEST_PAYMENTS: '1' });
    expect(t.deps.mailer.transport).toBe('outbox');
    const res = await t.get('/api/v1/dev/mailbox');
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('No route for GET /api/v1/dev/mailbox');
    const meta = await t.get('/api/v1/meta/auth');
    expect(meta.body.devMailbox).toBe(false);
    expect(JSON.stringify(meta.body)).not.toContain('mailbox');
  });
});
