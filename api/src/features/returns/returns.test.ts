/**
 * Returns through real HTTP over a real database (TEST MODE payments): started from a tracking
 * code and postcode without an account, booked by a signed-in person, paid like any order or on
 * the partner's account, linked on both timelines, audited, and sent to the partner's webhook
 * (a real receiver, the signature checked).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orderReturns } from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';
import { createPartner, partnerOrder, partnerUser } from '../partners/partners.testing';
import { receiver, verify } from '../webhooks/webhooks.testing';

// Tuesday 13 January 2026.
const TODAY = '2026-01-13';
const DAY = 24 * 60 * 60 * 1000;
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
  t.close();
});

const ukDay = (d: Date) => d.toISOString().slice(0, 10);

type Vendor = { vendor: { owner: { accessToken: string } } };
async function moveTo(id: string, f: Vendor, target: 'confirmed' | 'in_transit' | 'delivered') {
  const vendor = t.bearer(f.vendor.owner.accessToken);
  for (const status of ['confirmed', 'in_transit', 'delivered'] as const) {
    expect((await t.patch(`/api/v1/vendor/orders/${id}`, { status }, vendor)).body.status).toBe(status);
    if (status === target) break;
  }
}

async function pay(id: string, auth: Record<string, string>) {
  const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, auth);
  expect(start.status).toBe(200);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  const captured = await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, auth);
  expect(captured.status).toBe(200);
  return captured.body;
}

/** A paid order London (SW1A 1AA) to Edinburgh (EH1 1AA), moved by its courier to `status`. */
async function original(status: 'in_transit' | 'delivered' = 'delivered') {
  const f = await bookingFixture(t, { price: 5000 });
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const created = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  await pay(id, f.auth);
  await moveTo(id, f, status);
  const code = (await t.get(`/api/v1/orders/${id}`, f.auth)).body.trackingCode as string;
  return { id, code, f };
}

async function shopper() {
  const session = await signUpVerified(t, `shopper-${Math.random().toString(36).slice(2)}@example.com`);
  return t.bearer(session.accessToken);
}

const start = (trackingCode: string, postcode = 'EH1 1AA', reason = 'wrong_size') =>
  t.post('/api/v1/returns', { trackingCode, postcode, reason });

/** Starts and books the cheapest option for a signed-in shopper. */
async function book(code: string, auth: Record<string, string>, postcode = 'EH1 1AA') {
  const draft = await start(code, postcode);
  expect(draft.status).toBe(201);
  const res = await t.post(
    '/api/v1/returns/book',
    { draft: draft.body.draft, quoteOptionId: draft.body.quote.options[0].id, collectionDate: ukDay(now) },
    auth,
  );
  return { draft: draft.body, res };
}

const descriptions = (events: { description: string }[]) => events.map((e) => e.description);

