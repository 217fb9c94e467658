import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { partners, users, webhookEndpoints } from '../../db/schema';
import { drainOutbox } from '../../lib/outbox';
import { isSealed, seal, sealingKey, unseal } from '../../lib/sealed-secrets';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookableDay } from '../orders/orders.testing';
import { createPartner, partnerOrder, partnerUser } from '../partners/partners.testing';
import { isPublic, NOT_PUBLIC, resolveTarget, urlProblem } from './webhook-url';
import { endpointSecretKey, UNREADABLE_SECRET } from './webhooks.subscriber';
import { receiver, verify } from './webhooks.testing';

let t: TestApp;
let now: Date;
let closers: (() => Promise<void>)[];
beforeEach(async () => {
  now = new Date('2026-05-06T10:00:00Z');
  closers = [];
  t = await createTestApp({}, { now: () => now });
});
afterEach(async () => {
  for (const close of closers) await close();
  t.close();
});

const API = '/api/v1/partner';

async function setUp(answers: number[] = [], events = ['booking:completed', 'order.status_changed']) {
  const r = await receiver(answers);
  closers.push(r.close);
  const { partner } = await createPartner(t);
  const { auth } = await partnerUser(t, partner.id);
  const created = await t.post(`${API}/webhook-endpoints`, { url: r.url, events }, auth);
  expect(created.status).toBe(201);
  expect(created.body.secret).toMatch(/^whsec_/);
  return { r, partner, auth, endpoint: created.body as { id: string; secret: string } };
}

