import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, vendors } from '../../db/schema';
import { createDeps } from '../../deps';
import { createLogger } from '../../lib/logger';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { signUpAdmin, signUpVendor } from '../admin/admin.fixtures';
import { bookingBody, createVendorWithService, quoteOptionFor } from '../orders/orders.testing';
import { backfillCourierSlugs, slugify } from './reviews.slugs';

let t: TestApp;
let now: Date;
// A Tuesday morning in winter (UK time is UTC): a one-day service promises Wednesday 11 March.
const TODAY = '2026-03-10';
const PROMISED = '2026-03-11';
const DAY_MS = 86_400_000;

beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

const at = (iso: string) => {
  now = new Date(iso);
};

type Vendor = Awaited<ReturnType<typeof createVendorWithService>>;
let customers = 0;

/** A new customer books the vendor's service and pays with the TEST MODE provider: a pending order. */
async function paidOrder(vendor: Vendor) {
  customers += 1;
  const email = `reviewer${customers}@example.com`;
  const customer = await signUpVerified(t, email);
  const auth = t.bearer(customer.accessToken);
  const { option } = await quoteOptionFor(t, vendor.service.id);
  const created = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), auth);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  expect((await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, auth)).status).toBe(200);
  return { id, auth, email };
}

/** The courier moves the order on to delivered, the last move at `deliveredAt`. */
async function deliver(vendor: Vendor, id: string, deliveredAt: string) {
  const auth = t.bearer(vendor.owner.accessToken);
  for (const status of ['confirmed', 'in_transit']) {
    expect((await t.patch(`/api/v1/vendor/orders/${id}`, { status }, auth)).status).toBe(200);
  }
  const saved = now;
  at(deliveredAt);
  expect((await t.patch(`/api/v1/vendor/orders/${id}`, { status: 'delivered' }, auth)).status).toBe(200);
  now = saved;
}

/** The vendor's option on a fresh quote, as a customer would see it now. */
async function optionOf(vendor: Vendor) {
  return (await quoteOptionFor(t, vendor.service.id)).option;
}

const review = (id: string, auth: Record<string, string>, body: unknown) =>
  t.post(`/api/v1/orders/${id}/review`, body, auth);