describe('starting a return without an account', () => {
  it('answers quotes for the reverse route from the code and the postcode, typed any way', async () => {
    const o = await original();
    // Lower case, no spaces, the code with hyphens.
    const res = await start(`${o.code.slice(0, 4).toLowerCase()}-${o.code.slice(4)}`, 'eh11aa');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      reason: 'wrong_size',
      original: {
        reference: `#${o.id.slice(-8)}`,
        from: { town: 'Edinburgh', postcodeDistrict: 'EH1' },
        to: { town: 'London', postcodeDistrict: 'SW1A' },
      },
      policy: { windowDays: 30, payer: 'shopper', isDefault: true },
      // Delivered Tue 13 Jan: the end of Thu 12 Feb, UK time (GMT).
      windowEndsAt: '2026-02-12T23:59:59.999Z',
    });
    // Recipient becomes sender: Scotland to England, the original's parcels.
    expect(res.body.quote.request).toMatchObject({
      serviceType: 'domestic',
      from: 'Scotland',
      to: 'England',
      parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
    });
    expect(
      res.body.quote.options.map((x: { courierService: { id: string } }) => x.courierService.id),
    ).toContain(o.f.vendor.service.id);
    // Nothing of a person is in the answer.
    expect(JSON.stringify(res.body)).not.toMatch(/Robin|Sam|example\.com|Royal Mile|High Street/);
  });

  it('answers the same 404 for a wrong postcode, an unknown code and nonsense, and counts the misses', async () => {
    const o = await original();
    const wrong = await start(o.code, 'SW1A 1AA');
    const unknown = await start('ZZZZZZZZZZZZ');
    const nonsense = await start('hello');
    for (const res of [wrong, unknown, nonsense]) {
      expect(res.status).toBe(404);
      expect(res.headers.get('Content-Type')).toContain('application/problem+json');
      expect(res.body.detail).toBe('No parcel matches this tracking code and delivery postcode');
    }
    expect(wrong.body).toEqual(unknown.body);
    for (let i = 0; i < 7; i++) await start('ZZZZZZZZZZZZ');
    expect((await start(o.code)).status).toBe(429);
  });

  it('refuses a parcel not delivered yet', async () => {
    const o = await original('in_transit');
    const res = await start(o.code);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'return_not_delivered',
      errors: [{ path: 'trackingCode', message: expect.stringContaining('not been delivered') }],
    });
  });

  it('takes returns until the end of the 30th day after delivery, and refuses them after', async () => {
    const o = await original();
    now = new Date('2026-02-12T23:00:00Z');
    expect((await start(o.code)).status).toBe(201);
    now = new Date('2026-02-13T00:00:01Z');
    const closed = await start(o.code);
    expect(closed.status).toBe(422);
    expect(closed.body).toMatchObject({
      code: 'return_window',
      errors: [{ path: 'trackingCode', message: expect.stringContaining('closed on 2026-02-12') }],
    });
  });

  it('refuses a reason that is not one of the list, naming the field', async () => {
    const o = await original();
    const res = await start(o.code, 'EH1 1AA', 'bored');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'reason' })]);
    const missing = await t.post('/api/v1/returns', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'postcode',
      'reason',
      'trackingCode',
    ]);
  });
});

