/**
 * Adjustments through real HTTP over a real database (TEST MODE payments): a courier files one
 * priced by its own rate card within the window on a clock the test moves, the customer accepts
 * and pays the difference (ledger entries, receipt, books balanced) or disputes it, staff uphold
 * or overturn; the order's timeline, the audit log and the mail of each step.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, courierServices, ledgerEntries, payments, receipts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUpAdmin } from '../admin/admin.fixtures';
import { checkBooks } from '../ledger';
import { bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';

// Tuesday 13 January 2026: collected today, so adjustments close at the end of Thursday 15th.
const TODAY = '2026-01-13';
let t: TestApp;
let now: Date;
beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function upload(auth: Record<string, string>) {
  const form = new FormData();
  form.append('image', new File([PNG], 'scales.png', { type: 'image/png' }));
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  const res = await t.app.request('/api/v1/uploads', {
    method: 'POST',
    body,
    headers: {
      ...auth,
      'Content-Type': encoded.headers.get('content-type') ?? '',
      'Content-Length': String(body.length),
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

const BOOKED = { length: 30, width: 20, height: 10, weight: 2 };
const HEAVIER = { ...BOOKED, weight: 4 };

/**
 * A paid order (5000 net + 1000 VAT), its service's card then given tiers (2 kg: 5000, 5 kg: 6500,
 * 10 kg: 9000), moved by its courier to `status` (in transit: collected now).
 */
async function order(status: 'confirmed' | 'in_transit' | 'delivered' = 'in_transit') {
  const f = await bookingFixture(t, { price: 5000 });
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const created = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, f.auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  expect((await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth)).status).toBe(200);
  await t.deps.catalog.write((tx) =>
    tx
      .update(courierServices)
      .set({
        weightTiers: [
          { maxKg: 2, price: 5000 },
          { maxKg: 5, price: 6500 },
          { maxKg: 10, price: 9000 },
        ],
      })
      .where(eq(courierServices.id, f.vendor.service.id)),
  );
  const vendor = t.bearer(f.vendor.owner.accessToken);
  for (const next of ['confirmed', 'in_transit', 'delivered'] as const) {
    expect((await t.patch(`/api/v1/vendor/orders/${id}`, { status: next }, vendor)).body.status).toBe(next);
    if (next === status) break;
  }
  return { id, f, vendor, customer: f.auth };
}
type Order = Awaited<ReturnType<typeof order>>;

async function file(o: Order, parcels = [HEAVIER], photos?: string[]) {
  return t.post(
    `/api/v1/vendor/orders/${o.id}/adjustments`,
    { parcels, photos: photos ?? [await upload(o.vendor)], note: 'Weighed 4 kg at the depot' },
    o.vendor,
  );
}

async function mailTo(email: string) {
  return (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items as {
    subject: string;
    text: string;
  }[];
}

const subjects = async (email: string) => (await mailTo(email)).map((m) => m.subject);

async function admin() {
  return t.bearer((await signUpAdmin(t)).accessToken);
}

async function auditOf(id: string) {
  const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, id));
  return rows.map((r) => r.action);
}

async function adjustmentPayment(id: string) {
  return t.deps.db.query.payments.findFirst({ where: eq(payments.adjustmentId, id) });
}

/** Approves the session's TEST MODE payment and captures it through the route. */
async function pay(o: Order, adjustmentId: string, approveUrl: string) {
  await t.call('POST', new URL(approveUrl).pathname);
  return t.post(`/api/v1/orders/${o.id}/adjustments/${adjustmentId}/payment/capture`, undefined, o.customer);
}

