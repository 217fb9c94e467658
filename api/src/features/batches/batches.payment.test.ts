/**
 * Paying for a batch through the REAL PayPal client against the local fake PayPal (as the
 * payment tests do), over real HTTP through the app and a real database file: one charge for
 * the valid rows with an item per row, exactly one order per paid row under repeated and
 * parallel captures, the split ledger, a charge voided by a row's change, a row that cannot be
 * booked (refunded, then retried), and the partner routes with a secret key.
 */
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batchCharges, courierServices, ledgerEntries, orders, payments, refunds } from '../../db/schema';
import { drainOutbox } from '../../lib/outbox';
import { type FakePayPal, payPalEnv, startFakePayPal } from '../../test/fake-paypal/server';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { checkBooks } from '../ledger';
import { createPartner, partnerUser, secretKeyOf } from '../partners/partners.testing';
import { receiver } from '../webhooks/webhooks.testing';
import { batchCourier, goodRow, uploadCsv } from './batches.testing';

let fake: FakePayPal;
let t: TestApp;
let auth: Record<string, string>;
const TODAY = '2026-03-10'; // a Tuesday
const TOMORROW = '2026-03-11';

beforeEach(async () => {
  fake = await startFakePayPal();
  t = await createTestApp(payPalEnv(fake));
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
  auth = t.bearer((await signUpVerified(t, 'shop@example.com')).accessToken);
});

afterEach(async () => {
  t.close();
  // Every answer the fake gave had to match PayPal's published contract.
  expect(fake.problems).toEqual([]);
  await fake.close();
});

const courier = (name: string, price: number) => batchCourier(t, name, { price });

const GOOD = goodRow(TOMORROW);

// biome-ignore lint/suspicious/noExplicitAny: tests read the answers' fields freely
type Json = any;

const upload = (rows: Record<string, string>[], headers = auth, path = '/api/v1/batches') =>
  uploadCsv(t, rows, headers, path);

/**
 * Three rows for two couriers (Acme carries what names it, Bolt the rest at its lower price),
 * and one invalid row left out of the payment.
 */
async function mixedBatch() {
  const acme = await courier('Acme', 1500);
  const bolt = await courier('Bolt', 1000);
  const batch = await upload([
    { ...GOOD, reference: 'A-1', courier: 'Acme' },
    { ...GOOD, reference: 'B-1' },
    { ...GOOD, reference: 'B-2', recipient_postcode: 'M1 1AE', recipient_town: 'Manchester' },
    { ...GOOD, reference: 'BAD', recipient_postcode: 'NOPE' },
  ]);
  expect(batch.rows.map((r: Json) => r.status)).toEqual(['valid', 'valid', 'valid', 'invalid']);
  return { acme, bolt, batch };
}

const capture = (id: string, headers = auth, base = '/api/v1/batches') =>
  t.post(`${base}/${id}/payment/capture`, undefined, headers);

