/**
 * Crash tests: the real API process (src/main.ts) killed with SIGKILL at a named point
 * (lib/crash-point.ts) in a payout run, a capture and a refund, then work resumed: every courier
 * is paid exactly once, PayPal took each payment and refund once, and the books balance.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrashPoint } from '../../lib/crash-point';
import { startApiProcess } from '../../test/api-process';
import { type FakePayPal, payPalEnv, startFakePayPal } from '../../test/fake-paypal/server';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUpAdmin } from '../admin/admin.fixtures';
import { checkBooks } from '../ledger';
import { bookableDay, bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';
import { reconcilePayments } from '../payments';

// Each test starts real API processes (tsx compiling src/main.ts): slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

// Released on delivery, so a run has something to pay without moving the clock of two processes.
const ENV = { PAYOUT_HOLD_DAYS: '0' };
let fake: FakePayPal;
let t: TestApp;
beforeEach(async () => {
  fake = await startFakePayPal();
  t = await createTestApp({
    ...payPalEnv(fake),
    ...ENV,
  });
});
afterEach(async () => {
  t.close();
  expect(fake.problems).toEqual([]);
  await fake.close();
});

type Fixture = Awaited<ReturnType<typeof bookingFixture>>;

async function approvedOrder(f: Fixture) {
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const created = await t.post('/api/v1/orders', bookingBody(option.id, bookableDay()), f.auth);
  const start = await t.post(`/api/v1/orders/${created.body.id}/payment`, undefined, f.auth);
  fake.approve(start.body.providerOrderId);
  return created.body.id as string;
}

async function paidOrder(f: Fixture) {
  const id = await approvedOrder(f);
  expect((await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth)).status).toBe(200);
  return id;
}

async function courierDue(email: string) {
  const f = await bookingFixture(t, { price: 1000 });
  const id = await paidOrder(f);
  const auth = t.bearer(f.vendor.owner.accessToken);
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    await t.patch(`/api/v1/vendor/orders/${id}`, { status }, auth);
  }
  await t.call('PUT', '/api/v1/vendor/payout-account', { paypalEmail: email }, auth);
  const mail = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items[0];
  await t.post('/api/v1/vendor/payout-account/verify', { code: mail.text.match(/\b(\d{6})\b/)[1] }, auth);
  return f;
}

/** Sends one request to a fresh API process that kills itself at `point`; resolves once it died. */
async function crashAt(
  point: CrashPoint,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = {},
) {
  const api = await startApiProcess(t, fake, { ...ENV, CONSIGN_CRASH_POINT: point });
  const answer = await fetch(`${api.url}${path}`, {
    method,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then(
    (res) => res.status,
    () => 'no answer',
  );
  await api.exited;
  expect(answer).toBe('no answer');
}

async function booksBalance() {
  const books = await checkBooks(t.deps.db);
  expect(books.problems).toEqual([]);
  return books;
}

describe('a payout run killed part-way', () => {
  it.each(['payout:before-send', 'payout:after-send', 'payout:between-items'] as const)(
    'at %s, then run again, pays every courier exactly once',
    async (point) => {
      const admin = t.bearer((await signUpAdmin(t)).accessToken);
      const a = await courierDue('a-pay@speedy.example');
      const b = await courierDue('b-pay@speedy.example');

      await crashAt(point, 'POST', '/api/v1/admin/payouts', admin);
      // Restarted: the next run finishes what the killed one left before anything else.
      const again = await t.post('/api/v1/admin/payouts', {}, admin);
      expect(again.status).toBe(200);

      const sent = fake.payoutItems();
      expect(sent.map((i) => i.receiver).sort()).toEqual(['a-pay@speedy.example', 'b-pay@speedy.example']);
      expect(fake.stats.payoutBatchesCreated).toBe(1);
      for (const f of [a, b]) {
        const balance = (await t.get('/api/v1/vendor/balance', t.bearer(f.vendor.owner.accessToken))).body;
        expect(balance).toEqual({ currency: 'GBP', pending: 0, available: 0, paidOut: 1080 });
      }
      const [batch] = (await t.get('/api/v1/admin/payouts', admin)).body;
      const detail = await t.get(`/api/v1/admin/payouts/${batch.id}`, admin);
      expect(detail.body.items.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid']);
      expect((await booksBalance()).totals[0]).toMatchObject({ captured: 2400, paidOut: 2160 });
    },
  );
});

describe('money killed between PayPal’s answer and the commit', () => {
  it('a capture: captured once at PayPal, recorded once by the reconciler', async () => {
    const f = await bookingFixture(t, { price: 1000 });
    const id = await approvedOrder(f);
    await crashAt('capture:after-provider', 'POST', `/api/v1/orders/${id}/payment/capture`, f.auth);
    // The killed capture still holds its claim, so a retry is told to wait; the reconciler records it.
    expect((await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth)).status).toBe(409);
    await reconcilePayments(t.deps, { minAgeMs: 0 });
    expect((await t.get(`/api/v1/orders/${id}`, f.auth)).body.payment.status).toBe('captured');
    expect(fake.stats.capturesPerformed).toBe(1);
    expect((await booksBalance()).totals[0]).toMatchObject({ captured: 1200, refunded: 0 });
  });

  it('a refund: refunded once at PayPal, recorded once by the reconciler', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const f = await bookingFixture(t, { price: 1000 });
    const id = await paidOrder(f);
    await crashAt('refund:after-provider', 'POST', `/api/v1/admin/orders/${id}/refund`, admin, {
      reason: 'Damaged',
      amount: 400,
    });
    // Restarted, the reconciler finds the refund the killed process sent and records it.
    await reconcilePayments(t.deps, { minAgeMs: 0 });
    expect(fake.stats.refundsPerformed).toBe(1);
    expect((await booksBalance()).totals[0]).toMatchObject({ captured: 1200, refunded: 400 });
    const balance = (await t.get('/api/v1/vendor/balance', t.bearer(f.vendor.owner.accessToken))).body;
    // 1200 − 120 commission − 400 refunded + 40 commission returned.
    expect(balance.pending).toBe(720);
  });
});
