/**
 * POST /partner/uploads over real HTTP and a real database: a partner's server with only a
 * secret key uploads a damage claim's photos and proof of value, then files the claim with them;
 * the same refusals as POST /uploads, and no way in without the partner's secret key or session.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { createPartner, partnerOrder, partnerUser, secretKeyOf } from '../partners/partners.testing';
import { MAX_UPLOAD_BYTES, UPLOAD_QUOTA } from './uploads.service';
import { multipart, PDF, PNG } from './uploads.testing';

const PARTNER_UPLOADS = '/api/v1/partner/uploads';
// Tuesday 13 January 2026.
const TODAY = '2026-01-13';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

type Answer = { url: string; detail: string; code: string; errors: { path: string; message: string }[] };

/** A real multipart upload, with a Content-Length, as curl -F sends it. */
async function upload(
  headers: Record<string, string>,
  bytes: Uint8Array = PNG,
  filename = 'parcel.png',
  type = 'image/png',
) {
  const { body, contentType } = await multipart(bytes, filename, type);
  const res = await t.app.request(PARTNER_UPLOADS, {
    method: 'POST',
    body,
    headers: { ...headers, 'Content-Type': contentType, 'Content-Length': String(body.length) },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer };
}

async function keyOf(partnerId: string) {
  return { Authorization: `Bearer ${await secretKeyOf(t, partnerId)}` };
}

describe('POST /partner/uploads', () => {
  it('a secret key uploads a photo and a receipt and files a damage claim with them, from its server alone', async () => {
    const { partner } = await createPartner(t);
    const key = await keyOf(partner.id);
    const o = await partnerOrder(t, partner, { collectionDate: TODAY });
    const vendor = t.bearer(o.f.vendor.owner.accessToken);
    for (const status of ['confirmed', 'in_transit', 'delivered'] as const) {
      expect((await t.patch(`/api/v1/vendor/orders/${o.id}`, { status }, vendor)).status).toBe(200);
    }

    const photo = await upload(key);
    expect(photo.status).toBe(201);
    expect(photo.body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    // Served like any upload: its sniffed type, never sniffed again by the browser.
    const served = await t.app.request(photo.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    // The partner's, not a person's: no person stands behind a secret key.
    const row = await t.deps.db.query.uploads.findFirst({
      where: eq(uploads.key, photo.body.url.slice('/uploads/'.length)),
    });
    expect(row).toMatchObject({ partnerId: partner.id, ownerId: null, contentType: 'image/png' });

    // A receipt is often a PDF: the partner's server sends it as it is.
    const receipt = await upload(key, PDF, 'receipt.pdf', 'application/pdf');
    expect(receipt.status).toBe(201);
    expect(receipt.body.url).toMatch(/\.pdf$/);
    const filed = await t.post(
      `/api/v1/partner/orders/${o.id}/claims`,
      {
        kind: 'damage',
        description: 'The lamp arrived in pieces',
        amountClaimed: 900,
        photos: [photo.body.url],
        proofOfValue: [receipt.body.url],
      },
      key,
    );
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      orderId: o.id,
      status: 'with_courier',
      photos: [photo.body.url],
      proofOfValue: [receipt.body.url],
    });
    // The courier sees the partner's photo on the claim, and can open it.
    const seen = await t.get(`/api/v1/claims/${filed.body.id}`, vendor);
    expect(seen.body.photos).toEqual([photo.body.url]);
  });

  it('another partner’s upload is not this partner’s to claim with', async () => {
    const { partner } = await createPartner(t);
    const { partner: other } = await createPartner(t);
    const o = await partnerOrder(t, partner, { collectionDate: TODAY });
    const vendor = t.bearer(o.f.vendor.owner.accessToken);
    for (const status of ['confirmed', 'in_transit', 'delivered'] as const) {
      await t.patch(`/api/v1/vendor/orders/${o.id}`, { status }, vendor);
    }
    const theirs = await upload(await keyOf(other.id));
    expect(theirs.status).toBe(201);
    const filed = await t.post(
      `/api/v1/partner/orders/${o.id}/claims`,
      { kind: 'damage', description: 'Broken in transit', amountClaimed: 500, photos: [theirs.body.url] },
      await keyOf(partner.id),
    );
    expect(filed.status).toBe(422);
    expect(filed.body.errors).toEqual([
      { path: 'photos.0', message: 'must be a file you uploaded (POST /api/v1/uploads)' },
    ]);
  });

  it('a partner user may upload for the partner too; the upload is the partner’s', async () => {
    const { partner } = await createPartner(t);
    const person = await partnerUser(t, partner.id);
    const res = await upload(person.auth);
    expect(res.status).toBe(201);
    const row = await t.deps.db.query.uploads.findFirst({
      where: eq(uploads.key, res.body.url.slice('/uploads/'.length)),
    });
    expect(row).toMatchObject({ partnerId: partner.id, ownerId: null });
  });

  it('refuses what is not a PNG, JPEG, WebP or PDF (415), and a file over 5 MB (413), storing nothing', async () => {
    const { partner } = await createPartner(t);
    const key = await keyOf(partner.id);
    const fake = await upload(key, Buffer.from('Receipt: £12.00\n'), 'r.pdf', 'application/pdf');
    expect(fake.status).toBe(415);
    expect(fake.headers.get('content-type')).toContain('application/problem+json');
    expect(fake.body.detail).toBe('Please select an image or PDF file');
    const html = await upload(
      key,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'x.jpg',
      'image/jpeg',
    );
    expect(html.status).toBe(415);

    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - PNG.length)]);
    const over = await upload(key, big);
    expect(over.status).toBe(413);
    expect(over.body.detail).toBe('File size should be less than 5MB');
    expect(await t.deps.db.select().from(uploads)).toEqual([]);
  });

  it('refuses no key (401), a publishable key (401), a key from a browser (400) and other roles (403)', async () => {
    const { partner } = await createPartner(t);
    expect((await upload({})).status).toBe(401);
    // A publishable key is for the widget's quotes: neither as a bearer nor as its header.
    const asBearer = await upload({ Authorization: `Bearer ${partner.publishableKey}` });
    expect(asBearer.status).toBe(401);
    const asHeader = await upload({ 'X-Publishable-Key': partner.publishableKey });
    expect(asHeader.status).toBe(401);
    const key = await keyOf(partner.id);
    const browser = await upload({ ...key, Origin: 'https://shop.example' });
    expect(browser.status).toBe(400);
    expect(browser.body.code).toBe('secret_key_in_browser');
    const customer = await signUpVerified(t, 'someone@example.com');
    expect((await upload(t.bearer(customer.accessToken))).status).toBe(403);
    expect(await t.deps.db.select().from(uploads)).toEqual([]);
  });

  it('is limited like every secret-key call, and by the partner’s own upload quota', async () => {
    const { partner } = await createPartner(t, { secretKeyRateLimitPerMinute: 2 });
    const key = await keyOf(partner.id);
    expect((await upload(key)).status).toBe(201);
    expect((await upload(key)).status).toBe(201);
    const limited = await upload(key);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();

    // The quota counts the partner's uploads, whichever key or person sent them.
    const { partner: busy } = await createPartner(t);
    const now = t.deps.now();
    await t.deps.db.insert(uploads).values(
      Array.from({ length: UPLOAD_QUOTA.files }, (_, i) => ({
        partnerId: busy.id,
        key: `quota-${i}.png`,
        bytes: 10,
        contentType: 'image/png',
        createdAt: now,
      })),
    );
    const person = await partnerUser(t, busy.id);
    const over = await upload(person.auth);
    expect(over.status).toBe(429);
    expect(over.body.detail).toMatch(/^Upload limit reached/);
    // A person's own quota is untouched by the partner's.
    const someone = await signUpVerified(t, 'shopper@example.com');
    const { body, contentType } = await multipart(PNG, 'p.png', 'image/png');
    const own = await t.app.request('/api/v1/uploads', {
      method: 'POST',
      body,
      headers: { ...t.bearer(someone.accessToken), 'Content-Type': contentType },
    });
    expect(own.status).toBe(201);
  });
});