describe('reviews of delivered orders', () => {
  it('counts a review once, moving rating.count on the next quote; the average shows from 3 reviews', async () => {
    const vendor = await createVendorWithService(t);
    expect((await optionOf(vendor)).rating).toEqual({ average: null, count: 0 });

    const first = await paidOrder(vendor);
    // Not delivered yet: nothing to review.
    const early = await review(first.id, first.auth, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('order_not_delivered');
    expect((await t.get(`/api/v1/orders/${first.id}/review`, first.auth)).body).toMatchObject({
      canReview: false,
      review: null,
    });

    await deliver(vendor, first.id, `${PROMISED}T09:00:00Z`);
    expect((await t.get(`/api/v1/orders/${first.id}/review`, first.auth)).body.canReview).toBe(true);
    const created = await review(first.id, first.auth, { rating: 4, comment: '  Quick and careful.  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      rating: 4,
      comment: 'Quick and careful.',
      reply: null,
      hidden: false,
    });
    expect((await optionOf(vendor)).rating).toEqual({ average: null, count: 1 });

    // Posting again edits the one review: the count stays.
    const edited = await review(first.id, first.auth, { rating: 2 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: created.body.id, rating: 2, comment: null });
    expect((await optionOf(vendor)).rating).toEqual({ average: null, count: 1 });

    for (const rating of [5, 5]) {
      const order = await paidOrder(vendor);
      await deliver(vendor, order.id, `${PROMISED}T09:00:00Z`);
      expect((await review(order.id, order.auth, { rating })).status).toBe(201);
    }
    // (2 + 5 + 5) / 3
    expect((await optionOf(vendor)).rating).toEqual({ average: 4, count: 3 });
    expect((await t.get('/api/v1/reviews/summary')).body).toEqual({ count: 3, average: 4 });
  });

  it('refuses bad input by field, another customer’s order, and an edit after 30 days', async () => {
    const vendor = await createVendorWithService(t);
    const order = await paidOrder(vendor);
    await deliver(vendor, order.id, `${PROMISED}T09:00:00Z`);

    for (const [body, path] of [
      [{ rating: 6 }, 'rating'],
      [{ rating: 3.5 }, 'rating'],
      [{}, 'rating'],
      [{ rating: 3, comment: 'x'.repeat(2001) }, 'comment'],
      [{ rating: 3, stars: 3 }, '(body)'],
    ] as const) {
      const res = await review(order.id, order.auth, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }

    const stranger = await signUpVerified(t, 'stranger@example.com');
    const theirs = await review(order.id, t.bearer(stranger.accessToken), { rating: 1 });
    expect(theirs.status).toBe(404);
    expect((await t.get(`/api/v1/orders/${order.id}/review`, t.bearer(stranger.accessToken))).status).toBe(
      404,
    );

    at(`${PROMISED}T12:00:00Z`);
    expect((await review(order.id, order.auth, { rating: 3 })).status).toBe(201);
    at(new Date(Date.parse(`${PROMISED}T12:00:00Z`) + 29 * DAY_MS).toISOString());
    expect((await review(order.id, order.auth, { rating: 4, comment: 'Changed my mind' })).status).toBe(200);
    at(new Date(Date.parse(`${PROMISED}T12:00:00Z`) + 30 * DAY_MS).toISOString());
    const late = await review(order.id, order.auth, { rating: 1 });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('review_locked');
    expect((await t.get(`/api/v1/orders/${order.id}/review`, order.auth)).body).toMatchObject({
      canReview: false,
      review: { rating: 4, comment: 'Changed my mind' },
    });
    // The refused edit moved nothing.
    expect((await t.get(`/api/v1/couriers/${vendor.vendorId}/profile`)).body.rating).toEqual({
      average: null,
      count: 1,
    });
  });

  it('lets the courier reply once, to its own reviews only', async () => {
    const vendor = await createVendorWithService(t);
    const other = await createVendorWithService(t);
    const order = await paidOrder(vendor);
    await deliver(vendor, order.id, `${PROMISED}T09:00:00Z`);
    const { body: written } = await review(order.id, order.auth, { rating: 5, comment: 'Great' });

    const mine = t.bearer(vendor.owner.accessToken);
    const listed = await t.get('/api/v1/vendor/reviews', mine);
    expect(listed.body.items.map((r: { id: string }) => r.id)).toEqual([written.id]);
    expect((await t.get('/api/v1/vendor/reviews', t.bearer(other.owner.accessToken))).body.items).toEqual([]);

    const url = `/api/v1/vendor/reviews/${written.id}/reply`;
    expect((await t.post(url, { reply: 'Not yours' }, t.bearer(other.owner.accessToken))).status).toBe(404);
    expect((await t.post(url, { reply: '   ' }, mine)).status).toBe(422);
    const replied = await t.post(url, { reply: 'Thank you!' }, mine);
    expect(replied.status).toBe(200);
    expect(replied.body.reply).toMatchObject({ text: 'Thank you!' });
    const again = await t.post(url, { reply: 'Thanks again' }, mine);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('reply_exists');
    expect((await t.post(url, { reply: 'x' }, order.auth)).status).toBe(403);

    const profile = await t.get(`/api/v1/couriers/${vendor.vendorId}/profile`);
    expect(profile.body.reviews[0].reply).toMatchObject({ text: 'Thank you!' });
  });

  it('invites the customer to review when the order is delivered', async () => {
    const vendor = await createVendorWithService(t);
    const order = await paidOrder(vendor);
    const invites = async () =>
      (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(order.email)}`)).body.items.filter(
        (m: { subject: string }) => m.subject.startsWith('Delivered: how did'),
      );
    expect(await invites()).toEqual([]);
    await deliver(vendor, order.id, `${PROMISED}T09:00:00Z`);
    const [invite, ...more] = await invites();
    expect(more).toEqual([]);
    expect(invite.text).toContain(`http://localhost:3000/orders/${order.id}/review`);
  });

  it('hides a comment from the public profile with an audited reason; the score still counts', async () => {
    const vendor = await createVendorWithService(t);
    const orders: { id: string }[] = [];
    const authors: string[] = [];
    for (const comment of ['Rude driver called me names', 'Fine']) {
      const order = await paidOrder(vendor);
      authors.push(order.email);
      await deliver(vendor, order.id, `${PROMISED}T09:00:00Z`);
      // The customer's list says the delivery is not rated yet, then what they gave (issue 51, item 8).
      const before = (await t.get('/api/v1/orders', order.auth)).body.items[0];
      expect(before).toMatchObject({ id: order.id, yourRating: null });
      orders.push((await review(order.id, order.auth, { rating: 3, comment })).body);
      expect((await t.get('/api/v1/orders', order.auth)).body.items[0]).toMatchObject({ yourRating: 3 });
    }
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const target = orders[0]!;
    expect((await t.post(`/api/v1/admin/reviews/${target.id}/hide`, {}, admin)).status).toBe(422);
    const hidden = await t.post(
      `/api/v1/admin/reviews/${target.id}/hide`,
      { reason: 'Abusive language' },
      admin,
    );
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ hidden: true, hiddenReason: 'Abusive language', rating: 3 });
    expect((await t.post(`/api/v1/admin/reviews/${target.id}/hide`, { reason: 'Again' }, admin)).status).toBe(
      409,
    );

    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, target.id)));
    expect(audit).toMatchObject({ action: 'review.hide', reason: 'Abusive language' });

    const answer = await t.get(`/api/v1/couriers/${vendor.vendorId}/profile`);
    // Never served from a cache once staff have hidden a comment.
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    const profile = answer.body;
    expect(profile.rating.count).toBe(2);
    const shown = profile.reviews.find((r: { id: string }) => r.id === target.id);
    expect(shown).toEqual(expect.objectContaining({ comment: null, hidden: true, rating: 3 }));
    expect(JSON.stringify(profile)).not.toContain('Rude driver');
    expect(profile.reviews.find((r: { id: string }) => r.id === orders[1]!.id).comment).toBe('Fine');
    // Its author still sees what they wrote.
    const list = await t.get('/api/v1/admin/reviews?filter={"hidden":true}', admin);
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([target.id]);
    expect(list.headers.get('content-range')).toBe('reviews 0-0/1');
    // Staff see who wrote it (issue 51, item 8).
    expect(list.body[0].authorEmail).toBe(authors[0]);
    expect((await t.get(`/api/v1/admin/reviews/${target.id}`, admin)).body.authorEmail).toBe(authors[0]);

    // And can show it again, audited, once (issue 51, item 8).
    expect((await t.post(`/api/v1/admin/reviews/${target.id}/show`, {}, admin)).status).toBe(422);
    const again = await t.post(
      `/api/v1/admin/reviews/${target.id}/show`,
      { reason: 'Author apologised' },
      admin,
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ hidden: false, hiddenAt: null, hiddenReason: null });
    expect((await t.post(`/api/v1/admin/reviews/${target.id}/show`, { reason: 'Again' }, admin)).status).toBe(
      409,
    );
    const actions = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'review'), eq(auditLog.entityId, target.id)));
    expect(actions.map((a) => a.action).sort()).toEqual(['review.hide', 'review.show']);
    const back = (await t.get(`/api/v1/couriers/${vendor.vendorId}/profile`)).body;
    expect(back.reviews.find((r: { id: string }) => r.id === target.id).comment).toBe(
      'Rude driver called me names',
    );
  });
});

