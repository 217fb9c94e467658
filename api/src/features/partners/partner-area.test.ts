import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { createPartner, partnerOrder, partnerUser, QUOTE_BODY, secretKeyOf } from './partners.testing';

let t: TestApp;
let now: Date;
beforeEach(async () => {
  now = new Date('2026-05-06T10:00:00Z');
  t = await createTestApp({}, { now: () => now });
});
afterEach(() => t.close());

const API = '/api/v1/partner';
const sk = (key: string) => ({ Authorization: `Bearer ${key}` });

describe('who may call /partner', () => {
  it('a partner user and a secret key see their own partner; other roles 403; no token 401', async () => {
    const { partner } = await createPartner(t);
    const { auth } = await partnerUser(t, partner.id);
    const self = await t.get(API, auth);
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({
      id: partner.id,
      publishableKey: partner.publishableKey,
      limits: { perClientPerMinute: 60, perKeyPerMinute: 3000, secretKeyPerMinute: 600 },
      docsUrl: '/docs/partners',
    });

    const key = await secretKeyOf(t, partner.id);
    expect(key).toMatch(/^sk_test_[A-Za-z0-9_-]{32}$/);
    const byKey = await t.get(API, sk(key));
    expect(byKey.status).toBe(200);
    expect(byKey.body.id).toBe(partner.id);
    expect(byKey.headers.get('access-control-allow-origin')).toBeNull();

    const customer = await signUpVerified(t, 'someone@example.com');
    const refused = await t.get(`${API}/orders`, t.bearer(customer.accessToken));
    expect(refused.status).toBe(403);
    expect((await t.get(`${API}/orders`)).status).toBe(401);
    expect((await t.get(`${API}/orders`, sk('sk_test_not-a-real-key-at-all-000000000'))).status).toBe(401);
  });

  it('refuses a secret key sent with an Origin header, without CORS headers', async () => {
    const { partner } = await createPartner(t);
    const key = await secretKeyOf(t, partner.id);
    const res = await t.get(`${API}/orders`, { ...sk(key), Origin: 'https://shop.example' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('secret_key_in_browser');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const quote = await t.post('/api/v1/quotes', QUOTE_BODY, { ...sk(key), Origin: 'https://shop.example' });
    expect(quote.status).toBe(400);
    expect(quote.body.code).toBe('secret_key_in_browser');
  });
  // Issue 44, finding 7: a same-origin GET carries no Origin, but every browser request carries Sec-Fetch-*.
  it('refuses a secret key on a request with any Sec-Fetch header (a same-origin browser GET)', async () => {
    const { partner } = await createPartner(t);
    const key = await secretKeyOf(t, partner.id);
    const browserHeaders: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' },
      { 'Sec-Fetch-Mode': 'navigate' },
      { 'sec-fetch-user': '?1' },
    ];
    for (const header of browserHeaders) {
      const res = await t.get(API, { ...sk(key), ...header });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('secret_key_in_browser');
      expect(res.body.id).toBeUndefined();
    }
    const quote = await t.post('/api/v1/quotes', QUOTE_BODY, { ...sk(key), 'Sec-Fetch-Site': 'same-origin' });
    expect(quote.status).toBe(400);
    expect((await t.get(API, sk(key))).status).toBe(200);
  });

  // Issue 44, finding 3: a key being rotated out must not mint a successor or revoke its replacement.
  it('lets an expiring key call but not create, rotate or revoke keys; the active key and a partner session may', async () => {
    const { partner } = await createPartner(t);
    const { auth } = await partnerUser(t, partner.id);
    const created = await t.post(`${API}/secret-keys`, {}, auth);
    const old = created.body.secret as string;
    const rotated = await t.post(`${API}/secret-keys/${created.body.id}/rotate`, { graceHours: 2 }, sk(old));
    expect(rotated.status).toBe(201);
    const active = rotated.body.key as { id: string; secret: string };
    // The old key still works for calls while it expires...
    expect((await t.get(`${API}/orders`, sk(old))).status).toBe(200);
    expect((await t.get(`${API}/secret-keys`, sk(old))).status).toBe(200);
    // ...but manages no keys.
    const before = (await t.get(`${API}/secret-keys`, auth)).body.data;
    for (const [path, body] of [
      [`${API}/secret-keys`, {}],
      [`${API}/secret-keys/${active.id}/revoke`, {}],
      [`${API}/secret-keys/${active.id}/rotate`, {}],
    ] as const) {
      const res = await t.post(path, body, sk(old));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('secret_key_expiring');
    }
    expect((await t.get(`${API}/secret-keys`, auth)).body.data).toEqual(before);
    expect((await t.post(`${API}/secret-keys`, {}, sk(active.secret))).status).toBe(201);
    expect((await t.post(`${API}/secret-keys/${created.body.id}/revoke`, {}, auth)).status).toBe(200);
  });
});

describe('partner orders', () => {
  it("lists the partner's own orders without personal data; another partner's order is 404", async () => {
    const a = await createPartner(t);
    const b = await createPartner(t);
    const paid = await partnerOrder(t, a.partner);
    const unpaid = await partnerOrder(t, a.partner, { pay: false });
    const other = await partnerOrder(t, b.partner);
    const key = await secretKeyOf(t, a.partner.id);

    const list = await t.get(`${API}/orders`, sk(key));
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: { reference: string }) => o.reference).sort()).toEqual(
      [paid.reference, unpaid.reference].sort(),
    );
    const shown = list.body.data.find((o: { reference: string }) => o.reference === paid.reference);
    expect(shown).toMatchObject({
      status: 'pending',
      totalPence: paid.total,
      refundedPence: 0,
      currency: 'GBP',
      paidAt: expect.any(String),
      origin: { postcodeDistrict: expect.any(String) },
    });
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(paid.f.customerEmail);
    for (const personal of [
      'Sam Sender',
      'sam@example.com',
      '7946',
      '1 High Street',
      'Robin',
      '2 Royal Mile',
    ]) {
      expect(text).not.toContain(personal);
    }
    expect(shown.origin).toEqual({ postTown: 'London', postcodeDistrict: 'SW1A' });
    expect(shown.destination).toEqual({ postTown: 'Edinburgh', postcodeDistrict: 'EH1', country: 'GB' });
    // The public tracking page of a paid order; an unpaid one has none yet.
    const tracked = await t.get(new URL(shown.trackingUrl).pathname.replace('/track/', '/api/v1/tracking/'));
    expect(tracked.status).toBe(200);
    expect(tracked.body.status).toBe(shown.status);
    expect(
      list.body.data.find((o: { reference: string }) => o.reference === unpaid.reference).trackingUrl,
    ).toBeNull();

    const one = await t.get(`${API}/orders/${encodeURIComponent(paid.reference)}`, sk(key));
    expect(one.status).toBe(200);
    expect(one.body.reference).toBe(paid.reference);
    expect((await t.get(`${API}/orders/${other.reference.slice(1)}`, sk(key))).status).toBe(404);

    const pending = await t.get(`${API}/orders?status=awaiting_payment`, sk(key));
    expect(pending.body.data.map((o: { reference: string }) => o.reference)).toEqual([unpaid.reference]);
    const page = await t.get(`${API}/orders?limit=1`, sk(key));
    expect(page.body.data).toHaveLength(1);
    const next = await t.get(`${API}/orders?limit=1&cursor=${page.body.nextCursor}`, sk(key));
    expect(next.body.data).toHaveLength(1);
    expect(next.body.data[0].reference).not.toBe(page.body.data[0].reference);
    expect(next.body.nextCursor).toBeNull();
    expect((await t.get(`${API}/orders?from=2026-05-07`, sk(key))).body.data).toEqual([]);
    const bad = await t.get(`${API}/orders?from=yesterday`, sk(key));
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe('from');
  });

  it('overview counts quotes, bookings and net revenue of the period', async () => {
    const { partner } = await createPartner(t);
    const paid = await partnerOrder(t, partner);
    await partnerOrder(t, partner, { pay: false });
    const { auth } = await partnerUser(t, partner.id);
    const res = await t.get(`${API}/overview?days=7`, auth);
    expect(res.status).toBe(200);
    expect(res.body.from).toBe('2026-04-30');
    expect(res.body.to).toBe('2026-05-06');
    expect(res.body.days).toHaveLength(7);
    expect(res.body.totals).toEqual({
      quotes: 2,
      bookings: 1,
      conversion: 0.5,
      revenuePence: paid.total,
      currency: 'GBP',
    });
    expect(res.body.days[6]).toEqual({
      date: '2026-05-06',
      quotes: 2,
      bookings: 1,
      revenuePence: paid.total,
    });
  });

  // Issue 51, item 6: a refunded, cancelled booking was still a booking here but not in the console.
  it('counts a refunded, cancelled booking in neither the overview nor the console', async () => {
    const { partner, staff } = await createPartner(t);
    const kept = await partnerOrder(t, partner);
    const refunded = await partnerOrder(t, partner);
    const refund = await t.post(
      `/api/v1/admin/orders/${refunded.id}/refund`,
      { reason: 'Lost parcel' },
      staff,
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const { auth } = await partnerUser(t, partner.id);
    const overview = await t.get(`${API}/overview?days=7`, auth);
    expect(overview.body.totals).toMatchObject({
      quotes: 2,
      bookings: 1,
      conversion: 0.5,
      revenuePence: kept.total,
    });
    const console = await t.get(`/api/v1/admin/partners/${partner.id}`, staff);
    expect(console.body).toMatchObject({ orders: 2, paidOrders: 1 });
  });
});