describe('paying for a batch', () => {
  it('pays the valid rows with one PayPal order (an item per row) and makes exactly one order per row under repeated and parallel captures', async () => {
    const { acme, bolt, batch } = await mixedBatch();
    const start = await t.post(`/api/v1/batches/${batch.id}/payment`, undefined, auth);
    expect(start.status).toBe(200);
    expect(start.body.providerOrderId).toBeTruthy();
    // Asking again answers the same provider order.
    const again = await t.post(`/api/v1/batches/${batch.id}/payment`, undefined, auth);
    expect(again.body.providerOrderId).toBe(start.body.providerOrderId);

    const creates = fake.requests.filter((r) => r.operation === 'createOrder');
    expect(creates).toHaveLength(1);
    const unit = (creates[0] as Json).body.purchase_units[0];
    const paid = batch.rows.slice(0, 3).reduce((sum: number, r: Json) => sum + r.amount, 0);
    expect(batch.payable.amount).toBe(paid);
    expect(unit.amount.value).toBe((paid / 100).toFixed(2));
    expect(unit.items.map((i: Json) => i.sku)).toEqual(batch.rows.slice(0, 3).map((r: Json) => r.id));
    expect(unit.items.map((i: Json) => i.name)).toEqual([
      expect.stringMatching(/^A-1: Acme Next Day to SW1A 1AA/),
      expect.stringMatching(/^B-1: Bolt Next Day to SW1A 1AA/),
      expect.stringMatching(/^B-2: Bolt Next Day to M1 1AE/),
    ]);

    // Not approved yet: nothing is taken, no order is made.
    expect((await capture(batch.id)).body.code).toBe('payment_not_approved');
    fake.approve(start.body.providerOrderId);

    const answers = await Promise.all(Array.from({ length: 6 }, () => capture(batch.id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const repeated = await capture(batch.id);
    expect(repeated.status).toBe(200);
    expect(fake.requests.filter((r) => r.operation === 'capture')).toHaveLength(1);

    const rows = repeated.body.rows as Json[];
    expect(repeated.body.counts).toMatchObject({ booked: 3, invalid: 1, paid: 0, failed: 0 });
    const made = await t.deps.db.select().from(orders);
    expect(made).toHaveLength(3);
    // Each paid row is its own order: same id, pending, paid, with a tracking code /track accepts.
    for (const row of rows.slice(0, 3)) {
      expect(row.status).toBe('booked');
      expect(row.orderId).toBe(row.id);
      expect(row.order).toMatchObject({ id: row.id, status: 'pending', reference: `#${row.id.slice(-8)}` });
      expect(row.order.trackingUrl).toBe(`${t.deps.config.publicUrl}/track/${row.order.trackingCode}`);
      const tracked = await t.get(`/api/v1/tracking/${row.order.trackingCode}`);
      expect(tracked.status).toBe(200);
    }
    expect(made.map((o) => o.status)).toEqual(['pending', 'pending', 'pending']);
    expect(new Set(made.map((o) => o.vendorId))).toEqual(new Set([acme.vendorId, bolt.vendorId]));
    expect(rows[3]).toMatchObject({ status: 'invalid', orderId: null, order: null });

    // The results: every row, parsed back.
    const csv = await t.app.request(`/api/v1/batches/${batch.id}/results.csv`, { headers: auth });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines: Record<string, string>[] = parse(await csv.text(), { columns: true });
    expect(lines.map((l) => [l.reference, l.status])).toEqual([
      ['A-1', 'booked'],
      ['B-1', 'booked'],
      ['B-2', 'booked'],
      ['BAD', 'invalid'],
    ]);
    for (const [i, row] of rows.slice(0, 3).entries()) {
      expect(lines[i]).toMatchObject({
        order_reference: row.order.reference,
        tracking_code: row.order.trackingCode,
        tracking_url: row.order.trackingUrl,
        price: (row.amount / 100).toFixed(2),
        error: '',
      });
    }
    expect(lines[3]?.error).toMatch(/^recipient_postcode: /);

    // The ledger: one payment split between two couriers, a sale per row, books balanced.
    const [payment] = await t.deps.db.select().from(payments);
    expect(payment).toMatchObject({ status: 'captured', amount: paid });
    const sales = await t.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'sale'), eq(ledgerEntries.account, 'courier')));
    expect(sales).toHaveLength(3);
    expect(sales.reduce((sum, e) => sum + e.amount, 0)).toBe(payment?.amount);
    const byVendor = (id: string) => sales.filter((e) => e.vendorId === id).reduce((s, e) => s + e.amount, 0);
    expect(byVendor(acme.vendorId)).toBe(rows[0].amount);
    expect(byVendor(bolt.vendorId)).toBe(rows[1].amount + rows[2].amount);
    expect(sales.map((e) => e.ref).sort()).toEqual(
      rows
        .slice(0, 3)
        .map((r) => `${payment?.id}:${r.id}`)
        .sort(),
    );
    const books = await checkBooks(t.deps.db);
    expect(books.problems).toEqual([]);
    expect(books.ok).toBe(true);

    // The invalid row is still there to fix and pay with a second charge.
    const fixed = await t.patch(
      `/api/v1/batches/${batch.id}/rows/${rows[3].id}`,
      { cells: { recipient_postcode: 'SW1A 2AA' } },
      auth,
    );
    expect(fixed.body.rows[3].status).toBe('valid');
    const second = await t.post(`/api/v1/batches/${batch.id}/payment`, undefined, auth);
    expect(second.body.providerOrderId).not.toBe(start.body.providerOrderId);
    fake.approve(second.body.providerOrderId);
    const done = await capture(batch.id);
    expect(done.body.counts).toMatchObject({ booked: 4, invalid: 0 });
    expect(await t.deps.db.select().from(orders)).toHaveLength(4);
    expect((await checkBooks(t.deps.db)).ok).toBe(true);
    // Booked rows are paid for: they can no longer be changed.
    const late = await t.patch(
      `/api/v1/batches/${batch.id}/rows/${rows[0].id}`,
      { cells: { contents: 'Other' } },
      auth,
    );
    expect(late).toMatchObject({ status: 409, body: { code: 'row_paid' } });
  });

  it('voids the charge when a row changes after the payment started: nothing is captured for it', async () => {
    const { batch } = await mixedBatch();
    const start = await t.post(`/api/v1/batches/${batch.id}/payment`, undefined, auth);
    fake.approve(start.body.providerOrderId);
    const dropped = await t.del(`/api/v1/batches/${batch.id}/rows/${batch.rows[1].id}`, auth);
    expect(dropped.status).toBe(200);
    const [charge] = await t.deps.db.select().from(batchCharges);
    expect(charge?.status).toBe('void');

    const refused = await capture(batch.id);
    expect(refused).toMatchObject({ status: 409, body: { code: 'charge_void' } });
    expect(fake.requests.filter((r) => r.operation === 'capture')).toHaveLength(0);
    expect(await t.deps.db.select().from(orders)).toHaveLength(0);

    // The buyer's return from PayPal finds nothing to pay for: no capture.
    const back = await t.post('/api/v1/payments/return', { token: start.body.providerOrderId });
    expect(back.body.code).toBe('payment_not_wanted');

    // A new payment covers the rows as they are now: two rows, not three.
    const next = await t.post(`/api/v1/batches/${batch.id}/payment`, undefined, auth);
    const create = fake.requests.filter((r) => r.operation === 'createOrder')[1]?.body as Json;
    expect(create.purchase_units[0].items).toHaveLength(2);
    fake.approve(next.body.providerOrderId);
    expect((await capture(batch.id)).body.counts).toMatchObject({ booked: 2, dropped: 1 });
  });

  it('fails a row whose service was withdrawn, refunds its amount, and retries it', async () => {
    const { acme, batch } = await mixedBatch();
    const start = await t.post(`/api/v1/batches/${batch.id}/payment`, undefined, auth);
    fake.approve(start.body.providerOrderId);
    // Acme withdraws its service between the payment and the booking.
    await t.deps.catalog.write((tx) =>
      tx.update(courierServices).set({ status: 'inactive' }).where(eq(courierServices.id, acme.service.id)),
    );
    const done = await capture(batch.id);
    expect(done.status).toBe(200);
    expect(done.body.counts).toMatchObject({ booked: 2, failed: 1 });
    const failed = done.body.rows[0];
    expect(failed).toMatchObject({ status: 'failed', orderId: null, order: null });
    expect(failed.failure).toMatch(/no longer available/);

    const [payment] = await t.deps.db.select().from(payments);
    expect(payment).toMatchObject({ status: 'captured', refundedAmount: failed.amount });
    const [refund] = await t.deps.db.select().from(refunds);
    expect(refund).toMatchObject({ orderId: failed.id, amount: failed.amount, status: 'completed' });
    expect(fake.requests.filter((r) => r.operation === 'refund')).toHaveLength(1);
    // The customer hears of it: the row never became an order, so the mail names the row.
    const mail = (await t.get('/api/v1/dev/mailbox?to=shop%40example.com')).body.items as Json[];
    const refundMail = mail.find((m) => /refunded/.test(m.subject));
    expect(refundMail?.subject).toBe(
      `Row 1 of batch “${batch.name}” part refunded: £${(failed.amount / 100).toFixed(2)}`,
    );
    expect(refundMail?.text).toContain('Batch row 1 could not be booked');
    // Acme's sale and its refund cancel out; Bolt keeps its two; the books balance.
    const acmeEntries = await t.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.vendorId, acme.vendorId));
    expect(acmeEntries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    expect((await checkBooks(t.deps.db)).ok).toBe(true);
    // Asking again books nothing twice and refunds nothing twice.
    await capture(batch.id);
    expect(await t.deps.db.select().from(orders)).toHaveLength(2);
    expect(await t.deps.db.select().from(refunds)).toHaveLength(1);

    // A failed row cannot be edited, only retried: priced again without Acme, it cannot be carried.
    const edit = await t.patch(
      `/api/v1/batches/${batch.id}/rows/${failed.id}`,
      { cells: { courier: '' } },
      auth,
    );
    expect(edit).toMatchObject({ status: 409, body: { code: 'row_failed' } });
    const retried = await t.post(`/api/v1/batches/${batch.id}/rows/${failed.id}/retry`, undefined, auth);
    expect(retried.status).toBe(200);
    expect(retried.body.rows[0]).toMatchObject({ status: 'invalid', failure: null });
    expect(retried.body.rows[0].errors[0]).toMatchObject({ column: 'courier' });
    const fixed = await t.patch(
      `/api/v1/batches/${batch.id}/rows/${failed.id}`,
      { cells: { courier: '' } },
      auth,
    );
    expect(fixed.body.rows[0]).toMatchObject({ status: 'valid', choice: { vendorName: 'Bolt' } });
  });

  it("cancelling one order of a batch refunds that order's share only, once, and mails the customer", async () => {
    const { acme, batch } = await mixedBatch();
    const start = await t.post(`/api/v1/batches/${batch.id}/payment`, undefined, auth);
    fake.approve(start.body.providerOrderId);
    const rows = (await capture(batch.id)).body.rows as Json[];
    const [acmeRow, boltRow] = rows;

    const cancelled = await t.post(
      `/api/v1/orders/${acmeRow.order.id}/cancel`,
      { reason: 'Sent by hand' },
      auth,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const [payment] = await t.deps.db.select().from(payments);
    const paid = rows.slice(0, 3).reduce((sum: number, r: Json) => sum + r.amount, 0);
    expect(payment).toMatchObject({ status: 'captured', amount: paid, refundedAmount: acmeRow.amount });
    const made = await t.deps.db.select().from(refunds);
    expect(made).toEqual([
      expect.objectContaining({ orderId: acmeRow.order.id, amount: acmeRow.amount, status: 'completed' }),
    ]);
    const sent = fake.requests.filter((r) => r.operation === 'refund');
    expect(sent).toHaveLength(1);
    expect((sent[0] as Json).body.amount.value).toBe((acmeRow.amount / 100).toFixed(2));
    // Acme's sale and its refund cancel out; the other orders are untouched; the books balance.
    const acmeEntries = await t.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.vendorId, acme.vendorId));
    expect(acmeEntries.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
    expect((await t.get(`/api/v1/orders/${boltRow.order.id}`, auth)).body.status).toBe('pending');
    const books = await checkBooks(t.deps.db);
    expect(books.problems).toEqual([]);

    // Once: a second cancellation is refused and refunds nothing more.
    const again = await t.post(`/api/v1/orders/${acmeRow.order.id}/cancel`, undefined, auth);
    expect(again.status).toBe(409);
    expect(await t.deps.db.select().from(refunds)).toHaveLength(1);

    const mail = (await t.get('/api/v1/dev/mailbox?to=shop%40example.com')).body.items as Json[];
    const refundMail = mail.find((m) => /refunded/.test(m.subject));
    expect(refundMail?.subject).toBe(
      `Order ${acmeRow.order.reference} part refunded: £${(acmeRow.amount / 100).toFixed(2)}`,
    );
    expect(refundMail?.text).toContain('which is cancelled');
  });

  it('is paid through the partner routes with a secret key, and tells the partner once with batch.completed', async () => {
    await courier('Bolt', 1000);
    const { partner } = await createPartner(t);
    const key = { Authorization: `Bearer ${await secretKeyOf(t, partner.id)}` };
    const hook = await receiver();
    const { auth: partnerAuth } = await partnerUser(t, partner.id);
    const endpoint = await t.post(
      '/api/v1/partner/webhook-endpoints',
      { url: hook.url, events: ['batch.completed'] },
      partnerAuth,
    );
    expect(endpoint.status).toBe(201);
    const batch = await upload(
      [GOOD, { ...GOOD, recipient_postcode: 'M1 1AE' }],
      key,
      '/api/v1/partner/batches',
    );
    const base = '/api/v1/partner/batches';
    // Not through the customer's routes, nor another's key.
    expect((await t.post(`/api/v1/batches/${batch.id}/payment`, undefined, auth)).status).toBe(404);
    const start = await t.post(`${base}/${batch.id}/payment`, undefined, key);
    expect(start.status).toBe(200);
    fake.approve(start.body.providerOrderId);
    const done = await capture(batch.id, key, base);
    expect(done.status).toBe(200);
    expect(done.body.counts).toMatchObject({ booked: 2 });
    const made = await t.deps.db.select().from(orders);
    expect(made.map((o) => o.partnerId)).toEqual([partner.id, partner.id]);

    await Promise.all([capture(batch.id, key, base), capture(batch.id, key, base)]);
    await drainOutbox(t.deps);
    await hook.close();
    expect(hook.received).toHaveLength(1);
    const sent = JSON.parse(hook.received[0]?.raw as string);
    expect(sent).toMatchObject({
      type: 'batch.completed',
      data: { batchId: batch.id, booked: 2, failed: 0 },
    });
  });
});
