/**
 * Partner API claims over real HTTP and a real database: a partner (secret key or a partner
 * user) files for the customer of an order booked through it, with the customer's rules, caps,
 * steps and mail; reads its claims one by one and a page at a time; another partner's order or
 * claim is 404; the partner's webhook gets `claim.updated`, signed, without personal data.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createPartner, partnerOrder, partnerUser, secretKeyOf } from '../partners/partners.testing';
import { uploadedImage } from '../uploads/uploads.testing';
import { receiver, verify } from '../webhooks/webhooks.testing';

// Tuesday 13 January 2026.
const TODAY = '2026-01-13';
let t: TestApp;
let now: Date;
let closers: (() => Promise<void>)[];
beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
  closers = [];
});
afterEach(async () => {
  for (const close of closers) await close();
  await t.close();
});

type Booked = Awaited<ReturnType<typeof partnerOrder>>;

async function moveTo(o: Booked, target: 'in_transit' | 'delivered') {
  const vendor = t.bearer(o.f.vendor.owner.accessToken);
  for (const status of ['confirmed', 'in_transit', 'delivered'] as const) {
    expect((await t.patch(`/api/v1/vendor/orders/${o.id}`, { status }, vendor)).body.status).toBe(status);
    if (status === target) break;
  }
}

/** A partner with a secret key and one of its people, and an order of its delivered. */
async function setUp() {
  const { partner } = await createPartner(t);
  const person = await partnerUser(t, partner.id);
  const key = { Authorization: `Bearer ${await secretKeyOf(t, partner.id)}` };
  const o = await partnerOrder(t, partner, { collectionDate: TODAY });
  await moveTo(o, 'delivered');
  return { partner, person, key, o };
}

const damage = (photos: string[], amountClaimed = 800) => ({
  kind: 'damage',
  description: 'The shop’s customer says the lamp arrived broken',
  amountClaimed,
  photos,
});

