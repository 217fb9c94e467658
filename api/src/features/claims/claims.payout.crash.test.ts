/**
 * The crash test of a claim's payout, as payouts.crash.test.ts does for couriers: the real API
 * process (src/main.ts) killed with SIGKILL after PayPal accepted the claim's payout batch and
 * before the answer was recorded; the claims sweep then finishes it: one batch at PayPal, one
 * payout to the customer, the claim paid and the books balanced.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiProcess } from '../../test/api-process';
import { type FakePayPal, payPalEnv, startFakePayPal } from '../../test/fake-paypal/server';
import { createTestApp, type TestApp } from '../../test/harness';
import { checkBooks } from '../ledger';
import { bookableDay, bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';
import { uploadedImage } from '../uploads/uploads.testing';
import { sweepClaims } from './index';

// Each test starts a real API process (tsx compiling src/main.ts): slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let fake: FakePayPal;
let t: TestApp;
beforeEach(async () => {
  fake = await startFakePayPal();
  t = await createTestApp(payPalEnv(fake));
});
afterEach(async () => {
  t.close();
  expect(fake.problems).toEqual([]);
  await fake.close();
});

describe('a claim payout killed between PayPal’s answer and our write', () => {
  it('is finished by the sweep with the same batch: the customer is paid once', async () => {
    const f = await bookingFixture(t, { price: 1000 });
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const created = await t.post(
      '/api/v1/orders',
      bookingBody(option.id, bookableDay(), { coverAmount: 10_000 }),
      f.auth,
    );
    const orderId = created.body.id as string;
    const start = await t.post(`/api/v1/orders/${orderId}/payment`, undefined, f.auth);
    fake.approve(start.body.providerOrderId);
    expect((await t.post(`/api/v1/orders/${orderId}/payment/capture`, undefined, f.auth)).status).toBe(200);
    const vendor = t.bearer(f.vendor.owner.accessToken);
    for (const status of ['confirmed', 'in_transit', 'delivered']) {
      await t.patch(`/api/v1/vendor/orders/${orderId}`, { status }, vendor);
    }
    const photo = await uploadedImage(t, f.auth);
    const claim = await t.post(
      `/api/v1/orders/${orderId}/claims`,
      {
        kind: 'damage',
        description: 'The lens arrived with its glass cracked',
        amountClaimed: 8000,
        photos: [photo],
      },
      f.auth,
    );
    expect(claim.status).toBe(201);
    const accepted = await t.post(
      `/api/v1/vendor/claims/${claim.body.id}/response`,
      { decision: 'accept', note: 'Dropped in the depot', evidence: [] },
      vendor,
    );
    expect(accepted.body.payment.payoutStatus).toBe('awaiting_email');
    const payout = accepted.body.payment.payout.amount as number;

    const api = await startApiProcess(t, fake, { CONSIGN_CRASH_POINT: 'claim-payout:after-send' });
    const answer = await fetch(`${api.url}/api/v1/claims/${claim.body.id}/payout-receiver`, {
      method: 'PUT',
      headers: { ...f.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'lens.owner@example.com' }),
    }).then(
      (res) => res.status,
      () => 'no answer',
    );
    await api.exited;
    expect(answer).toBe('no answer');
    expect(fake.stats.payoutBatchesCreated).toBe(1);

    // Restarted: the sweep sends the attempt again with its id (PayPal answers the batch it made), then reads it back.
    await sweepClaims(t.deps);
    await sweepClaims(t.deps);
    const paid = await t.get(`/api/v1/claims/${claim.body.id}`, f.auth);
    expect(paid.body.status).toBe('paid');
    expect(paid.body.payment.payoutStatus).toBe('paid');
    expect(fake.stats.payoutBatchesCreated).toBe(1);
    expect(fake.payoutItems().map((i) => [i.receiver, i.value, i.senderItemId])).toEqual([
      ['lens.owner@example.com', (payout / 100).toFixed(2), expect.any(String)],
    ]);
    expect((await checkBooks(t.deps.db)).problems).toEqual([]);
  });
});