describe('on-time share', () => {
  it('is the share of the last 90 days’ deliveries made by the date promised at booking, from 5', async () => {
    const vendor = await createVendorWithService(t);
    const booked = [];
    for (let i = 0; i < 5; i++) booked.push(await paidOrder(vendor));
    // On the promised day (late evening, UK), on time; the next morning, late.
    await deliver(vendor, booked[0]!.id, `${PROMISED}T23:30:00Z`);
    await deliver(vendor, booked[1]!.id, `${PROMISED}T08:00:00Z`);
    await deliver(vendor, booked[2]!.id, '2026-03-10T16:00:00Z');
    await deliver(vendor, booked[3]!.id, '2026-03-12T09:00:00Z');
    at('2026-03-12T10:00:00Z');
    expect((await optionOf(vendor)).onTime).toEqual({ share: null, delivered: 4 });

    await deliver(vendor, booked[4]!.id, '2026-03-12T11:00:00Z');
    expect((await optionOf(vendor)).onTime).toEqual({ share: 0.6, delivered: 5 });
    const profile = (await t.get(`/api/v1/couriers/${vendor.vendorId}/profile`)).body;
    expect(profile.onTime).toEqual({ share: 0.6, delivered: 5 });
    expect(profile.services[0].onTime).toEqual({ share: 0.6, delivered: 5 });

    // The window is the last 90 UK days and slides by day: on 7 June, 10 March is its first day.
    at('2026-06-07T10:00:00Z');
    expect((await optionOf(vendor)).onTime).toEqual({ share: 0.6, delivered: 5 });
    at('2026-06-08T10:00:00Z');
    expect((await optionOf(vendor)).onTime).toEqual({ share: null, delivered: 4 });
    at('2026-06-10T10:00:00Z');
    expect((await optionOf(vendor)).onTime).toEqual({ share: null, delivered: 0 });
  });
});