describe('booking a return the shopper pays for', () => {
  it('books the reverse route for the signed-in person, linked on both timelines, audited, paid in TEST MODE, with a label', async () => {
    const o = await original();
    const auth = await shopper();
    const { draft, res } = await book(o.code, auth);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      originalOrderId: o.id,
      originalReference: draft.original.reference,
      reason: 'wrong_size',
      payer: 'shopper',
      status: 'awaiting_payment',
      price: { amount: 6000, currency: 'GBP' },
    });
    const returnId = res.body.returnOrderId as string;

    const order = (await t.get(`/api/v1/orders/${returnId}`, auth)).body;
    expect(order.collectionAddress).toMatchObject({ name: 'Robin Recipient', postcode: 'EH1 1AA' });
    expect(order.deliveryAddress).toMatchObject({ name: 'Sam Sender', postcode: 'SW1A 1AA' });
    expect(descriptions(order.events)).toContain(`A return of order #${o.id.slice(-8)}`);
    // The shopper's list names the order the return sends back; the original's owner sees no such mark.
    const list = (await t.get('/api/v1/orders', auth)).body.items as { id: string; returnOf: unknown }[];
    expect(list.find((i) => i.id === returnId)?.returnOf).toEqual({
      orderId: o.id,
      reference: `#${o.id.slice(-8)}`,
    });
    const theirs = (await t.get('/api/v1/orders', o.f.auth)).body.items as {
      id: string;
      returnOf: unknown;
    }[];
    expect(theirs.find((i) => i.id === o.id)?.returnOf).toBeNull();
    const originalDetail = (await t.get(`/api/v1/orders/${o.id}`, o.f.auth)).body;
    expect(originalDetail.status).toBe('delivered');
    expect(originalDetail.events.at(-1)).toMatchObject({
      returnLink: 'return_booked',
      linkedOrderId: returnId,
      description: `Return booked: order #${returnId.slice(-8)} sends it back`,
    });
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, o.id));
    expect(audit.map((a) => a.action)).toEqual(['return.create']);
    expect(audit[0]!.after).toMatchObject({
      returnOrderId: returnId,
      reason: 'wrong_size',
      payer: 'shopper',
    });

    // The usual order payment, and then the label.
    expect((await t.get(`/api/v1/orders/${returnId}/label.pdf`, auth)).status).toBe(409);
    const paid = await pay(returnId, auth);
    expect(paid.status).toBe('pending');
    const label = await t.app.request(
      new URL(`/api/v1/orders/${returnId}/label.pdf`, t.deps.config.publicUrl).href,
      { headers: auth },
    );
    expect(label.status).toBe(200);
    expect(label.headers.get('Content-Type')).toBe('application/pdf');
  });

  it('refuses a second return of the same parcel, and a return of a return', async () => {
    const o = await original();
    const auth = await shopper();
    const { res } = await book(o.code, auth);
    expect(res.status).toBe(201);
    const again = await start(o.code);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('return_exists');

    const returnId = res.body.returnOrderId as string;
    await pay(returnId, auth);
    await moveTo(returnId, o.f, 'delivered');
    const code = (await t.get(`/api/v1/orders/${returnId}`, auth)).body.trackingCode as string;
    // The return was delivered to the original's sender, in London.
    const back = await start(code, 'SW1A 1AA');
    expect(back.status).toBe(422);
    expect(back.body.code).toBe('return_of_return');
  });

  it('an unpaid return stops holding the parcel once its price expired unpaid, or it is cancelled', async () => {
    const o = await original();
    const first = await shopper();
    const { res } = await book(o.code, first);
    expect(res.status).toBe(201);
    // Within its price's 30 minutes it holds the parcel's one return.
    now = new Date(now.getTime() + 29 * 60 * 1000);
    expect((await start(o.code)).body.code).toBe('return_exists');
    // Past it, with no payment ever started: it can never be paid, so another may be booked.
    now = new Date(now.getTime() + 2 * 60 * 1000);
    const second = await shopper();
    const again = await book(o.code, second);
    expect(again.res.status).toBe(201);
    // That one has a payment started: it holds the return through the expiry sweep's grace.
    const started = await t.post(`/api/v1/orders/${again.res.body.returnOrderId}/payment`, undefined, second);
    expect(started.status).toBe(200);
    now = new Date(now.getTime() + 31 * 60 * 1000);
    expect((await start(o.code)).body.code).toBe('return_exists');
    // Cancelled by its shopper: free again at once.
    const cancel = await t.post(`/api/v1/orders/${again.res.body.returnOrderId}/cancel`, {}, second);
    expect(cancel.status).toBe(200);
    expect((await start(o.code)).status).toBe(201);
  });

  it('needs an account to book, a draft made here, and an option of its own quote', async () => {
    const o = await original();
    const draft = (await start(o.code)).body;
    const option = draft.quote.options[0].id;
    const body = { draft: draft.draft, quoteOptionId: option, collectionDate: TODAY };
    expect((await t.post('/api/v1/returns/book', body)).status).toBe(401);
    const auth = await shopper();
    const tampered = await t.post('/api/v1/returns/book', { ...body, draft: `${draft.draft}x` }, auth);
    expect(tampered.status).toBe(422);
    expect(tampered.body.errors[0].path).toBe('draft');
    const other = await quoteOptionFor(t, o.f.vendor.service.id);
    const foreign = await t.post('/api/v1/returns/book', { ...body, quoteOptionId: other.option.id }, auth);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].path).toBe('quoteOptionId');
    now = new Date(now.getTime() + 31 * 60 * 1000);
    const late = await t.post('/api/v1/returns/book', body, auth);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('quote_expired');
    expect(await t.deps.db.select().from(orderReturns)).toEqual([]);
  });
});