describe('filing an adjustment', () => {
  it('prices the measured parcel by the courier’s card, charges nothing yet, and tells the customer', async () => {
    const o = await order();
    const preview = await t.post(
      `/api/v1/vendor/orders/${o.id}/adjustments/preview`,
      { parcels: [HEAVIER] },
      o.vendor,
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      bookedChargeableKg: 2,
      measuredChargeableKg: 4,
      bookedPrice: { amount: 6000, currency: 'GBP' },
      // 5000 + (6500 - 5000) net, with 20 % VAT.
      adjustedPrice: { amount: 7800, currency: 'GBP' },
      difference: { amount: 1800, currency: 'GBP' },
      deadline: '2026-01-15T23:59:59.999Z',
    });

    const res = await file(o);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      orderId: o.id,
      status: 'awaiting_customer',
      bookedParcels: [BOOKED],
      measuredParcels: [HEAVIER],
      photos: [expect.stringMatching(/^\/uploads\//)],
      note: 'Weighed 4 kg at the depot',
      difference: { amount: 1800, currency: 'GBP' },
      payable: false,
      final: false,
    });

    // Nothing is charged: no payment, and the order's books hold only its own payment.
    expect(await adjustmentPayment(res.body.id)).toBeUndefined();
    expect((await checkBooks(t.deps.db)).ok).toBe(true);

    const detail = await t.get(`/api/v1/orders/${o.id}`, o.customer);
    expect(detail.body.status).toBe('in_transit');
    expect(detail.body.events.at(-1)).toMatchObject({
      adjustmentStatus: 'awaiting_customer',
      description: 'The courier measured the parcel and asked for a price adjustment',
    });
    expect(await auditOf(res.body.id)).toEqual(['adjustment.file']);

    const customerMail = (await mailTo(o.f.customerEmail)).find((m) =>
      m.subject.startsWith('Price adjustment'),
    );
    expect(customerMail?.subject).toBe(
      `Price adjustment ${res.body.reference} on order ${res.body.orderReference}: awaiting your answer`,
    );
    expect(customerMail?.text).toContain('£18.00');
    expect(customerMail?.text).toContain('Nothing is charged unless you accept it');
    // The courier filed it: it is told of the customer's answer, not of its own filing.
    expect((await subjects(o.f.vendor.ownerEmail)).filter((s) => s.startsWith('Price adjustment'))).toEqual(
      [],
    );

    for (const who of [o.customer, o.vendor, await admin()]) {
      const list = await t.get(`/api/v1/orders/${o.id}/adjustments`, who);
      expect(list.body.items.map((a: { id: string }) => a.id)).toEqual([res.body.id]);
    }
    const stranger = await order();
    expect((await t.get(`/api/v1/orders/${o.id}/adjustments`, stranger.customer)).status).toBe(404);
    expect((await t.get(`/api/v1/orders/${o.id}/adjustments`, stranger.vendor)).status).toBe(404);
  });

  it('links the mails to the origin the courier and the customer acted from when it is this machine', async () => {
    // Issue 51, item 3: adjustment mails follow the origin rules (lib/origin) like every other mail.
    const o = await order();
    const photo = await upload(o.vendor);
    const filed = await t.post(
      `/api/v1/vendor/orders/${o.id}/adjustments`,
      { parcels: [HEAVIER], photos: [photo], note: 'Weighed 4 kg at the depot' },
      { ...o.vendor, Origin: 'http://127.0.0.1:5173' },
    );
    expect(filed.status).toBe(201);
    const customerMail = (await mailTo(o.f.customerEmail)).find((m) =>
      m.subject.startsWith('Price adjustment'),
    );
    expect(customerMail?.text).toContain(': http://127.0.0.1:5173/dashboard\n');
    const answered = await t.post(
      `/api/v1/orders/${o.id}/adjustments/${filed.body.id}/dispute`,
      { reason: 'My scales said 2 kg' },
      { ...o.customer, Origin: 'http://localhost:4000' },
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const courierMail = (await mailTo(o.f.vendor.ownerEmail)).find((m) =>
      m.subject.startsWith('Price adjustment'),
    );
    expect(courierMail?.text).toContain(': http://localhost:4000/vendor-dashboard\n');
  });

  it('refuses an adjustment that would not raise the price, with a clear 422, and saves nothing', async () => {
    const o = await order();
    for (const parcels of [[BOOKED], [{ ...BOOKED, weight: 1.2 }]]) {
      const res = await file(o, parcels);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('adjustment_not_higher');
      expect(res.body.errors).toEqual([
        {
          path: 'parcels',
          message: expect.stringContaining('cost no more on your rate card than as booked'),
        },
      ]);
    }
    const unpriced = await file(o, [{ ...BOOKED, weight: 12 }]);
    expect(unpriced.status).toBe(422);
    expect(unpriced.body).toMatchObject({ code: 'adjustment_unpriced', errors: [{ path: 'parcels.0' }] });
    const count = await file(o, [HEAVIER, HEAVIER]);
    expect(count.body.errors).toEqual([
      { path: 'parcels', message: expect.stringContaining('each of the 1') },
    ]);
    expect((await t.get(`/api/v1/orders/${o.id}/adjustments`, o.customer)).body.items).toEqual([]);
  });

  it('refuses bad input with the field and the reason', async () => {
    const o = await order();
    const photo = await upload(o.vendor);
    const cases: [Record<string, unknown>, string][] = [
      [{ parcels: [HEAVIER], photos: [] }, 'photos'],
      [{ parcels: [HEAVIER] }, 'photos'],
      [{ parcels: [HEAVIER], photos: ['https://x.test/a.png'] }, 'photos.0'],
      [{ parcels: [HEAVIER], photos: ['/uploads/not-mine.png'] }, 'photos.0'],
      // A PDF is a receipt, never the photo of the scales a page shows as an image.
      [{ parcels: [HEAVIER], photos: ['/uploads/0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e.pdf'] }, 'photos.0'],
      [{ parcels: [], photos: [photo] }, 'parcels'],
      [{ parcels: [{ ...HEAVIER, weight: -1 }], photos: [photo] }, 'parcels.0.weight'],
      [{ parcels: [HEAVIER], photos: [photo], amount: 5000 }, ''],
    ];
    for (const [body, path] of cases) {
      const res = await t.post(`/api/v1/vendor/orders/${o.id}/adjustments`, body, o.vendor);
      expect(res.status, JSON.stringify(body)).toBe(422);
      if (path) expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    // Someone else's photo is not this courier's evidence; someone else's order is not found.
    const other = await order();
    expect((await file(o, [HEAVIER], [await upload(other.vendor)])).body.errors).toEqual([
      { path: 'photos.0', message: expect.stringContaining('you uploaded') },
    ]);
    expect((await file({ ...o, vendor: other.vendor })).status).toBe(404);
    expect((await t.post(`/api/v1/vendor/orders/${o.id}/adjustments`, {}, o.customer)).status).toBe(403);
  });

  it('opens at collection and closes at the end of the 2nd working day after it, one per order', async () => {
    const early = await order('confirmed');
    const before = await file(early);
    expect(before.status).toBe(422);
    expect(before.body).toMatchObject({
      code: 'adjustment_window',
      errors: [
        { path: 'parcels', message: 'An adjustment can be filed once the parcel is collected (in transit)' },
      ],
    });

    const o = await order();
    now = new Date('2026-01-16T00:00:00Z');
    const late = await file(o);
    expect(late.status).toBe(422);
    expect(late.body.errors[0].message).toBe('Adjustments must be filed within 2 working days of collection');

    now = new Date('2026-01-15T23:59:00Z');
    expect((await file(o)).status).toBe(201);
    const again = await file(o);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('adjustment_exists');

    // Delivered within the window: still open, measured from the collection.
    now = new Date(`${TODAY}T10:00:00Z`);
    const delivered = await order('delivered');
    expect((await file(delivered)).status).toBe(201);
  });
});

describe('the customer’s answer and staff’s decision', () => {
  it('accepted: the difference is paid through the payment core, in the books, and the courier is told', async () => {
    const o = await order();
    const adj = (await file(o)).body;
    const accepted = await t.post(
      `/api/v1/orders/${o.id}/adjustments/${adj.id}/accept`,
      undefined,
      o.customer,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.adjustment).toMatchObject({ status: 'accepted', payable: true });
    expect(accepted.body.payment).toMatchObject({ provider: 'test', approveUrl: expect.any(String) });
    const payment = await adjustmentPayment(adj.id);
    expect(payment).toMatchObject({ amount: 1800, currency: 'GBP', status: 'created', orderId: null });
    // Not charged until approved and captured.
    expect(
      (await t.post(`/api/v1/orders/${o.id}/adjustments/${adj.id}/payment/capture`, undefined, o.customer))
        .body.code,
    ).toBe('payment_not_approved');

    const paid = await pay(o, adj.id, accepted.body.payment.approveUrl);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'paid',
      payable: false,
      final: true,
      paidAt: now.toISOString(),
    });
    // Repeating the capture changes nothing.
    expect(
      (await t.post(`/api/v1/orders/${o.id}/adjustments/${adj.id}/payment/capture`, undefined, o.customer))
        .status,
    ).toBe(200);

    const captured = await adjustmentPayment(adj.id);
    const entries = await t.deps.db
      .select({ account: ledgerEntries.account, kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.paymentId, captured!.id)));
    expect(entries).toEqual([
      { account: 'courier', kind: 'sale', amount: 1800 },
      // The 10 % commission, as on the order's price.
      { account: 'courier', kind: 'commission', amount: -180 },
      { account: 'platform', kind: 'commission', amount: 180 },
    ]);
    expect(
      await t.deps.db.query.receipts.findFirst({ where: eq(receipts.paymentId, captured!.id) }),
    ).toBeDefined();
    const books = await checkBooks(t.deps.db);
    expect(books.problems).toEqual([]);
    expect(books.ok).toBe(true);

    expect(await auditOf(adj.id)).toEqual(['adjustment.file', 'adjustment.accepted', 'adjustment.paid']);
    const events = (await t.get(`/api/v1/orders/${o.id}`, o.customer)).body.events;
    expect(events.slice(-2).map((e: { description: string }) => e.description)).toEqual([
      'Price adjustment accepted',
      'Price adjustment paid',
    ]);
    const courier = await subjects(o.f.vendor.ownerEmail);
    expect(courier).toContain(
      `Price adjustment ${adj.reference} on order ${adj.orderReference}: accepted, to pay`,
    );
    expect(courier).toContain(`Price adjustment ${adj.reference} on order ${adj.orderReference}: paid`);

    // Paid: no other answer, and no second payment.
    for (const path of ['accept', 'payment']) {
      const res = await t.post(`/api/v1/orders/${o.id}/adjustments/${adj.id}/${path}`, undefined, o.customer);
      expect(res.status, path).toBe(409);
    }
    expect(
      (
        await t.post(
          `/api/v1/orders/${o.id}/adjustments/${adj.id}/dispute`,
          { reason: 'Changed my mind, sorry' },
          o.customer,
        )
      ).body.code,
    ).toBe('adjustment_move_not_allowed');
  });

  it('disputed and upheld: the customer owes the difference and pays it as on acceptance', async () => {
    const o = await order();
    const adj = (await file(o)).body;
    const short = await t.post(
      `/api/v1/orders/${o.id}/adjustments/${adj.id}/dispute`,
      { reason: 'no' },
      o.customer,
    );
    expect(short.status).toBe(422);
    expect(short.body.errors[0].path).toBe('reason');

    const disputed = await t.post(
      `/api/v1/orders/${o.id}/adjustments/${adj.id}/dispute`,
      { reason: 'I weighed it at 2 kg on my own scales before booking' },
      o.customer,
    );
    expect(disputed.status).toBe(200);
    expect(disputed.body).toMatchObject({ status: 'disputed', payable: false });
    // Disputed: nothing to pay, and the customer cannot decide it.
    expect(
      (await t.post(`/api/v1/orders/${o.id}/adjustments/${adj.id}/payment`, undefined, o.customer)).body.code,
    ).toBe('adjustment_not_payable');
    expect(
      (
        await t.post(
          `/api/v1/admin/adjustments/${adj.id}/decision`,
          { decision: 'uphold', reason: 'x' },
          o.customer,
        )
      ).status,
    ).toBe(403);
    const courierMail = (await mailTo(o.f.vendor.ownerEmail)).find((m) => m.subject.endsWith(': disputed'));
    expect(courierMail?.text).toContain('I weighed it at 2 kg on my own scales before booking');

    const staff = await admin();
    const queue = await t.get(
      `/api/v1/admin/adjustments?filter=${encodeURIComponent('{"status":"disputed"}')}`,
      staff,
    );
    expect(queue.body.map((a: { id: string }) => a.id)).toEqual([adj.id]);
    const bad = await t.post(
      `/api/v1/admin/adjustments/${adj.id}/decision`,
      { decision: 'split', reason: 'x' },
      staff,
    );
    expect(bad.status).toBe(422);
    const upheld = await t.post(
      `/api/v1/admin/adjustments/${adj.id}/decision`,
      { decision: 'uphold', reason: 'The depot photo shows 4 kg on calibrated scales' },
      staff,
    );
    expect(upheld.status).toBe(200);
    expect(upheld.body).toMatchObject({
      status: 'upheld',
      payable: true,
      staffNote: expect.stringContaining('4 kg'),
    });
    // Decided once.
    expect(
      (
        await t.post(
          `/api/v1/admin/adjustments/${adj.id}/decision`,
          { decision: 'overturn', reason: 'Again' },
          staff,
        )
      ).status,
    ).toBe(409);
    expect(await adjustmentPayment(adj.id)).toBeUndefined();
    for (const email of [o.f.customerEmail, o.f.vendor.ownerEmail]) {
      expect(await subjects(email)).toContain(
        `Price adjustment ${adj.reference} on order ${adj.orderReference}: upheld, to pay`,
      );
    }

    const start = await t.post(`/api/v1/orders/${o.id}/adjustments/${adj.id}/payment`, undefined, o.customer);
    expect(start.status).toBe(200);
    const paid = await pay(o, adj.id, start.body.payment.approveUrl);
    expect(paid.body.status).toBe('paid');
    expect((await checkBooks(t.deps.db)).ok).toBe(true);
    expect(await auditOf(adj.id)).toEqual([
      'adjustment.file',
      'adjustment.disputed',
      'adjustment.upheld',
      'adjustment.paid',
    ]);
  });

  it('disputed and overturned: nothing is ever charged', async () => {
    const o = await order();
    const adj = (await file(o)).body;
    const staff = await admin();
    // Staff decide disputes only.
    expect(
      (
        await t.post(
          `/api/v1/admin/adjustments/${adj.id}/decision`,
          { decision: 'overturn', reason: 'Too early' },
          staff,
        )
      ).body.code,
    ).toBe('adjustment_move_not_allowed');
    await t.post(
      `/api/v1/orders/${o.id}/adjustments/${adj.id}/dispute`,
      { reason: 'The box was the size I booked, measured twice' },
      o.customer,
    );
    const overturned = await t.post(
      `/api/v1/admin/adjustments/${adj.id}/decision`,
      { decision: 'overturn', reason: 'The photo does not show the parcel on the scales' },
      staff,
    );
    expect(overturned.body).toMatchObject({ status: 'overturned', payable: false, final: true });
    for (const path of ['accept', 'payment']) {
      const res = await t.post(`/api/v1/orders/${o.id}/adjustments/${adj.id}/${path}`, undefined, o.customer);
      expect(res.status, path).toBe(409);
    }
    expect(await adjustmentPayment(adj.id)).toBeUndefined();
    const customer = (await mailTo(o.f.customerEmail)).find((m) => m.subject.endsWith(': overturned'));
    expect(customer?.text).toContain('you pay nothing more');
    expect(await subjects(o.f.vendor.ownerEmail)).toContain(
      `Price adjustment ${adj.reference} on order ${adj.orderReference}: overturned`,
    );
    const events = (await t.get(`/api/v1/orders/${o.id}`, o.customer)).body.events;
    expect(events.at(-1).description).toBe('Price adjustment overturned by Consign staff: nothing to pay');
  });

  it('lets only the order’s customer answer', async () => {
    const o = await order();
    const adj = (await file(o)).body;
    const other = await order();
    expect(
      (await t.post(`/api/v1/orders/${o.id}/adjustments/${adj.id}/accept`, undefined, other.customer)).status,
    ).toBe(404);
    expect(
      (await t.post(`/api/v1/orders/${other.id}/adjustments/${adj.id}/accept`, undefined, o.customer)).status,
    ).toBe(404);
    expect(
      (await t.post(`/api/v1/orders/${o.id}/adjustments/${adj.id}/accept`, undefined, o.vendor)).status,
    ).toBe(404);
    expect((await t.get(`/api/v1/orders/${o.id}/adjustments`, o.customer)).body.items[0].status).toBe(
      'awaiting_customer',
    );
  });
});
