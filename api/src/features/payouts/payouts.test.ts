/**
 * Payout runs over the fake PayPal (PayPal's Payouts contract) through real HTTP: two couriers,
 * ten paid orders, a full refund the courier bears and a part refund the platform bears, the hold
 * released, one run in which one item comes back UNCLAIMED and returns to the balance; statements
 * and balances to the penny, the books check, and a second run paying nobody twice.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakePayPal, payPalEnv, startFakePayPal } from '../../test/fake-paypal/server';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUpAdmin } from '../admin/admin.fixtures';
import { checkBooks } from '../ledger';
import { bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';

const TODAY = '2026-01-13';
let fake: FakePayPal;
let t: TestApp;
let now: Date;
beforeEach(async () => {
  fake = await startFakePayPal();
  t = await createTestApp(payPalEnv(fake));
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(async () => {
  t.close();
  // Every answer the fake gave had to match PayPal's published contract.
  expect(fake.problems).toEqual([]);
  expect(fake.rejected).toEqual([]);
  await fake.close();
});

type Fixture = Awaited<ReturnType<typeof bookingFixture>>;

async function payOrder(f: Fixture) {
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const created = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
  expect(created.status).toBe(201);
  const start = await t.post(`/api/v1/orders/${created.body.id}/payment`, undefined, f.auth);
  fake.approve(start.body.providerOrderId);
  const captured = await t.post(`/api/v1/orders/${created.body.id}/payment/capture`, undefined, f.auth);
  expect(captured.status).toBe(200);
  return created.body.id as string;
}

async function deliver(f: Fixture, id: string) {
  const auth = t.bearer(f.vendor.owner.accessToken);
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    expect((await t.patch(`/api/v1/vendor/orders/${id}`, { status }, auth)).body.status).toBe(status);
  }
}

async function confirmPayoutEmail(f: Fixture, paypalEmail: string) {
  const auth = t.bearer(f.vendor.owner.accessToken);
  await t.call('PUT', '/api/v1/vendor/payout-account', { paypalEmail }, auth);
  const items = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(paypalEmail)}`)).body.items;
  const code = items[0].text.match(/\b(\d{6})\b/)[1];
  expect((await t.post('/api/v1/vendor/payout-account/verify', { code }, auth)).status).toBe(200);
}

const balanceOf = async (f: Fixture) =>
  (await t.get('/api/v1/vendor/balance', t.bearer(f.vendor.owner.accessToken))).body;

describe('a payout run', () => {
  it('pays two couriers their released earnings in one batch; an unclaimed item returns to the balance', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const a = await bookingFixture(t, { price: 1000 });
    const b = await bookingFixture(t, { price: 2000 });
    const ordersA: string[] = [];
    const ordersB: string[] = [];
    for (let i = 0; i < 5; i++) ordersA.push(await payOrder(a));
    for (let i = 0; i < 5; i++) ordersB.push(await payOrder(b));

    // A full refund A bears, a part refund (£5 of £24) the platform bears for B.
    const full = await t.post(`/api/v1/admin/orders/${ordersA[0]}/refund`, { reason: 'Lost parcel' }, admin);
    expect(full.status).toBe(200);
    const part = await t.post(
      `/api/v1/admin/orders/${ordersB[0]}/refund`,
      { reason: 'Late', amount: 500, bearer: 'platform' },
      admin,
    );
    expect(part.status).toBe(200);

    for (const id of ordersA.slice(1)) await deliver(a, id);
    for (const id of ordersB) await deliver(b, id);
    // Held: delivered but within PAYOUT_HOLD_DAYS (7).
    expect((await balanceOf(a)).available).toBe(0);
    expect((await t.post('/api/v1/admin/payouts', {}, admin)).body.batch).toBeNull();
    now = new Date(now.getTime() + 8 * 86_400_000);

    // A: 4 × (1200 − 120); B: 5 × (2400 − 240), the platform's goodwill leaving B whole.
    expect(await balanceOf(a)).toEqual({ currency: 'GBP', pending: 0, available: 4320, paidOut: 0 });
    expect(await balanceOf(b)).toEqual({ currency: 'GBP', pending: 0, available: 10800, paidOut: 0 });

    await confirmPayoutEmail(a, 'a-pay@speedy.example');
    await confirmPayoutEmail(b, 'b-pay@speedy.example');
    fake.setPayoutOutcome('b-pay@speedy.example', 'UNCLAIMED');

    const run = await t.post('/api/v1/admin/payouts', {}, { ...admin, 'Idempotency-Key': 'run-1' });
    expect(run.status).toBe(200);
    const batch = run.body.batch;
    expect(batch.items).toHaveLength(2);
    const itemOf = (email: string) => batch.items.find((i: { receiver: string }) => i.receiver === email);
    expect(itemOf('a-pay@speedy.example')).toMatchObject({ amount: 4320, status: 'paid' });
    expect(itemOf('b-pay@speedy.example')).toMatchObject({ amount: 10800, status: 'returned' });
    expect(itemOf('b-pay@speedy.example').reason).toMatch(/UNCLAIMED/);

    expect(await balanceOf(a)).toEqual({ currency: 'GBP', pending: 0, available: 0, paidOut: 4320 });
    expect(await balanceOf(b)).toEqual({ currency: 'GBP', pending: 0, available: 10800, paidOut: 0 });
    const sent = fake.payoutItems();
    expect(sent.map((i) => [i.receiver, i.value])).toEqual(
      expect.arrayContaining([
        ['a-pay@speedy.example', '43.20'],
        ['b-pay@speedy.example', '108.00'],
      ]),
    );
    expect(sent[0]?.senderBatchId).toBe(batch.id);

    // Statements close on the balance, to the penny.
    for (const [f, closing] of [
      [a, 0],
      [b, 10800],
    ] as const) {
      const s = (await t.get('/api/v1/vendor/statements/2026-01', t.bearer(f.vendor.owner.accessToken))).body;
      expect(s.closing).toBe(closing);
      expect(s.opening + s.lines.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0)).toBe(
        closing,
      );
    }
    const books = await checkBooks(t.deps.db);
    expect(books.problems).toEqual([]);
    const [gbp] = books.totals;
    // Captured 5 × 1200 + 5 × 2400; refunded 1200 + 500; paid out 4320.
    expect(gbp).toMatchObject({ captured: 18000, refunded: 1700, paidOut: 4320 });

    // The same request again answers the same run; a new run pays A nothing more.
    const replay = await t.post('/api/v1/admin/payouts', {}, { ...admin, 'Idempotency-Key': 'run-1' });
    expect(replay.body.batch.id).toBe(batch.id);
    expect(
      (await t.post('/api/v1/admin/payouts', { vendorIds: [a.vendor.vendorId] }, admin)).body.batch,
    ).toBeNull();
    expect(fake.stats.payoutBatchesCreated).toBe(1);

    // B claims the next one: paid once, A not again.
    fake.setPayoutOutcome('b-pay@speedy.example', 'SUCCESS');
    const again = await t.post('/api/v1/admin/payouts', {}, admin);
    expect(again.body.batch.items).toEqual([
      expect.objectContaining({ receiver: 'b-pay@speedy.example', status: 'paid' }),
    ]);
    expect(await balanceOf(b)).toMatchObject({ available: 0, paidOut: 10800 });
    expect(fake.payoutItems().filter((i) => i.receiver === 'a-pay@speedy.example')).toHaveLength(1);
    expect((await checkBooks(t.deps.db)).ok).toBe(true);

    const list = await t.get('/api/v1/admin/payouts', admin);
    expect(list.body).toHaveLength(2);
    expect((await t.get(`/api/v1/admin/payouts/${batch.id}`, admin)).body.items).toHaveLength(2);
    expect((await t.get('/api/v1/admin/payouts/nope', admin)).status).toBe(404);
    const mine = await t.get('/api/v1/vendor/payouts', t.bearer(b.vendor.owner.accessToken));
    expect(mine.body.items.map((i: { status: string }) => i.status).sort()).toEqual(['paid', 'returned']);

    // The couriers were told.
    const mail = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(b.vendor.ownerEmail)}`)).body
      .items;
    const subjects = mail.map((m: { subject: string }) => m.subject);
    expect(subjects).toContain('Your payout of £108.00 came back');
    expect(subjects).toContain('Payout of £108.00 sent to your PayPal account');
  });
});