async function mailTo(email: string) {
  return (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items as {
    subject: string;
  }[];
}

describe('partner claims', () => {
  it('a secret key files for the customer, under the customer’s caps and rules; the claim is the customer’s', async () => {
    const { person, key, o } = await setUp();
    const r = await receiver();
    closers.push(r.close);
    const endpoint = await t.post(
      '/api/v1/partner/webhook-endpoints',
      { url: r.url, events: ['claim.updated'] },
      person.auth,
    );
    expect(endpoint.status).toBe(201);
    // The partner's person uploads the photo; the key files with it.
    const photo = await uploadedImage(t, person.auth);

    // The cap: the standard liability (£20), above the £12 paid (the rest would be a PayPal payout).
    const over = await t.post(`/api/v1/partner/orders/${o.id}/claims`, damage([photo], 2001), key);
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual([
      { path: 'amountClaimed', message: 'must be at most 2000 (the standard liability)' },
    ]);
    // Damage needs a photo, as for the customer.
    const bare = await t.post(`/api/v1/partner/orders/${o.id}/claims`, damage([]), key);
    expect(bare.status).toBe(422);
    expect(bare.body.errors[0].path).toBe('photos');

    // By its reference as well as its id.
    const filed = await t.post(`/api/v1/partner/orders/${o.reference.slice(1)}/claims`, damage([photo]), key);
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      orderId: o.id,
      kind: 'damage',
      status: 'with_courier',
      photos: [photo],
      amountClaimed: { amount: 800, currency: 'GBP' },
      cap: { amount: 2000, currency: 'GBP' },
    });
    const id = filed.body.id as string;
    // One at a time, as for the customer.
    const again = await t.post(`/api/v1/partner/orders/${o.id}/claims`, damage([photo]), key);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('claim_exists');

    // The customer's claim: on its list and mailed to it and to the courier.
    expect((await t.get(`/api/v1/claims/${id}`, o.f.auth)).body.id).toBe(id);
    expect((await mailTo(o.f.customerEmail)).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('with courier'),
    );
    expect((await mailTo(o.f.vendor.ownerEmail)).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('with courier'),
    );
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id)).limit(1);
    expect(audit).toMatchObject({ action: 'claim.file', actorId: null });
    expect(audit?.actorEmail).toMatch(/^secret key of partner /);

    // Read back, one and a page.
    expect((await t.get(`/api/v1/partner/claims/${id}`, key)).body).toMatchObject({ id, orderId: o.id });
    const list = await t.get('/api/v1/partner/claims', person.auth);
    expect(list.body).toEqual({ data: [expect.objectContaining({ id })], nextCursor: null });

    // The webhook: filed (nothing → submitted) and sent (→ with_courier), signed, no description.
    const hooks = r.received.map((h) => ({ h, body: JSON.parse(h.raw) }));
    expect(hooks.map((x) => x.body.type)).toEqual(['claim.updated', 'claim.updated']);
    for (const { h } of hooks) {
      expect(verify(endpoint.body.secret, h.raw, String(h.headers['consign-signature']))).toBe(true);
    }
    expect(hooks.map((x) => x.body.data)).toEqual([
      {
        orderId: o.id,
        reference: o.reference,
        claimId: id,
        claimReference: `#${id.slice(-8)}`,
        kind: 'damage',
        from: null,
        to: 'submitted',
      },
      expect.objectContaining({ claimId: id, from: 'submitted', to: 'with_courier' }),
    ]);
    expect(r.received.some((h) => h.raw.includes('lamp'))).toBe(false);
  });

  it('another partner’s order and claim are 404; files must be the partner’s people’s or the customer’s', async () => {
    const { key, o, person } = await setUp();
    const other = await createPartner(t);
    const otherKey = { Authorization: `Bearer ${await secretKeyOf(t, other.partner.id)}` };
    const photo = await uploadedImage(t, person.auth);

    const foreign = await t.post(`/api/v1/partner/orders/${o.id}/claims`, damage([photo]), otherKey);
    expect(foreign.status).toBe(404);
    const unknown = await t.post('/api/v1/partner/orders/00000000/claims', damage([photo]), key);
    expect(unknown.status).toBe(404);
    // Someone else's upload is no evidence of this partner's.
    const stranger = await uploadedImage(t, (await partnerUser(t, other.partner.id)).auth);
    const borrowed = await t.post(`/api/v1/partner/orders/${o.id}/claims`, damage([stranger]), key);
    expect(borrowed.status).toBe(422);
    expect(borrowed.body.errors[0].path).toBe('photos.0');
    // The customer's own photo counts.
    const customers = await uploadedImage(t, o.f.auth);
    const filed = await t.post(`/api/v1/partner/orders/${o.id}/claims`, damage([customers]), person.auth);
    expect(filed.status).toBe(201);

    expect((await t.get(`/api/v1/partner/claims/${filed.body.id}`, otherKey)).status).toBe(404);
    expect((await t.get('/api/v1/partner/claims', otherKey)).body).toEqual({ data: [], nextCursor: null });
    // Not for customers: /partner is for partners.
    expect((await t.get('/api/v1/partner/claims', o.f.auth)).status).toBe(403);
    expect((await t.get('/api/v1/partner/claims')).status).toBe(401);
  });

  it('a loss claim waits for the promised date plus the grace, on the clock; the list pages', async () => {
    const { partner, key } = await setUp();
    const moving = await partnerOrder(t, partner, { collectionDate: TODAY });
    await moveTo(moving, 'in_transit');
    const loss = () =>
      t.post(
        `/api/v1/partner/orders/${moving.id}/claims`,
        { kind: 'loss', description: 'The customer never received the parcel', amountClaimed: 500 },
        key,
      );
    const early = await loss();
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('claim_window');
    now = new Date('2026-01-30T10:00:00Z');
    expect((await loss()).status).toBe(201);

    // A second claim: a page of one, then the next.
    expect((await t.get('/api/v1/partner/claims', key)).body.data).toHaveLength(1);
    const third = await partnerOrder(t, partner, { collectionDate: '2026-01-30' });
    await moveTo(third, 'delivered');
    const photo = await uploadedImage(t, third.f.auth);
    expect((await t.post(`/api/v1/partner/orders/${third.id}/claims`, damage([photo]), key)).status).toBe(
      201,
    );
    const first = await t.get('/api/v1/partner/claims?limit=1', key);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0].orderId).toBe(third.id);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await t.get(
      `/api/v1/partner/claims?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`,
      key,
    );
    expect(second.body).toEqual({
      data: [expect.objectContaining({ orderId: moving.id })],
      nextCursor: null,
    });
    const bad = await t.get('/api/v1/partner/claims?cursor=nonsense', key);
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe('cursor');
  });
});