describe('the courier profile', () => {
  it('gets a slug when staff activate the courier, and is public', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const first = await signUpVendor(t, 'owner1@example.com');
    const second = await signUpVendor(t, 'owner2@example.com');
    for (const v of [first, second]) {
      await t.patch('/api/v1/vendors/me', { shopName: 'Swift Couriers Ltd.' }, v.auth);
      expect(
        (await t.post(`/api/v1/admin/vendors/${v.vendorId}/activate`, { reason: 'Checked' }, admin)).status,
      ).toBe(200);
    }
    const slugs = await t.deps.db.select({ id: vendors.id, slug: vendors.slug }).from(vendors);
    const slugOf = (id: string) => slugs.find((s) => s.id === id)?.slug;
    expect(slugOf(first.vendorId)).toBe('swift-couriers-ltd');
    expect(slugOf(second.vendorId)).toBe('swift-couriers-ltd-2');

    const profile = await t.get('/api/v1/couriers/swift-couriers-ltd-2/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      id: second.vendorId,
      slug: 'swift-couriers-ltd-2',
      name: 'Swift Couriers Ltd.',
      rating: { average: null, count: 0 },
      onTime: { share: null, delivered: 0 },
      reviews: [],
    });
    expect((await t.get('/api/v1/couriers/nobody-here/profile')).status).toBe(404);
  });

  it('gives couriers activated before slugs existed one at start-up: distinct on collision, once', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const names = ['Swift Couriers Ltd.', 'Swift Couriers Ltd.', 'Swift Couriers Ltd.', 'Parcel Pals'];
    const made = [];
    for (const [i, shopName] of names.entries()) {
      const v = await signUpVendor(t, `early${i}@example.com`);
      await t.patch('/api/v1/vendors/me', { shopName }, v.auth);
      expect(
        (await t.post(`/api/v1/admin/vendors/${v.vendorId}/activate`, { reason: 'Checked' }, admin)).status,
      ).toBe(200);
      // Distinct ages: the courier longest on Consign is served first.
      await t.deps.db
        .update(vendors)
        .set({ createdAt: new Date(Date.UTC(2025, 0, 1 + i)) })
        .where(eq(vendors.id, v.vendorId));
      made.push(v.vendorId);
    }
    const [oldest, second, recent, pals] = made as [string, string, string, string];
    // As before migration 0016: the older couriers have no slug; one activated since holds the plain one.
    await t.deps.db.update(vendors).set({ slug: null });
    await t.deps.db.update(vendors).set({ slug: 'swift-couriers-ltd' }).where(eq(vendors.id, recent));
    // A courier still waiting for staff gets none: its slug comes on activation.
    const waiting = await signUpVendor(t, 'waiting@example.com');
    expect((await t.get(`/api/v1/couriers/${oldest}/profile`)).body.slug).toBeNull();

    // A fresh start on the same database file does it (createDeps).
    const restarted = await createDeps(t.deps.config, createLogger('silent'));
    restarted.db.$client.close();
    const slugs = async () =>
      Object.fromEntries(
        (await t.deps.db.select({ id: vendors.id, slug: vendors.slug }).from(vendors)).map((r) => [
          r.id,
          r.slug,
        ]),
      );
    const after = await slugs();
    expect(after[oldest]).toBe('swift-couriers-ltd-2');
    expect(after[second]).toBe('swift-couriers-ltd-3');
    expect(after[recent]).toBe('swift-couriers-ltd');
    expect(after[pals]).toBe('parcel-pals');
    expect(after[waiting.vendorId]).toBeNull();
    const profile = await t.get('/api/v1/couriers/swift-couriers-ltd-2/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: oldest, slug: 'swift-couriers-ltd-2' });

    // Running again finds nobody and changes nothing.
    expect(await backfillCourierSlugs(t.deps.db)).toBe(0);
    expect(await slugs()).toEqual(after);
  });

  it('makes slugs from any name', () => {
    expect(slugify('Ünïcödé & Sons — Delivery!')).toBe('unicode-and-sons-delivery');
    expect(slugify('!!!')).toBe('courier');
    expect(slugify('a'.repeat(100))).toHaveLength(60);
  });
});