describe('secret keys', () => {
  it('are shown once, rotate with a grace and revoke at once; a secret key quotes as the partner', async () => {
    const { partner, staff } = await createPartner(t);
    const { auth } = await partnerUser(t, partner.id);
    const created = await t.post(`${API}/secret-keys`, {}, auth);
    expect(created.status).toBe(201);
    const first = created.body.secret as string;
    const list = await t.get(`${API}/secret-keys`, auth);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: created.body.id, prefix: first.slice(0, 12), status: 'active' }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(first);

    const quote = await t.post('/api/v1/quotes', QUOTE_BODY, sk(first));
    expect(quote.status).toBe(201);
    const stats = await t.get(`/api/v1/admin/partners/${partner.id}`, staff);
    expect(stats.body.quotes).toBe(1);

    const rotated = await t.post(`${API}/secret-keys/${created.body.id}/rotate`, { graceHours: 2 }, auth);
    expect(rotated.status).toBe(201);
    expect(rotated.body.previous).toMatchObject({
      status: 'expiring',
      expiresAt: '2026-05-06T12:00:00.000Z',
    });
    const second = rotated.body.key.secret as string;
    expect((await t.get(API, sk(first))).status).toBe(200);
    expect((await t.get(API, sk(second))).status).toBe(200);
    now = new Date('2026-05-06T12:00:01Z');
    expect((await t.get(API, sk(first))).status).toBe(401);

    const revoked = await t.post(`${API}/secret-keys/${rotated.body.key.id}/revoke`, {}, auth);
    expect(revoked.body.status).toBe('revoked');
    expect((await t.get(API, sk(second))).status).toBe(401);

    const other = await createPartner(t);
    const outsider = await partnerUser(t, other.partner.id);
    expect((await t.post(`${API}/secret-keys/${created.body.id}/revoke`, {}, outsider.auth)).status).toBe(
      404,
    );
  });

  it('limits publishable-key calls per client address under a per-key ceiling', async () => {
    const { partner, staff } = await createPartner(t);
    await t.call(
      'PUT',
      `/api/v1/admin/partners/${partner.id}`,
      { rateLimitPerMinute: 2, keyRateLimitPerMinute: 3 },
      staff,
    );
    const from = (ip: string) =>
      t.post('/api/v1/quotes', QUOTE_BODY, {
        'X-Publishable-Key': partner.publishableKey,
        'X-Forwarded-For': ip,
      });
    // In-process requests have no socket address: all count as one client.
    expect((await from('1.1.1.1')).status).toBe(201);
    expect((await from('1.1.1.1')).status).toBe(201);
    const third = await from('1.1.1.1');
    expect(third.status).toBe(429);
    expect(third.body.detail).toContain('one client address');
  });
});

