/**
 * The ledger through the real routes (TEST MODE payments): what a capture, part and full refunds
 * borne by either side, a cancellation and a job accepted write, and the invariant after each.
 */
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commissionRates, creditNotes, ledgerEntries, payments, receipts, refunds } from '../../db/schema';
import { ProviderUnavailableError } from '../../providers/payments';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { paidOrder, signUpAdmin, signUpVendor } from '../admin/admin.fixtures';
import { address, bookingBody, deliveryAddress, quoteOptionFor } from '../orders/orders.testing';
import { reconcilePayments } from '../payments';
import { commissionOf, commissionReturned } from './commission';
import { checkBooks } from './ledger.books';

const TODAY = '2026-01-13';
let t: TestApp;
let now: Date;
beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

const entriesOf = async (orderId: string) =>
  (await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).map((e) => ({
    account: e.account,
    kind: e.kind,
    amount: e.amount,
  }));

async function booksBalance() {
  const books = await checkBooks(t.deps.db);
  expect(books.problems).toEqual([]);
  expect(books.ok).toBe(true);
  return books;
}

describe('commission arithmetic', () => {
  it('is the percentage rounded half up plus the fixed part, never more than the gross', () => {
    expect(commissionOf(1200, { percentBp: 1000, fixed: 0 })).toBe(120);
    expect(commissionOf(1005, { percentBp: 1250, fixed: 0 })).toBe(126);
    expect(commissionOf(1000, { percentBp: 1000, fixed: 30 })).toBe(130);
    expect(commissionOf(20, { percentBp: 1000, fixed: 30 })).toBe(20);
    expect(commissionOf(0, { percentBp: 1000, fixed: 30 })).toBe(0);
  });

  it('gives back exactly the commission charged however a refund is split into parts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (gross, bp, weights) => {
          const commission = commissionOf(gross, { percentBp: bp, fixed: 0 });
          // Split the gross into parts proportional to the weights, the last taking the rest.
          const sum = weights.reduce((a, b) => a + b, 0);
          const parts = weights.map((w) => Math.floor((gross * w) / sum));
          parts[parts.length - 1]! += gross - parts.reduce((a, b) => a + b, 0);
          let before = 0;
          let back = 0;
          for (const part of parts) {
            const share = commissionReturned(gross, commission, before, part);
            expect(share).toBeGreaterThanOrEqual(0);
            back += share;
            before += part;
          }
          expect(back).toBe(commission);
        },
      ),
      { seed: 47, numRuns: 300 },
    );
  });
});