describe("a partner's return policy", () => {
  async function partnerSetUp() {
    const { partner } = await createPartner(t);
    const { auth } = await partnerUser(t, partner.id);
    const r = await receiver();
    closers.push(r.close);
    const endpoint = await t.post(
      '/api/v1/partner/webhook-endpoints',
      { url: r.url, events: ['return.created'] },
      auth,
    );
    expect(endpoint.status).toBe(201);
    const o = await partnerOrder(t, partner, { collectionDate: TODAY });
    await moveTo(o.id, o.f, 'delivered');
    const code = (await t.get(`/api/v1/orders/${o.id}`, o.f.auth)).body.trackingCode as string;
    return { partner, auth, r, secret: endpoint.body.secret as string, o, code };
  }

  it('starts as the default, is validated field by field, and is audited when set', async () => {
    const { partner, auth } = await partnerSetUp();
    expect((await t.get('/api/v1/partner/return-policy', auth)).body).toMatchObject({
      windowDays: 30,
      payer: 'shopper',
      isDefault: true,
    });
    const bad = await t.call(
      'PUT',
      '/api/v1/partner/return-policy',
      { windowDays: 0, reasons: [], payer: 'nobody' },
      auth,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'payer',
      'reasons',
      'windowDays',
    ]);
    const set = await t.call(
      'PUT',
      '/api/v1/partner/return-policy',
      { windowDays: 14, reasons: ['damaged', 'wrong_item'], payer: 'partner' },
      auth,
    );
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      windowDays: 14,
      reasons: ['damaged', 'wrong_item'],
      payer: 'partner',
      isDefault: false,
      suspendedUntilPaid: false,
    });
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, partner.id));
    expect(audit.map((a) => a.action)).toContain('return_policy.set');
  });

  it('the partner pays: booked at once without the shopper paying, and the partner gets return.created, signed', async () => {
    const { auth, r, secret, o, code } = await partnerSetUp();
    await t.call(
      'PUT',
      '/api/v1/partner/return-policy',
      { windowDays: 14, reasons: ['damaged', 'wrong_item'], payer: 'partner' },
      auth,
    );
    // Its reasons, not Consign's.
    const reason = await start(code, 'EH1 1AA', 'wrong_size');
    expect(reason.status).toBe(422);
    expect(reason.body).toMatchObject({ code: 'return_reason', errors: [{ path: 'reason' }] });

    const draft = await start(code, 'EH1 1AA', 'damaged');
    expect(draft.body.policy).toMatchObject({ windowDays: 14, payer: 'partner' });
    const buyer = await shopper();
    const booked = await t.post(
      '/api/v1/returns/book',
      { draft: draft.body.draft, quoteOptionId: draft.body.quote.options[0].id, collectionDate: TODAY },
      buyer,
    );
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ payer: 'partner', status: 'pending', reason: 'damaged' });
    const returnId = booked.body.returnOrderId as string;
    const order = (await t.get(`/api/v1/orders/${returnId}`, buyer)).body;
    expect(order.payment).toBeNull();
    expect(order.events.map((e: { note: string }) => e.note)).toContain(
      'Booked on the shop’s account: it pays for this return',
    );
    expect((await t.post(`/api/v1/orders/${returnId}/payment`, undefined, buyer)).status).toBe(409);

    const hooks = r.received.filter((x) => JSON.parse(x.raw).type === 'return.created');
    expect(hooks).toHaveLength(1);
    expect(verify(secret, hooks[0]!.raw, String(hooks[0]!.headers['consign-signature']))).toBe(true);
    // One byte changed and the signature no longer matches.
    expect(verify(secret, `${hooks[0]!.raw} `, String(hooks[0]!.headers['consign-signature']))).toBe(false);
    expect(JSON.parse(hooks[0]!.raw).data).toEqual({
      orderId: o.id,
      reference: o.reference,
      returnOrderId: returnId,
      returnReference: `#${returnId.slice(-8)}`,
      reason: 'damaged',
      payer: 'partner',
    });
    const list = (await t.get('/api/v1/partner/returns', auth)).body.items;
    expect(list).toEqual([
      expect.objectContaining({ returnOrderId: returnId, payer: 'partner', status: 'pending' }),
    ]);
  });

  it('the shopper pays under a partner policy that says so; the window is the partner’s', async () => {
    const { auth, code } = await partnerSetUp();
    await t.call(
      'PUT',
      '/api/v1/partner/return-policy',
      { windowDays: 3, reasons: ['wrong_size'], payer: 'shopper' },
      auth,
    );
    const buyer = await shopper();
    const { res } = await book(code, buyer);
    expect(res.body).toMatchObject({ payer: 'shopper', status: 'awaiting_payment' });
    expect((await t.get('/api/v1/partner/returns', auth)).body.items).toHaveLength(1);
    now = new Date(now.getTime() + 4 * DAY);
    expect((await start(code)).body.code).toBe('return_window');
  });
});
