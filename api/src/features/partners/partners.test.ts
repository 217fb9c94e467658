import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quotes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUpAdmin } from '../admin/admin.fixtures';
import { bookingBody, bookingFixture } from '../orders/orders.testing';
import { withFrameAncestors } from './partners.middleware';
import { KEY_GRACE_MS } from './partners.service';

let t: TestApp;
let now: Date;
beforeEach(async () => {
  now = new Date('2026-05-06T10:00:00Z');
  t = await createTestApp({}, { now: () => now });
});
afterEach(() => t.close());

const PARTNERS = '/api/v1/admin/partners';
const SHOP = 'https://shop.example';
const quoteBody = {
  serviceType: 'domestic',
  from: 'England',
  to: 'Scotland',
  parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
};

async function createPartner(over: Record<string, unknown> = {}) {
  const admin = await signUpAdmin(t);
  const auth = t.bearer(admin.accessToken);
  const res = await t.post(
    PARTNERS,
    { name: 'Shop', mode: 'test', allowedOrigins: [SHOP, 'http://127.0.0.1:*'], ...over },
    auth,
  );
  expect(res.status).toBe(201);
  return { auth, partner: res.body as { id: string; publishableKey: string } };
}

const widgetQuote = (key: string, origin?: string) =>
  t.post('/api/v1/quotes', quoteBody, { 'X-Publishable-Key': key, ...(origin ? { Origin: origin } : {}) });

describe('frame-ancestors', () => {
  it('replaces only the frame-ancestors directive of an existing policy', () => {
    expect(withFrameAncestors("default-src 'self'; frame-ancestors 'none'", "'self' https://a.example")).toBe(
      "default-src 'self'; frame-ancestors 'self' https://a.example",
    );
    expect(withFrameAncestors(null, "'none'")).toBe("frame-ancestors 'none'");
  });
});

describe('admin partners', () => {
  it('creates, lists, edits and disables a partner, ra-data-simple-rest style', async () => {
    const { auth, partner } = await createPartner();
    expect(partner.publishableKey).toMatch(/^pk_test_[A-Za-z0-9_-]{24}$/);

    const list = await t.get(`${PARTNERS}?sort=${encodeURIComponent('["name","ASC"]')}&range=[0,9]`, auth);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe('partners 0-0/1');
    expect(list.body[0]).toMatchObject({
      id: partner.id,
      status: 'active',
      orders: 0,
      quotes: 0,
      revenue: [],
    });

    const edited = await t.call(
      'PUT',
      `${PARTNERS}/${partner.id}`,
      { allowedOrigins: ['https://new.example'] },
      auth,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.allowedOrigins).toEqual(['https://new.example']);

    const disabled = await t.call('PUT', `${PARTNERS}/${partner.id}`, { status: 'disabled' }, auth);
    expect(disabled.body.status).toBe('disabled');

    // Creating and every edit are in the audit log, with what changed (issue 51, item 7).
    const audit = await t.get(
      `/api/v1/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ entityId: partner.id }))}&sort=${encodeURIComponent('["createdAt","ASC"]')}`,
      auth,
    );
    expect(audit.body.map((e: { action: string }) => e.action).sort()).toEqual([
      'partner.create',
      'partner.update',
      'partner.update',
    ]);
    expect(audit.body).toContainEqual(
      expect.objectContaining({
        action: 'partner.update',
        before: { status: 'active' },
        after: { status: 'disabled' },
        actorEmail: expect.any(String),
      }),
    );
    expect(audit.body).toContainEqual(
      expect.objectContaining({
        action: 'partner.update',
        before: { allowedOrigins: ['https://shop.example', 'http://127.0.0.1:*'] },
        after: { allowedOrigins: ['https://new.example'] },
      }),
    );
  });

  it('names the bad origin and refuses unknown fields', async () => {
    const { auth } = await createPartner();
    const bad = await t.post(
      PARTNERS,
      { name: 'X', mode: 'live', allowedOrigins: ['https://*.x.example'] },
      auth,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      { path: 'allowedOrigins.0', message: expect.stringContaining('not an origin') },
    ]);
    const extra = await t.post(
      PARTNERS,
      { name: 'X', mode: 'live', allowedOrigins: [SHOP], key: 'pk' },
      auth,
    );
    expect(extra.status).toBe(422);
  });

  it('is for admins only, and unknown partners answer 404', async () => {
    const { auth } = await createPartner();
    expect((await t.get(PARTNERS)).status).toBe(401);
    expect((await t.get(`${PARTNERS}/nope`, auth)).status).toBe(404);
    expect((await t.post(`${PARTNERS}/nope/rotate-key`, { reason: 'Key leaked' }, auth)).status).toBe(404);
  });
});