describe('webhook deliveries', () => {
  it('a paid partner order reaches the endpoint signed, byte for byte, and is logged', async () => {
    const { r, partner, auth, endpoint } = await setUp();
    const order = await partnerOrder(t, partner);
    expect(r.received).toHaveLength(1);
    const [got] = r.received;
    expect(verify(endpoint.secret, got!.raw, String(got!.headers['consign-signature']))).toBe(true);
    // One byte changed and the signature no longer matches.
    expect(verify(endpoint.secret, `${got!.raw} `, String(got!.headers['consign-signature']))).toBe(false);
    const body = JSON.parse(got!.raw);
    expect(body).toEqual({
      id: got!.headers['consign-event-id'],
      type: 'booking:completed',
      created: expect.any(String),
      data: { orderId: order.id, reference: order.reference, total: order.total, currency: 'GBP' },
    });
    expect(String(got!.headers['consign-signature'])).toMatch(
      new RegExp(`^t=${Math.floor(now.getTime() / 1000)},v1=[0-9a-f]{64}$`),
    );

    const log = await t.get(`${API}/webhook-deliveries?endpoint=${endpoint.id}`, auth);
    expect(log.body.data).toEqual([
      expect.objectContaining({
        endpointId: endpoint.id,
        eventId: body.id,
        eventType: 'booking:completed',
        attempt: 1,
        status: 'succeeded',
        statusCode: 200,
        responseExcerpt: 'thanks',
        nextAttemptAt: null,
      }),
    ]);
  });

  it('a receiver failing twice gets the event on the third attempt, with the same event id', async () => {
    const { r, partner, auth, endpoint } = await setUp([500, 503]);
    await partnerOrder(t, partner);
    expect(r.received).toHaveLength(1);
    const first = await t.get(`${API}/webhook-deliveries`, auth);
    expect(first.body.data[0]).toMatchObject({ status: 'failed', statusCode: 500, attempt: 1 });
    expect(Date.parse(first.body.data[0].nextAttemptAt)).toBeGreaterThan(now.getTime());

    // Nothing is due before the back-off passes.
    await drainOutbox(t.deps);
    expect(r.received).toHaveLength(1);
    now = new Date(now.getTime() + 60 * 60 * 1000);
    await drainOutbox(t.deps);
    expect(r.received).toHaveLength(2);
    now = new Date(now.getTime() + 60 * 60 * 1000);
    await drainOutbox(t.deps);
    expect(r.received).toHaveLength(3);
    const ids = r.received.map((x) => x.headers['consign-event-id']);
    expect(new Set(ids).size).toBe(1);
    expect(
      verify(endpoint.secret, r.received[2]!.raw, String(r.received[2]!.headers['consign-signature'])),
    ).toBe(true);

    const log = await t.get(`${API}/webhook-deliveries?endpoint=${endpoint.id}`, auth);
    expect(
      log.body.data.map((d: { attempt: number; status: string; statusCode: number }) => [
        d.attempt,
        d.status,
        d.statusCode,
      ]),
    ).toEqual([
      [3, 'succeeded', 200],
      [2, 'failed', 503],
      [1, 'failed', 500],
    ]);
  });

  it('replays a delivery: the same event again, as a new attempt', async () => {
    const { r, partner, auth } = await setUp();
    await partnerOrder(t, partner);
    const log = await t.get(`${API}/webhook-deliveries`, auth);
    const replay = await t.post(`${API}/webhook-deliveries/${log.body.data[0].id}/replay`, undefined, auth);
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ attempt: 2, status: 'pending', eventId: log.body.data[0].eventId });
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.headers['consign-event-id']).toBe(r.received[0]!.headers['consign-event-id']);
    const after = await t.get(`${API}/webhook-deliveries`, auth);
    expect(after.body.data[0]).toMatchObject({ attempt: 2, status: 'succeeded', statusCode: 200 });

    const other = await createPartner(t);
    const outsider = await partnerUser(t, other.partner.id);
    expect(
      (await t.post(`${API}/webhook-deliveries/${log.body.data[0].id}/replay`, undefined, outsider.auth))
        .status,
    ).toBe(404);
  });

  it('sends a ping to the endpoint tested only, and only subscribed events', async () => {
    const { r, auth, endpoint } = await setUp([], ['order.cancelled']);
    const test = await t.post(`${API}/webhook-endpoints/${endpoint.id}/test`, undefined, auth);
    expect(test.status).toBe(202);
    expect(r.received).toHaveLength(1);
    expect(JSON.parse(r.received[0]!.raw)).toMatchObject({ id: test.body.eventId, type: 'ping' });
    expect(r.received[0]!.headers['consign-event-id']).toBe(test.body.eventId);
  });

  it('disables an endpoint failing for 3 days, emails the partner, and resends what it missed when enabled', async () => {
    const { r, partner, auth, endpoint } = await setUp(Array(500).fill(500));
    await partnerOrder(t, partner);
    for (let hour = 0; hour < 80; hour++) {
      now = new Date(now.getTime() + 60 * 60 * 1000);
      await drainOutbox(t.deps);
    }
    const got = await t.get(`${API}/webhook-endpoints/${endpoint.id}`, auth);
    expect(got.body.enabled).toBe(false);
    expect(got.body.disabledReason).toContain('3 days');
    const mail = await t.get('/api/v1/dev/mailbox');
    expect(
      mail.body.items.some((m: { subject: string }) => m.subject.includes('webhook endpoint was disabled')),
    ).toBe(true);

    // A new event while disabled is held, not sent.
    const sent = r.received.length;
    await partnerOrder(t, partner, { collectionDate: bookableDay(now) });
    expect(r.received).toHaveLength(sent);

    await closers.pop()!();
    const healthy = await receiver();
    closers.push(healthy.close);
    await t.patch(`${API}/webhook-endpoints/${endpoint.id}`, { url: healthy.url }, auth);
    const enabled = await t.patch(`${API}/webhook-endpoints/${endpoint.id}`, { enabled: true }, auth);
    expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null });
    expect(healthy.received.map((x) => JSON.parse(x.raw).type)).toEqual([
      'booking:completed',
      'booking:completed',
    ]);
  });

  it('two partners: another partner never sees the endpoint or its log', async () => {
    const { endpoint } = await setUp();
    const other = await createPartner(t);
    const outsider = await partnerUser(t, other.partner.id);
    expect((await t.get(`${API}/webhook-endpoints/${endpoint.id}`, outsider.auth)).status).toBe(404);
    expect((await t.get(`${API}/webhook-endpoints`, outsider.auth)).body.data).toEqual([]);
    expect((await t.del(`${API}/webhook-endpoints/${endpoint.id}`, outsider.auth)).status).toBe(404);
  });
});

