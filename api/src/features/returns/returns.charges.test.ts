/**
 * Charging a partner for the returns it pays for, through real HTTP over a real database (TEST
 * MODE payments): what it owes, one payment for all of it, each return order in the books as a
 * paid order exactly once however often the capture is asked, the receipt mailed and served, the
 * rule for a partner that does not pay, and the refund of a paid return cancelled later.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectPdf } from '../../../testing/pdf-inspect';
import {
  auditLog,
  ledgerEntries,
  orderCommissions,
  orderReturns,
  orders,
  payments,
  receipts,
  returnCharges,
} from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { signUpAdmin } from '../admin/admin.fixtures';
import { checkBooks } from '../ledger';
import { createPartner, partnerOrder, partnerUser, secretKeyOf } from '../partners/partners.testing';

// Tuesday 13 January 2026.
const TODAY = '2026-01-13';
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let now: Date;
beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

type Auth = Record<string, string>;
const ukDay = (d: Date) => d.toISOString().slice(0, 10);

/** A partner whose policy says it pays, with one of its people signed in. */
async function payingPartner() {
  const { partner } = await createPartner(t);
  const { auth, email } = await partnerUser(t, partner.id);
  const set = await t.call(
    'PUT',
    '/api/v1/partner/return-policy',
    { windowDays: 30, reasons: ['damaged', 'wrong_size'], payer: 'partner' },
    auth,
  );
  expect(set.status).toBe(200);
  return { partner, auth, email };
}

/** A delivered order booked through the partner, returned by a signed-in shopper on the partner's account. */
async function partnerReturn(partner: { publishableKey: string }) {
  const o = await partnerOrder(t, partner, { collectionDate: ukDay(now) });
  const vendor = t.bearer(o.f.vendor.owner.accessToken);
  for (const status of ['confirmed', 'in_transit', 'delivered'] as const) {
    expect((await t.patch(`/api/v1/vendor/orders/${o.id}`, { status }, vendor)).status).toBe(200);
  }
  const code = (await t.get(`/api/v1/orders/${o.id}`, o.f.auth)).body.trackingCode as string;
  const draft = await t.post('/api/v1/returns', {
    trackingCode: code,
    postcode: 'EH1 1AA',
    reason: 'damaged',
  });
  expect(draft.status).toBe(201);
  const session = await signUpVerified(t, `shopper-${Math.random().toString(36).slice(2)}@example.com`);
  const buyer = t.bearer(session.accessToken);
  const booked = await t.post(
    '/api/v1/returns/book',
    { draft: draft.body.draft, quoteOptionId: draft.body.quote.options[0].id, collectionDate: ukDay(now) },
    buyer,
  );
  expect(booked.status).toBe(201);
  return {
    original: o,
    buyer,
    returnOrderId: booked.body.returnOrderId as string,
    payer: booked.body.payer as string,
    total: booked.body.price.amount as number,
  };
}

async function approveAndStart(auth: Auth) {
  const start = await t.post('/api/v1/partner/returns/payment', undefined, auth);
  expect(start.status).toBe(200);
  expect(start.body.provider).toBe('test');
  return start.body as { providerOrderId: string; approveUrl: string };
}

async function payOwed(auth: Auth) {
  const session = await approveAndStart(auth);
  await t.call('POST', new URL(session.approveUrl).pathname);
  return t.post('/api/v1/partner/returns/payment/capture', undefined, auth);
}

const courierEntries = (orderIds: string[]) =>
  t.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.orderId, orderIds), eq(ledgerEntries.account, 'courier')));