describe('publishable keys', () => {
  it('prices a quote from an allowed origin, answers CORS for that origin without credentials, and tags the quote', async () => {
    const { auth, partner } = await createPartner();
    const res = await widgetQuote(partner.publishableKey, SHOP);
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const [row] = await t.deps.db.select().from(quotes).where(eq(quotes.id, res.body.id));
    expect(row?.partnerId).toBe(partner.id);
    expect((await t.get(`${PARTNERS}/${partner.id}`, auth)).body.quotes).toBe(1);

    const meta = await t.get('/api/v1/meta', { 'X-Publishable-Key': partner.publishableKey, Origin: SHOP });
    expect(meta.status).toBe(200);
    expect(meta.headers.get('access-control-allow-origin')).toBe(SHOP);
  });

  it('answers preflights with the key header allowed and no credentials', async () => {
    const res = await t.app.request('/api/v1/quotes', {
      method: 'OPTIONS',
      headers: {
        Origin: SHOP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-publishable-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('X-Publishable-Key');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses a foreign origin with 403 and a problem saying why', async () => {
    const { partner } = await createPartner();
    const res = await widgetQuote(partner.publishableKey, 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({
      code: 'origin_not_allowed',
      detail: expect.stringContaining('https://evil.example'),
    });
    expect(await t.deps.db.select().from(quotes)).toEqual([]);
  });

  it('refuses an unknown key and a disabled partner with 401', async () => {
    const { auth, partner } = await createPartner();
    const unknown = await widgetQuote('pk_test_nobodyhasthiskey', SHOP);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({
      code: 'key_unknown',
      detail: expect.stringContaining('not a Consign key'),
    });
    // Readable by the widget, so it can log the reason on the partner's page.
    expect(unknown.headers.get('access-control-allow-origin')).toBe(SHOP);

    await t.call('PUT', `${PARTNERS}/${partner.id}`, { status: 'disabled' }, auth);
    const disabled = await widgetQuote(partner.publishableKey, SHOP);
    expect(disabled.status).toBe(401);
    expect(disabled.body).toMatchObject({
      code: 'key_disabled',
      detail: expect.stringContaining('disabled'),
    });
  });

  it('keeps the old key working for the grace period after a rotation', async () => {
    const { auth, partner } = await createPartner();
    const refused = await t.post(`${PARTNERS}/${partner.id}/rotate-key`, {}, auth);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ path: 'reason' })]);
    const rotated = await t.post(`${PARTNERS}/${partner.id}/rotate-key`, { reason: 'Key leaked' }, auth);
    const audit = await t.get(
      `/api/v1/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ action: 'partner.rotate_key' }))}`,
      auth,
    );
    expect(audit.body).toEqual([
      expect.objectContaining({ entityId: partner.id, reason: 'Key leaked', actorEmail: expect.any(String) }),
    ]);
    expect(rotated.body.publishableKey).not.toBe(partner.publishableKey);
    expect(rotated.body.previousKey).toBe(partner.publishableKey);

    expect((await widgetQuote(partner.publishableKey, SHOP)).status).toBe(201);
    expect((await widgetQuote(rotated.body.publishableKey, SHOP)).status).toBe(201);
    now = new Date(now.getTime() + KEY_GRACE_MS);
    const old = await widgetQuote(partner.publishableKey, SHOP);
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('key_expired');
    expect((await widgetQuote(rotated.body.publishableKey, SHOP)).status).toBe(201);
  });

  it('rate-limits per key with 429 and Retry-After, leaving other keys alone', async () => {
    const { auth, partner } = await createPartner({ rateLimitPerMinute: 2 });
    const other = await t.post(PARTNERS, { name: 'Other', mode: 'test', allowedOrigins: [SHOP] }, auth);
    expect((await widgetQuote(partner.publishableKey, SHOP)).status).toBe(201);
    expect((await widgetQuote(partner.publishableKey, SHOP)).status).toBe(201);
    const limited = await widgetQuote(partner.publishableKey, SHOP);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.code).toBe('rate_limited');
    expect((await widgetQuote(other.body.publishableKey, SHOP)).status).toBe(201);
  });
});

describe('framing of checkout pages', () => {
  it("lets /embed/* be framed by the key's allowed origins only", async () => {
    const { partner } = await createPartner();
    // No portal build in tests: answer /embed/* with a page, as the SPA fallback does.
    const res = await t.app.request(`/embed/checkout?key=${partner.publishableKey}`);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain(
      `frame-ancestors 'self' ${SHOP} http://127.0.0.1:*`,
    );

    const unknown = await t.app.request('/embed/checkout?key=pk_test_unknown');
    expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('an order booked from a partner quote carries the partner, pays back into /embed/checkout, and its TEST MODE approval page may be framed by the partner only', async () => {
    const { auth, partner } = await createPartner();
    const f = await bookingFixture(t, { price: 1000 });
    const quote = await t.post('/api/v1/quotes', quoteBody, {
      'X-Publishable-Key': partner.publishableKey,
      Origin: SHOP,
    });
    const option = quote.body.options.find(
      (o: { courierService: { id: string } }) => o.courierService.id === f.vendor.service.id,
    );
    const order = await t.post('/api/v1/orders', bookingBody(option.id, '2026-05-06'), f.auth);
    expect(order.status).toBe(201);

    const start = await t.post(`/api/v1/orders/${order.body.id}/payment`, undefined, f.auth);
    const approvePath = new URL(start.body.approveUrl).pathname;
    const page = await t.app.request(approvePath);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${SHOP}`);
    const approved = await t.app.request(approvePath, { method: 'POST' });
    const back = new URL(approved.headers.get('Location')!);
    expect(back.pathname).toBe('/embed/checkout');
    expect(back.searchParams.get('order')).toBe(order.body.id);

    const framed = await t.app.request(`/embed/checkout?order=${order.body.id}&approved=1`);
    expect(framed.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${SHOP}`);

    await t.post(`/api/v1/orders/${order.body.id}/payment/capture`, undefined, f.auth);
    const stats = await t.get(`${PARTNERS}/${partner.id}`, auth);
    expect(stats.body).toMatchObject({
      quotes: 1,
      orders: 1,
      paidOrders: 1,
      revenue: [{ amount: order.body.price.total, currency: 'GBP' }],
    });
  });
});