describe('the ledger', () => {
  it('writes a capture as the courier’s sale less commission and the platform’s commission, with receipt 1', async () => {
    const { id } = await paidOrder(t, TODAY);
    expect(await entriesOf(id)).toEqual([
      { account: 'courier', kind: 'sale', amount: 1200 },
      { account: 'courier', kind: 'commission', amount: -120 },
      { account: 'platform', kind: 'commission', amount: 120 },
    ]);
    const [receipt] = await t.deps.db.select().from(receipts);
    expect(receipt).toMatchObject({ number: 1, amount: 1200, currency: 'GBP' });
    await booksBalance();
  });

  it('snapshots the courier’s own rate when paid; a later change leaves that order alone', async () => {
    const first = await paidOrder(t, TODAY);
    const vendorId = first.f.vendor.vendorId;
    await t.deps.db.insert(commissionRates).values({
      vendorId,
      percentBp: 500,
      fixed: 25,
      updatedBy: 'test',
      updatedAt: now,
    });
    // Another order of the same courier, paid after the change.
    const { option } = await quoteOptionFor(t, first.f.vendor.service.id);
    const order = (await t.post('/api/v1/orders', bookingBody(option.id, TODAY), first.f.auth)).body;
    const start = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, first.f.auth);
    await t.call('POST', new URL(start.body.approveUrl).pathname);
    expect((await t.post(`/api/v1/orders/${order.id}/payment/capture`, undefined, first.f.auth)).status).toBe(
      200,
    );
    expect((await entriesOf(first.id)).find((e) => e.kind === 'commission')?.amount).toBe(-120);
    // 5 % of 1200 = 60, plus 25.
    expect((await entriesOf(order.id)).find((e) => e.kind === 'commission')?.amount).toBe(-85);
    await booksBalance();
  });

  it('takes part refunds borne by the courier out of its earnings, returning the commission on each part', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const { id } = await paidOrder(t, TODAY);
    const refund = (body: Record<string, unknown>) =>
      t.post(`/api/v1/admin/orders/${id}/refund`, { reason: 'Late', ...body }, admin);

    const part = await refund({ amount: 500 });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({
      status: 'pending',
      payment: { status: 'captured' },
      money: { paid: 1200, refunded: 500 },
    });
    expect(part.body.events.at(-1).note).toBe('Part refunded (£5.00) by staff: Late');
    await booksBalance();

    expect((await refund({ amount: 800 })).status).toBe(422);
    expect((await refund({ amount: 0 })).status).toBe(422);
    expect((await refund({ amount: 333 })).status).toBe(200);
    // The rest, with no amount: a full refund of what is left cancels the order under way.
    const rest = await refund({});
    expect(rest.body).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    expect((await refund({})).body.code).toBe('already_refunded');

    const entries = await entriesOf(id);
    const sum = (account: string, kind?: string) =>
      entries
        .filter((e) => e.account === account && (!kind || e.kind === kind))
        .reduce((s, e) => s + e.amount, 0);
    expect(sum('courier', 'refund')).toBe(-1200);
    expect(sum('courier', 'commission_refund')).toBe(120);
    expect(sum('courier')).toBe(0);
    expect(sum('platform')).toBe(0);
    const notes = await t.deps.db.select().from(creditNotes).orderBy(creditNotes.number);
    expect(notes.map((n) => [n.number, n.amount])).toEqual([
      [1, 500],
      [2, 333],
      [3, 367],
    ]);
    await booksBalance();
  });

  it('takes a refund borne by the platform out of the platform’s account; the courier keeps its earnings', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const { id } = await paidOrder(t, TODAY);
    const res = await t.post(
      `/api/v1/admin/orders/${id}/refund`,
      { reason: 'Goodwill', amount: 300, bearer: 'platform' },
      admin,
    );
    expect(res.status).toBe(200);
    expect(await entriesOf(id)).toEqual(
      expect.arrayContaining([{ account: 'platform', kind: 'refund', amount: -300 }]),
    );
    const courier = (await entriesOf(id)).filter((e) => e.account === 'courier');
    expect(courier.reduce((s, e) => s + e.amount, 0)).toBe(1080);
    const [row] = await t.deps.db.select().from(refunds);
    expect(row).toMatchObject({ bearer: 'platform', actorRole: 'admin', status: 'completed', amount: 300 });
    await booksBalance();
  });

  it('reverses everything when the customer cancels a paid order', async () => {
    const { id, f } = await paidOrder(t, TODAY);
    expect((await t.post(`/api/v1/orders/${id}/cancel`, {}, f.auth)).status).toBe(200);
    const entries = await entriesOf(id);
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(entries.filter((e) => e.account === 'courier').reduce((s, e) => s + e.amount, 0)).toBe(0);
    const [row] = await t.deps.db.select().from(refunds);
    expect(row).toMatchObject({ actorRole: 'customer', bearer: 'courier', seq: 1 });
    await booksBalance();
  });

  it('holds a job’s payment unassigned until a courier accepts it, then books it to that courier', async () => {
    const customer = await signUpVerified(t, 'jobs@example.com');
    const auth = t.bearer(customer.accessToken);
    const job = await t.post(
      '/api/v1/jobs',
      {
        serviceType: 'domestic',
        from: 'England',
        to: 'Scotland',
        parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
        collectionAddress: address(),
        deliveryAddress: deliveryAddress(),
        collectionDate: TODAY,
        contents: 'Books',
        contentValue: 2500,
        askingPrice: { amount: 2400, currency: 'GBP' },
      },
      auth,
    );
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    const start = await t.post(`/api/v1/jobs/${job.body.id}/payment`, undefined, auth);
    await t.call('POST', new URL(start.body.approveUrl).pathname);
    expect((await t.post(`/api/v1/jobs/${job.body.id}/payment/capture`, undefined, auth)).status).toBe(200);
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.jobId, job.body.id));
    const held = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment!.id));
    expect(held.map((e) => [e.account, e.kind, e.amount])).toEqual([['unassigned', 'job_payment', 2400]]);
    await booksBalance();

    const vendor = await signUpVendor(t, 'jobvendor@example.com');
    const service = await t.post(
      '/api/v1/couriers',
      { name: 'Nationwide 48', serviceType: 'domestic', weightTiers: [{ maxKg: 5, price: 900 }] },
      vendor.auth,
    );
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    await t.post(`/api/v1/admin/vendors/${vendor.vendorId}/activate`, { reason: 'ok' }, admin);
    const accepted = await t.post(
      `/api/v1/vendor/jobs/${job.body.id}/accept`,
      { courierServiceId: service.body.id },
      vendor.auth,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const orderId = accepted.body.id as string;
    expect(await entriesOf(orderId)).toEqual([
      { account: 'unassigned', kind: 'job_assigned', amount: -2400 },
      { account: 'courier', kind: 'sale', amount: 2400 },
      { account: 'courier', kind: 'commission', amount: -240 },
      { account: 'platform', kind: 'commission', amount: 240 },
    ]);
    await booksBalance();

    const refunded = await t.post(
      `/api/v1/admin/orders/${orderId}/refund`,
      { reason: 'Lost', amount: 1000 },
      admin,
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const courier = (await entriesOf(orderId)).filter((e) => e.account === 'courier');
    expect(courier.reduce((s, e) => s + e.amount, 0)).toBe(2160 - 1000 + 100);
    await booksBalance();
  });

  it('finds an entry missing, doubled or made up', async () => {
    const { id, f } = await paidOrder(t, TODAY);
    await booksBalance();
    await t.deps.db.insert(ledgerEntries).values({
      account: 'courier',
      vendorId: f.vendor.vendorId,
      kind: 'adjustment',
      amount: 50,
      currency: 'GBP',
      ref: 'stray',
      orderId: id,
      at: now,
    });
    const books = await checkBooks(t.deps.db);
    expect(books.ok).toBe(false);
    expect(books.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^courier .*: entries sum to 1130, but captured 1080 - refunded 0 - paid out 0 = 1080$/,
        ),
        expect.stringMatching(/^all accounts \(GBP\): entries sum to 1250/),
      ]),
    );
    await t.deps.db.delete(ledgerEntries).where(eq(ledgerEntries.ref, 'stray'));
    await t.deps.db
      .delete(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'platform'), eq(ledgerEntries.orderId, id)));
    expect((await checkBooks(t.deps.db)).problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^platform \(GBP\): entries sum to 0, but captured 120/),
      ]),
    );
  });

  it('refunds once when the provider refunded but its answer was lost: the reconciler asks again with the same id', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const { id } = await paidOrder(t, TODAY);
    const provider = t.deps.payments;
    const real = provider.refund.bind(provider);
    const calls: string[] = [];
    const spy = vi.spyOn(provider, 'refund').mockImplementation(async (captureId, input) => {
      calls.push(input.requestId);
      await real(captureId, input);
      throw new ProviderUnavailableError('answer lost');
    });
    const res = await t.post(
      `/api/v1/admin/orders/${id}/refund`,
      { reason: 'Lost answer', amount: 400 },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.money.refunded).toBe(0);
    const again = await t.post(`/api/v1/admin/orders/${id}/refund`, { reason: 'Again', amount: 400 }, admin);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('refund_in_progress');
    await booksBalance();

    spy.mockImplementation(async (captureId, input) => {
      calls.push(input.requestId);
      return real(captureId, input);
    });
    now = new Date(now.getTime() + 5 * 60 * 1000);
    expect(await reconcilePayments(t.deps)).toMatchObject({ refunded: 1, errors: 0 });
    expect(await reconcilePayments(t.deps)).toMatchObject({ refunded: 0 });
    expect(new Set(calls).size).toBe(1);
    const order = await t.get(`/api/v1/admin/orders/${id}`, admin);
    expect(order.body.money).toMatchObject({ paid: 1200, refunded: 400 });
    const remote = await provider.getOrder(
      (await t.deps.db.select().from(payments).where(eq(payments.orderId, id)))[0]!.providerOrderId,
    );
    expect(remote.captureState).toBe('PARTIALLY_REFUNDED');
    await booksBalance();
  });
});