async function mailTo(email: string) {
  return (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items as {
    subject: string;
    text: string;
  }[];
}

describe('what a partner owes for returns', () => {
  it('lists every partner-paid return not yet paid, with the total to the penny and when it is due', async () => {
    const { partner, auth } = await payingPartner();
    const empty = await t.get('/api/v1/partner/returns/owed', auth);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      count: 0,
      total: { amount: 0, currency: 'GBP' },
      dueBy: null,
      overdue: false,
      items: [],
    });
    const a = await partnerReturn(partner);
    now = new Date(now.getTime() + 60_000);
    const b = await partnerReturn(partner);
    expect([a.payer, b.payer]).toEqual(['partner', 'partner']);
    const owed = await t.get('/api/v1/partner/returns/owed', auth);
    expect(owed.body).toMatchObject({
      count: 2,
      total: { amount: a.total + b.total, currency: 'GBP' },
      // 14 days after the oldest's booking.
      dueBy: '2026-01-27T10:00:00.000Z',
      overdue: false,
    });
    expect(owed.body.items.map((i: { returnOrderId: string }) => i.returnOrderId)).toEqual([
      a.returnOrderId,
      b.returnOrderId,
    ]);
    expect(owed.body.items[0]).toMatchObject({
      returnReference: `#${a.returnOrderId.slice(-8)}`,
      originalReference: a.original.reference,
      reason: 'damaged',
      status: 'pending',
      price: { amount: a.total, currency: 'GBP' },
    });
    const list = (await t.get('/api/v1/partner/returns', auth)).body.items;
    expect(list.map((r: { partnerPayment: string }) => r.partnerPayment)).toEqual(['owed', 'owed']);
  });

  it('drops a return cancelled before it is paid, and never lists a shopper-paid one', async () => {
    const { partner, auth } = await payingPartner();
    const kept = await partnerReturn(partner);
    const dropped = await partnerReturn(partner);
    const cancel = await t.post(`/api/v1/orders/${dropped.returnOrderId}/cancel`, {}, dropped.buyer);
    expect(cancel.status).toBe(200);
    await t.call(
      'PUT',
      '/api/v1/partner/return-policy',
      { windowDays: 30, reasons: ['damaged'], payer: 'shopper' },
      auth,
    );
    const byShopper = await partnerReturn(partner);
    expect(byShopper.payer).toBe('shopper');
    const owed = (await t.get('/api/v1/partner/returns/owed', auth)).body;
    expect(owed).toMatchObject({ count: 1, total: { amount: kept.total } });
    const list = (await t.get('/api/v1/partner/returns', auth)).body.items as {
      returnOrderId: string;
      partnerPayment: string | null;
    }[];
    const of = (id: string) => list.find((r) => r.returnOrderId === id)?.partnerPayment;
    expect([of(kept.returnOrderId), of(dropped.returnOrderId), of(byShopper.returnOrderId)]).toEqual([
      'owed',
      'not_owed',
      null,
    ]);
    // Nothing owed to pay: 409, and no charge is made.
    const other = await payingPartner();
    const nothing = await t.post('/api/v1/partner/returns/payment', undefined, other.auth);
    expect(nothing.status).toBe(409);
    expect(nothing.body.code).toBe('nothing_owed');
  });

  it('lists the returns a page at a time, newest first, with the usual cursor', async () => {
    const { partner, auth } = await payingPartner();
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.push((await partnerReturn(partner)).returnOrderId);
      now = new Date(now.getTime() + 60_000);
    }
    const first = await t.get('/api/v1/partner/returns?limit=2', auth);
    expect(first.status).toBe(200);
    expect(first.body.items.map((r: { returnOrderId: string }) => r.returnOrderId)).toEqual([
      made[2],
      made[1],
    ]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await t.get(`/api/v1/partner/returns?limit=2&cursor=${first.body.nextCursor}`, auth);
    expect(second.body.items.map((r: { returnOrderId: string }) => r.returnOrderId)).toEqual([made[0]]);
    expect(second.body.nextCursor).toBeNull();
    // Another partner sees none of them.
    const other = await payingPartner();
    expect((await t.get('/api/v1/partner/returns', other.auth)).body).toEqual({
      items: [],
      nextCursor: null,
    });
    const bad = await t.get('/api/v1/partner/returns?cursor=nonsense', auth);
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe('cursor');
    expect((await t.get('/api/v1/partner/returns?limit=101', auth)).status).toBe(422);
  });

  it('is for partners only: a shopper is refused, a signed-out caller is 401', async () => {
    const session = await signUpVerified(t, 'not-a-partner@example.com');
    const shopper = t.bearer(session.accessToken);
    for (const [method, path] of [
      ['GET', '/api/v1/partner/returns/owed'],
      ['POST', '/api/v1/partner/returns/payment'],
      ['POST', '/api/v1/partner/returns/payment/capture'],
    ] as const) {
      expect((await t.call(method, path, undefined, shopper)).status).toBe(403);
      expect((await t.call(method, path)).status).toBe(401);
    }
  });
});