describe('SSRF', () => {
  it.each([
    ['http://shop.example/hook', 'https'],
    ['https://127.0.0.1/hook', 'this machine'],
    ['https://localhost/hook', 'this machine'],
    ['https://10.1.2.3/hook', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'private'],
    ['https://[::ffff:192.168.0.1]/hook', 'private'],
  ])('production refuses %s', (url, why) => {
    expect(urlProblem(url, { production: true })).toContain(why);
  });

  it('outside production adds exactly localhost and 127.0.0.1 (docs/partners.md), over http too', async () => {
    const dev = { production: false };
    expect(urlProblem('http://127.0.0.1:4000/h', dev)).toBeNull();
    expect(urlProblem('http://localhost:4000/h', dev)).toBeNull();
    expect(urlProblem('http://shop.example/h', dev)).toContain('https');
    for (const url of [
      'http://[::1]:4000/h',
      'https://[::1]/h',
      'https://app.localhost/h',
      'https://10.0.0.7/h',
    ]) {
      expect(urlProblem(url, dev), url).not.toBeNull();
    }
    // A name that resolves to this machine is not localhost: refused outside production too.
    await expect(resolveTarget(new URL(`https://${hostname()}/h`), dev)).rejects.toThrow(NOT_PUBLIC);
  });

  it('says only "refused: not a public address", never what a name resolved to or why it did not', async () => {
    const prod = { production: true };
    for (const url of [
      `https://${hostname()}/h`,
      'https://no-such-host.invalid/h',
      'https://[::ffff:127.0.0.1]/h',
    ]) {
      const error = await resolveTarget(new URL(url), prod).catch((err: Error) => err);
      expect((error as Error).message, url).toMatch(
        /^refused: not a public address$|public server|public address, not/,
      );
      expect((error as Error).message).not.toMatch(/127\.|::1|ENOTFOUND|EAI_AGAIN|resolves/);
    }
  });

  it.each([
    ['8.8.8.8', true],
    ['127.0.0.1', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['::1', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['::ffff:10.0.0.1', false],
    ['2606:4700:4700::1111', true],
    // Issue 44, finding 6: every range ipaddr.js does not call unicast.
    ['0.1.2.3', false],
    ['198.18.0.1', false],
    ['192.0.2.1', false],
    ['::ffff:8.8.8.8', false],
    ['::8.8.8.8', false],
    ['2002:808:808::1', false],
    ['64:ff9b::808:808', false],
    ['2001::1', false],
    ['2001:db8::1', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublic(address)).toBe(expected);
  });

  it('checks the resolved address at send time', async () => {
    await expect(resolveTarget(new URL('https://localhost/x'), { production: true })).rejects.toThrow();
    await expect(
      resolveTarget(new URL('http://localhost:9/x'), { production: false }),
    ).resolves.toMatchObject({
      address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
    });
  });

  it('in production refuses a private endpoint on save, and at send time one that was stored before', async () => {
    const prod = await createTestApp(
      { NODE_ENV: 'production', ALLOW_OUTBOX_MAIL: '1', ALLOW_TEST_PAYMENTS: '1' },
      { now: () => now },
    );
    try {
      // No dev mailbox in production: the partner and its user are written as staff would leave them.
      const [partner] = await prod.deps.db
        .insert(partners)
        .values({ name: 'Shop', mode: 'live', publishableKey: 'pk_live_x', allowedOrigins: [] })
        .returning();
      await prod.deps.db.insert(users).values({
        email: 'ops@shop.example',
        role: 'partner',
        partnerId: partner!.id,
        emailVerified: true,
        passwordHash: await prod.deps.hasher.hash('correct-horse-1'),
      });
      const login = await prod.post('/api/v1/auth/login', {
        email: 'ops@shop.example',
        password: 'correct-horse-1',
      });
      const auth = prod.bearer(login.body.accessToken);
      const refused = await prod.post(
        `${API}/webhook-endpoints`,
        { url: 'https://10.0.0.7/hooks', events: ['booking:completed'] },
        auth,
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([{ path: 'url', message: expect.stringContaining('private') }]);
      // A name is resolved on save: this machine's own name (here 127.0.0.1) is refused, unnamed.
      const named = await prod.post(
        `${API}/webhook-endpoints`,
        { url: `https://${hostname()}/hooks`, events: ['booking:completed'] },
        auth,
      );
      expect(named.status).toBe(422);
      expect(named.body.errors).toEqual([
        {
          path: 'url',
          message: 'Webhook URLs must reach a public address: this host does not resolve to one',
        },
      ]);
      expect((await prod.get(`${API}/webhook-endpoints`, auth)).body.data).toEqual([]);

      // Saved when it was allowed (or DNS changed since): refused when sending, nothing connected.
      const [row] = await prod.deps.db
        .insert(webhookEndpoints)
        .values({
          partnerId: partner!.id,
          url: 'https://127.0.0.1:9/hooks',
          events: ['ping'],
          secret: 'whsec_x',
        })
        .returning();
      const test = await prod.post(`${API}/webhook-endpoints/${row!.id}/test`, undefined, auth);
      expect(test.status).toBe(202);
      const log = await prod.get(`${API}/webhook-deliveries`, auth);
      expect(log.body.data[0]).toMatchObject({ status: 'failed', statusCode: null });
      expect(log.body.data[0].error).toBe('refused: not a public address');
    } finally {
      prod.close();
    }
  });
});

describe('signing secrets at rest', () => {
  const storedSecret = async (id: string) =>
    (await t.deps.db.query.webhookEndpoints.findFirst({ where: eq(webhookEndpoints.id, id) }))!.secret;

  it('stores the secret sealed (AES-256-GCM), yet signs with the one the partner was shown', async () => {
    const { r, auth, endpoint } = await setUp();
    const stored = await storedSecret(endpoint.id);
    expect(isSealed(stored)).toBe(true);
    expect(stored).not.toContain(endpoint.secret.slice('whsec_'.length));
    expect(unseal(endpointSecretKey(t.deps), stored, endpoint.id)).toBe(endpoint.secret);
    // Not shown again by any read.
    const read = await t.get(`${API}/webhook-endpoints/${endpoint.id}`, auth);
    expect(JSON.stringify(read.body)).not.toMatch(/whsec_|gcm1\./);

    const test = await t.post(`${API}/webhook-endpoints/${endpoint.id}/test`, undefined, auth);
    expect(test.status).toBe(202);
    expect(r.received).toHaveLength(1);
    expect(
      verify(endpoint.secret, r.received[0]!.raw, String(r.received[0]!.headers['consign-signature'])),
    ).toBe(true);
  });

  it('signs with a secret stored in clear by an older version, and seals it on that first use', async () => {
    const r = await receiver();
    closers.push(r.close);
    const { partner } = await createPartner(t);
    const { auth } = await partnerUser(t, partner.id);
    const [row] = await t.deps.db
      .insert(webhookEndpoints)
      .values({ partnerId: partner.id, url: r.url, events: ['*'], secret: 'whsec_stored_in_clear_before' })
      .returning();
    const test = await t.post(`${API}/webhook-endpoints/${row!.id}/test`, undefined, auth);
    expect(test.status).toBe(202);
    expect(r.received).toHaveLength(1);
    expect(
      verify(
        'whsec_stored_in_clear_before',
        r.received[0]!.raw,
        String(r.received[0]!.headers['consign-signature']),
      ),
    ).toBe(true);
    const stored = await storedSecret(row!.id);
    expect(isSealed(stored)).toBe(true);
    expect(unseal(endpointSecretKey(t.deps), stored, row!.id)).toBe('whsec_stored_in_clear_before');
    // And it keeps signing the same way once sealed.
    await t.post(`${API}/webhook-endpoints/${row!.id}/test`, undefined, auth);
    expect(r.received).toHaveLength(2);
    expect(
      verify(
        'whsec_stored_in_clear_before',
        r.received[1]!.raw,
        String(r.received[1]!.headers['consign-signature']),
      ),
    ).toBe(true);
  });

  it('sends nothing and says why in the log when the secret was sealed under another server secret or for another endpoint', async () => {
    const { r, auth, endpoint } = await setUp();
    const other = await t.post(`${API}/webhook-endpoints`, { url: r.url, events: ['*'] }, auth);
    expect(other.status).toBe(201);
    // JWT_SECRET changed since this one was sealed.
    const otherServer = sealingKey(
      'a-different-server-secret-long-enough-for-hs256',
      'webhook-endpoint-secrets',
    );
    await t.deps.db
      .update(webhookEndpoints)
      .set({ secret: seal(otherServer, endpoint.secret, endpoint.id) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    // A secret sealed for another endpoint's row, copied onto this one, does not open either.
    await t.deps.db
      .update(webhookEndpoints)
      .set({ secret: seal(endpointSecretKey(t.deps), 'whsec_of_another', endpoint.id) })
      .where(eq(webhookEndpoints.id, other.body.id));

    for (const id of [endpoint.id, other.body.id as string]) {
      const test = await t.post(`${API}/webhook-endpoints/${id}/test`, undefined, auth);
      expect(test.status).toBe(202);
      const log = await t.get(`${API}/webhook-deliveries?endpoint=${id}`, auth);
      expect(log.body.data[0]).toMatchObject({
        eventType: 'ping',
        status: 'failed',
        statusCode: null,
        latencyMs: null,
        error: UNREADABLE_SECRET,
      });
    }
    expect(r.received).toHaveLength(0);
  });
});