describe('invites', () => {
  it('staff invite someone, who sets a password from the mailed link and lands signed in as the partner', async () => {
    const { partner, staff } = await createPartner(t);
    const invited = await t.post(
      `/api/v1/admin/partners/${partner.id}/invites`,
      { email: 'ops@shop.example', name: 'Ops Person' },
      staff,
    );
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: 'ops@shop.example', name: 'Ops Person', status: 'invited' });
    const before = await t.get(`/api/v1/admin/partners/${partner.id}/users`, staff);
    expect(before.body.data).toEqual([
      expect.objectContaining({ email: 'ops@shop.example', status: 'invited', lastSignInAt: null }),
    ]);

    const mailbox = await t.get('/api/v1/dev/mailbox?to=ops%40shop.example');
    const mail = mailbox.body.items.find((m: { subject: string }) => m.subject.includes('invited'));
    const link = new URL(mail.text.match(/https?:\/\/\S+/)[0]);
    expect(link.origin + link.pathname).toBe('http://localhost:3000/set-password');
    const token = link.searchParams.get('token')!;

    const weak = await t.post('/api/v1/auth/set-password', { token, password: 'short' });
    expect(weak.status).toBe(422);
    const set = await t.post('/api/v1/auth/set-password', { token, password: 'correct-horse-9' });
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({ email: 'ops@shop.example', role: 'partner' });
    const self = await t.get(API, t.bearer(set.body.accessToken));
    expect(self.body.id).toBe(partner.id);
    expect((await t.post('/api/v1/auth/set-password', { token, password: 'correct-horse-9' })).status).toBe(
      400,
    );

    const after = await t.get(`/api/v1/admin/partners/${partner.id}/users`, staff);
    expect(after.body.data[0]).toMatchObject({ status: 'active', lastSignInAt: expect.any(String) });
    const audit = await t.get(
      `/api/v1/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ entityId: partner.id }))}`,
      staff,
    );
    expect(audit.body.some((a: { action: string }) => a.action === 'partner.invite')).toBe(true);
  });

  it('refuses to invite an address that already has an account, and customers cannot invite', async () => {
    const { partner, staff } = await createPartner(t);
    const customer = await signUpVerified(t, 'taken@example.com');
    const taken = await t.post(
      `/api/v1/admin/partners/${partner.id}/invites`,
      { email: 'taken@example.com', name: 'X' },
      staff,
    );
    expect(taken.status).toBe(409);
    const denied = await t.post(
      `/api/v1/admin/partners/${partner.id}/invites`,
      { email: 'new@example.com', name: 'X' },
      t.bearer(customer.accessToken),
    );
    expect(denied.status).toBe(403);
    expect(
      (await t.post('/api/v1/admin/partners/nope/invites', { email: 'a@example.com', name: 'A' }, staff))
        .status,
    ).toBe(404);
  });
});