describe('paying for returns', () => {
  it('takes one payment, books each return order as a paid order, issues and mails one receipt', async () => {
    const { partner, auth, email } = await payingPartner();
    const a = await partnerReturn(partner);
    const b = await partnerReturn(partner);
    const ids = [a.returnOrderId, b.returnOrderId];
    // Nothing of it in the books before the partner pays.
    expect(await courierEntries(ids)).toEqual([]);

    const start = await approveAndStart(auth);
    // Asked again with nothing changed: the same provider order.
    const again = await t.post('/api/v1/partner/returns/payment', undefined, auth);
    expect(again.body.providerOrderId).toBe(start.providerOrderId);
    const early = await t.post('/api/v1/partner/returns/payment/capture', undefined, auth);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('payment_not_approved');
    await t.call('POST', new URL(start.approveUrl).pathname);
    const captured = await t.post('/api/v1/partner/returns/payment/capture', undefined, auth);
    expect(captured.status).toBe(200);
    expect(captured.body.charge).toMatchObject({
      status: 'paid',
      amount: { amount: a.total + b.total, currency: 'GBP' },
      returnCount: 2,
      returnReferences: ids.map((id) => `#${id.slice(-8)}`),
      receiptNumber: expect.stringMatching(/^R-\d{6}$/),
    });
    expect(captured.body.owed).toMatchObject({ count: 0, total: { amount: 0 } });

    // Each return order: the courier's sale at its total, less the commission (10 %), as any paid order.
    const entries = await courierEntries(ids);
    for (const r of [a, b]) {
      const mine = entries.filter((e) => e.orderId === r.returnOrderId);
      expect(mine.map((e) => [e.kind, e.amount]).sort()).toEqual(
        [
          ['commission', -Math.round(r.total / 10)],
          ['sale', r.total],
        ].sort(),
      );
    }
    const snapshots = await t.deps.db
      .select()
      .from(orderCommissions)
      .where(inArray(orderCommissions.orderId, ids));
    expect(snapshots.map((s) => s.gross).sort()).toEqual([a.total, b.total].sort());
    const platform = await t.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.orderId, ids), eq(ledgerEntries.account, 'platform')));
    expect(platform.reduce((sum, e) => sum + e.amount, 0)).toBe(
      Math.round(a.total / 10) + Math.round(b.total / 10),
    );
    expect((await checkBooks(t.deps.db)).ok).toBe(true);
    // The courier sees its earnings on the return order, as on any paid order.
    const order = await t.deps.db.query.orders.findFirst({ where: eq(orders.id, a.returnOrderId) });
    const [share] = snapshots.filter((x) => x.orderId === a.returnOrderId);
    expect(share?.vendorId).toBe(order?.vendorId);

    const list = (await t.get('/api/v1/partner/returns', auth)).body.items;
    expect(list.map((r: { partnerPayment: string }) => r.partnerPayment)).toEqual(['paid', 'paid']);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'return_charge.paid'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ amount: a.total + b.total, returnOrderIds: ids });

    const mail = (await mailTo(email)).filter((m) => m.subject.startsWith('Receipt'));
    expect(mail).toHaveLength(1);
    const pounds = ((a.total + b.total) / 100).toFixed(2);
    expect(mail[0]?.subject).toMatch(
      new RegExp(`^Receipt ${captured.body.charge.receiptNumber}: Shop \\d+ paid £${pounds} for 2 returns$`),
    );
    expect(mail[0]?.text).toContain(`Return #${a.returnOrderId.slice(-8)} (of ${a.original.reference})`);

    // The receipt, a line per return, totalling what was paid.
    const res = await t.app.request(`/api/v1/partner/returns/charges/${captured.body.charge.id}/receipt`, {
      headers: auth,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await inspectPdf(new Uint8Array(await res.arrayBuffer()));
    const text = pdf.pages.map((p) => p.text).join('\n');
    expect(text).toContain(captured.body.charge.receiptNumber);
    expect(text).toContain(`£${pounds}`);
    for (const id of ids) expect(text).toContain(`Return #${id.slice(-8)}`);
  });

  it('records each return once however often and however simultaneously the capture is asked', async () => {
    const { partner, auth } = await payingPartner();
    const a = await partnerReturn(partner);
    const b = await partnerReturn(partner);
    const c = await partnerReturn(partner);
    const ids = [a.returnOrderId, b.returnOrderId, c.returnOrderId];
    const session = await approveAndStart(auth);
    await t.call('POST', new URL(session.approveUrl).pathname);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.post('/api/v1/partner/returns/payment/capture', undefined, auth)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // And again afterwards, and through the provider's return to the site.
    expect((await t.post('/api/v1/partner/returns/payment/capture', undefined, auth)).status).toBe(200);
    const back = await t.post('/api/v1/payments/return', { token: session.providerOrderId });
    expect(back.body).toMatchObject({ state: 'captured', kind: 'return_charge' });

    const sales = (await courierEntries(ids)).filter((e) => e.kind === 'sale');
    expect(sales.map((e) => e.orderId).sort()).toEqual([...ids].sort());
    const charges = await t.deps.db
      .select()
      .from(returnCharges)
      .where(eq(returnCharges.partnerId, partner.id));
    expect(charges.map((x) => x.status)).toEqual(['paid']);
    const paid = await t.deps.db.select().from(payments).where(eq(payments.returnChargeId, charges[0]!.id));
    expect(paid).toHaveLength(1);
    expect(await t.deps.db.select().from(receipts).where(eq(receipts.paymentId, paid[0]!.id))).toHaveLength(
      1,
    );
    expect((await checkBooks(t.deps.db)).ok).toBe(true);
  });

  it('works with a secret key, and a return booked after the payment started makes a new one', async () => {
    const { partner } = await payingPartner();
    const key = { Authorization: `Bearer ${await secretKeyOf(t, partner.id)}` };
    const first = await partnerReturn(partner);
    const old = await approveAndStart(key);
    const second = await partnerReturn(partner);
    // What is owed changed: a new payment for both, the old one void.
    const fresh = await approveAndStart(key);
    expect(fresh.providerOrderId).not.toBe(old.providerOrderId);
    const charges = await t.deps.db
      .select()
      .from(returnCharges)
      .where(eq(returnCharges.partnerId, partner.id));
    expect(charges.map((x) => x.status).sort()).toEqual(['open', 'void']);
    // The old order approved anyway: it is not wanted, and nothing is taken.
    await t.call('POST', new URL(old.approveUrl).pathname);
    const stale = await t.post('/api/v1/payments/return', { token: old.providerOrderId });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('payment_not_wanted');

    await t.call('POST', new URL(fresh.approveUrl).pathname);
    const captured = await t.post('/api/v1/partner/returns/payment/capture', undefined, key);
    expect(captured.status).toBe(200);
    expect(captured.body.charge.amount.amount).toBe(first.total + second.total);
    expect((await checkBooks(t.deps.db)).ok).toBe(true);
  });

  it('answers another partner’s receipt as not found, and one not yet paid as 409', async () => {
    const one = await payingPartner();
    await partnerReturn(one.partner);
    await approveAndStart(one.auth);
    const [charge] = await t.deps.db
      .select()
      .from(returnCharges)
      .where(eq(returnCharges.partnerId, one.partner.id));
    const path = `/api/v1/partner/returns/charges/${charge!.id}/receipt`;
    const unpaid = await t.get(path, one.auth);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.code).toBe('not_paid');
    const other = await payingPartner();
    expect((await t.get(path, other.auth)).status).toBe(404);
    // Nor can it capture the first partner's payment: it has none of its own.
    const capture = await t.post('/api/v1/partner/returns/payment/capture', undefined, other.auth);
    expect(capture.status).toBe(409);
    expect(capture.body.code).toBe('payment_not_started');
  });

  it('gives a paid return’s share back to the partner when it is cancelled later, from its courier', async () => {
    const { partner, auth } = await payingPartner();
    const a = await partnerReturn(partner);
    const b = await partnerReturn(partner);
    expect((await payOwed(auth)).status).toBe(200);
    // Staff cancel it (its courier never collected it).
    const admin = t.bearer((await signUpAdmin(t, 'staff-cancel@example.com')).accessToken);
    const cancel = await t.post(`/api/v1/orders/${b.returnOrderId}/cancel`, { reason: 'Not needed' }, admin);
    expect(cancel.status).toBe(200);
    const refunds = (await courierEntries([b.returnOrderId])).filter((e) => e.kind === 'refund');
    expect(refunds.map((e) => e.amount)).toEqual([-b.total]);
    // The other return keeps its earnings; the partner's payment is part refunded.
    expect((await courierEntries([a.returnOrderId])).some((e) => e.kind === 'refund')).toBe(false);
    const [link] = await t.deps.db
      .select()
      .from(orderReturns)
      .where(eq(orderReturns.returnOrderId, a.returnOrderId));
    const [payment] = await t.deps.db
      .select()
      .from(payments)
      .where(eq(payments.returnChargeId, link!.chargeId!));
    expect(payment?.refundedAmount).toBe(b.total);
    expect((await checkBooks(t.deps.db)).ok).toBe(true);
    // The shopper who booked it paid nothing, so is told nothing of a refund.
    expect((await t.get('/api/v1/partner/returns/owed', auth)).body.count).toBe(0);
  });
});

describe('a partner that does not pay', () => {
  it('past 14 days its shoppers pay for new returns, until it pays', async () => {
    const { partner, auth } = await payingPartner();
    await partnerReturn(partner);
    now = new Date(now.getTime() + 14 * DAY + 1000);
    const owed = (await t.get('/api/v1/partner/returns/owed', auth)).body;
    expect(owed.overdue).toBe(true);
    expect((await t.get('/api/v1/partner/return-policy', auth)).body).toMatchObject({
      payer: 'partner',
      suspendedUntilPaid: true,
    });
    const late = await partnerReturn(partner);
    expect(late.payer).toBe('shopper');
    expect((await t.get(`/api/v1/orders/${late.returnOrderId}`, late.buyer)).body.status).toBe(
      'awaiting_payment',
    );
    expect((await payOwed(auth)).status).toBe(200);
    expect((await t.get('/api/v1/partner/return-policy', auth)).body.suspendedUntilPaid).toBe(false);
    const after = await partnerReturn(partner);
    expect(after.payer).toBe('partner');
  });
});