// Issue 51, item 1: a rotation by staff no longer breaks a live widget silently.
describe('a publishable key rotated by staff', () => {
  it("mails every active person of the partner the new key's start, the old key's deadline and the partner area", async () => {
    const { partner, staff } = await createPartner(t);
    const first = await partnerUser(t, partner.id);
    const second = await partnerUser(t, partner.id);
    const gone = await partnerUser(t, partner.id);
    await t.deps.db.update(users).set({ disabled: true }).where(eq(users.email, gone.email));
    const rotated = await t.post(
      `/api/v1/admin/partners/${partner.id}/rotate-key`,
      { reason: 'Leaked' },
      staff,
    );
    expect(rotated.status).toBe(200);
    const newKey = rotated.body.publishableKey as string;

    const mailsTo = async (to: string) =>
      (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(to)}`)).body.items.filter(
        (m: { subject: string }) => m.subject.includes('publishable key was replaced'),
      );
    for (const person of [first, second]) {
      const [mail, ...more] = await mailsTo(person.email);
      expect(more).toEqual([]);
      expect(mail.text).toContain(`The new key starts ${newKey.slice(0, 16)}…`);
      expect(mail.text).not.toContain(newKey);
      expect(mail.text).not.toContain(partner.publishableKey);
      expect(mail.text).toMatch(/keeps working until \w{3}, \d{1,2} \w{3,4} \d{4}, \d{2}:\d{2} (GMT|BST)/);
      expect(mail.text).toContain('http://localhost:3000/partner');
    }
    expect(await mailsTo(gone.email)).toEqual([]);
  });
});
