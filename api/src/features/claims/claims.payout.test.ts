/**
 * A claim above the order's payment through real HTTP over a real database (TEST MODE payments
 * and payouts): the cap is the cover, the agreed amount is paid as a refund of the payment and a
 * PayPal payout of the rest once the customer gives its PayPal email, to `paid`; failed and
 * unclaimed payouts, staff's retry and a new email; PayPal's item webhooks; a lost answer from
 * PayPal (as a crash between its answer and our write) paid once across sweeps; the ledger and the
 * books check after each.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, claimPayouts, ledgerEntries } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUpAdmin } from '../admin/admin.fixtures';
import { checkBooks } from '../ledger';
import { bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';
import { uploadedImage } from '../uploads/uploads.testing';
import { sweepClaims } from './index';

// Tuesday 13 January 2026.
const TODAY = '2026-01-13';
/** What the customer pays for a 5000 + VAT booking with 10,000 of cover (its fee included). */
const PAID = 6268;
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

/** A delivered order with 10,000 of cover on a payment of 6268, and a damage claim of `amount` on it. */
async function claimAbovePayment(amount = 9000) {
  const f = await bookingFixture(t, { price: 5000 });
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const created = await t.post(
    '/api/v1/orders',
    bookingBody(option.id, TODAY, { coverAmount: 10_000 }),
    f.auth,
  );
  const id = created.body.id as string;
  const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, f.auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  expect((await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth)).status).toBe(200);
  const vendor = t.bearer(f.vendor.owner.accessToken);
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    await t.patch(`/api/v1/vendor/orders/${id}`, { status }, vendor);
  }
  const photo = await uploadedImage(t, f.auth);
  const claim = await t.post(
    `/api/v1/orders/${id}/claims`,
    {
      kind: 'damage',
      description: 'The box arrived crushed and the vase is broken',
      amountClaimed: amount,
      photos: [photo],
    },
    f.auth,
  );
  expect(claim.status).toBe(201);
  return { orderId: id, claimId: claim.body.id as string, f, vendor, customer: f.auth };
}

type Claimed = Awaited<ReturnType<typeof claimAbovePayment>>;

async function accept(c: Claimed) {
  const res = await t.post(
    `/api/v1/vendor/claims/${c.claimId}/response`,
    { decision: 'accept', note: 'Sorry: our van', evidence: [] },
    c.vendor,
  );
  expect(res.status).toBe(200);
  return res.body;
}

const giveEmail = (c: Claimed, email: string, auth = c.customer) =>
  t.call('PUT', `/api/v1/claims/${c.claimId}/payout-receiver`, { email }, auth);

async function ledgerOf(orderId: string) {
  return t.deps.db
    .select({ account: ledgerEntries.account, kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId)))
    .orderBy(ledgerEntries.at, ledgerEntries.id);
}

async function expectBooksBalance() {
  const books = await checkBooks(t.deps.db);
  expect(books.problems).toEqual([]);
}

const attemptsOf = (claimId: string) =>
  t.deps.db
    .select()
    .from(claimPayouts)
    .where(eq(claimPayouts.claimId, claimId))
    .orderBy(claimPayouts.createdAt);

/** PayPal's webhook, as its verify call accepts it. */
async function payPalEvent(eventType: string, resource: Record<string, unknown>) {
  t.deps.payments.verifyWebhook = async () => true;
  const res = await t.post('/api/v1/webhooks/paypal', {
    id: `WH-${Math.random()}`,
    event_type: eventType,
    resource,
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe('a claim above the payment', () => {
  it('caps by the cover, not the payment, and pays the rest by PayPal payout once the email is given', async () => {
    const c = await claimAbovePayment(9000);
    expect((await t.get(`/api/v1/claims/${c.claimId}`, c.customer)).body.cap.amount).toBe(10_000);

    const accepted = await accept(c);
    expect(accepted.status).toBe('accepted');
    expect(accepted.payment).toEqual({
      refund: { amount: PAID, currency: 'GBP' },
      refunded: false,
      payout: { amount: 9000 - PAID, currency: 'GBP' },
      payoutEmail: null,
      payoutStatus: 'awaiting_email',
      payoutFailure: null,
    });
    const mail = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(c.f.customerEmail)}`)).body
      .items as {
      subject: string;
      text: string;
    }[];
    expect(mail.find((m) => m.subject.endsWith(': accepted'))?.text).toContain(
      'email address of your PayPal account',
    );

    // Waiting for the email: the sweep pays nothing more.
    await sweepClaims(t.deps);
    expect((await t.get(`/api/v1/claims/${c.claimId}`, c.customer)).body.status).toBe('accepted');
    expect(await attemptsOf(c.claimId)).toHaveLength(0);

    // Only the claim's customer, and a real address.
    const stranger = await bookingFixture(t, { price: 100 });
    expect((await giveEmail(c, 'me@example.com', stranger.auth)).status).toBe(404);
    expect((await giveEmail(c, 'me@example.com', c.vendor)).status).toBe(404);
    const bad = await giveEmail(c, 'not an email');
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe('email');

    const paid = await giveEmail(c, 'customer.paypal@example.com');
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
    expect(paid.body.payment).toMatchObject({
      refunded: true,
      payoutStatus: 'paid',
      payoutEmail: 'customer.paypal@example.com',
    });
    expect((await giveEmail(c, 'other@example.com')).status).toBe(409);
    // The courier sees how it was paid, not the customer's PayPal email.
    const courierView = await t.get(`/api/v1/claims/${c.claimId}`, c.vendor);
    expect(courierView.body.payment).toMatchObject({ payoutStatus: 'paid', payoutEmail: null });

    // The courier bears the whole amount: the refund part as any refund, the payout part its own entry.
    const entries = await ledgerOf(c.orderId);
    expect(entries.filter((e) => e.kind === 'refund')).toEqual([
      { account: 'courier', kind: 'refund', amount: -PAID },
    ]);
    expect(entries.filter((e) => e.kind.startsWith('claim_payout'))).toEqual([
      { account: 'courier', kind: 'claim_payout', amount: -(9000 - PAID) },
    ]);
    await expectBooksBalance();

    // Repeated sweeps pay nothing twice.
    await sweepClaims(t.deps);
    await sweepClaims(t.deps);
    expect(await attemptsOf(c.claimId)).toHaveLength(1);
    await expectBooksBalance();
  });

  it('keeps a claim within the payment a refund only: no email asked', async () => {
    const c = await claimAbovePayment(5000);
    const accepted = await accept(c);
    expect(accepted.status).toBe('paid');
    expect(accepted.payment).toMatchObject({
      refund: { amount: 5000 },
      payout: { amount: 0 },
      payoutStatus: null,
    });
    expect((await giveEmail(c, 'me@example.com')).status).toBe(409);
  });

  it('shows a failed payout with its reason; staff retry it (audited); a new email from the customer pays', async () => {
    const c = await claimAbovePayment(9000);
    await accept(c);
    const failed = await giveEmail(c, 'customer+fail@example.com');
    expect(failed.body.status).toBe('accepted');
    expect(failed.body.payment).toMatchObject({
      refunded: false,
      payoutStatus: 'failed',
      payoutFailure: 'FAILED: RECEIVER_UNREGISTERED',
    });
    expect((await ledgerOf(c.orderId)).filter((e) => e.kind.startsWith('claim_payout'))).toEqual([
      { account: 'courier', kind: 'claim_payout', amount: -(9000 - PAID) },
      { account: 'courier', kind: 'claim_payout_returned', amount: 9000 - PAID },
    ]);
    await expectBooksBalance();

    const staff = t.bearer((await signUpAdmin(t)).accessToken);
    const retry = (body: unknown, auth = staff, id = c.claimId) =>
      t.post(`/api/v1/admin/claims/${id}/payout/retry`, body, auth);
    expect((await retry({ reason: 'Try again' }, c.customer)).status).toBe(403);
    expect((await retry({ reason: 'Try again' }, staff, 'no-such-claim')).status).toBe(404);
    const noReason = await retry({});
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors[0].path).toBe('reason');
    const again = await retry({ reason: 'PayPal was down for the customer' });
    expect(again.status).toBe(200);
    expect(again.body.payment.payoutStatus).toBe('failed');
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.claimId), eq(auditLog.action, 'claim.payout_retry')));
    expect(audit.map((a) => a.reason)).toEqual(['PayPal was down for the customer']);

    const paid = await giveEmail(c, 'customer.new@example.com');
    expect(paid.body.status).toBe('paid');
    expect(paid.body.payment).toMatchObject({ payoutStatus: 'paid', payoutFailure: null });
    expect((await retry({ reason: 'Once more' })).status).toBe(409);
    expect((await attemptsOf(c.claimId)).map((a) => a.status)).toEqual(['failed', 'failed', 'paid']);
    await expectBooksBalance();
  });

  it('cancels an unclaimed payout at PayPal and says so', async () => {
    const c = await claimAbovePayment(9000);
    await accept(c);
    const res = await giveEmail(c, 'customer+unclaimed@example.com');
    expect(res.body.payment.payoutStatus).toBe('failed');
    expect(res.body.payment.payoutFailure).toMatch(/^Nobody claimed it at customer\+unclaimed@example.com/);
    await expectBooksBalance();
  });
});

describe('PayPal’s answers arriving later', () => {
  it('settles the payout from the item webhooks: success pays the claim, failure shows', async () => {
    // PayPal has not processed the batch when it is read back: the attempt stays pending.
    const read = vi.spyOn(t.deps.payouts, 'getPayoutBatch').mockRejectedValue(new Error('timeout'));
    const c = await claimAbovePayment(9000);
    await accept(c);
    expect((await giveEmail(c, 'customer.paypal@example.com')).body.payment.payoutStatus).toBe('pending');
    const [attempt] = await attemptsOf(c.claimId);
    const outcome = await payPalEvent('PAYMENT.PAYOUTS-ITEM.SUCCEEDED', {
      payout_item_id: 'PAYPALITEM1',
      transaction_status: 'SUCCESS',
      transaction_id: 'TXN1',
      payout_item: { sender_item_id: attempt?.id },
    });
    expect(outcome).toMatchObject({ outcome: 'claim payout success' });
    expect((await t.get(`/api/v1/claims/${c.claimId}`, c.customer)).body.status).toBe('paid');

    const d = await claimAbovePayment(9000);
    await accept(d);
    await giveEmail(d, 'other.paypal@example.com');
    const [pending] = await attemptsOf(d.claimId);
    await payPalEvent('PAYMENT.PAYOUTS-ITEM.FAILED', {
      payout_item_id: 'PAYPALITEM2',
      payout_item: { sender_item_id: pending?.id },
      errors: { name: 'RECEIVER_ACCOUNT_LOCKED', message: 'The receiver’s account is locked' },
    });
    const claim = (await t.get(`/api/v1/claims/${d.claimId}`, d.customer)).body;
    expect(claim.status).toBe('accepted');
    expect(claim.payment).toMatchObject({
      payoutStatus: 'failed',
      payoutFailure: 'FAILED: The receiver’s account is locked',
    });
    read.mockRestore();
    await expectBooksBalance();
  });

  it('pays once when PayPal’s answer to the send is lost (a crash between its call and our write), across sweeps', async () => {
    const create = t.deps.payouts.createPayoutBatch.bind(t.deps.payouts);
    const batchIds: string[] = [];
    const lost = vi.spyOn(t.deps.payouts, 'createPayoutBatch').mockImplementation(async (input) => {
      const answer = await create(input);
      batchIds.push(answer.providerBatchId);
      // PayPal made the batch; the answer never reaches us.
      throw new Error('socket hang up');
    });
    const c = await claimAbovePayment(9000);
    await accept(c);
    expect((await giveEmail(c, 'customer.paypal@example.com')).body.payment.payoutStatus).toBe('queued');
    await sweepClaims(t.deps);
    lost.mockImplementation(async (input) => {
      const answer = await create(input);
      batchIds.push(answer.providerBatchId);
      return answer;
    });
    await sweepClaims(t.deps);
    await sweepClaims(t.deps);
    expect((await t.get(`/api/v1/claims/${c.claimId}`, c.customer)).body.status).toBe('paid');
    // Sent three times with the attempt's id: PayPal answered the one batch it made each time.
    expect(lost.mock.calls.map(([input]) => input.senderBatchId)).toEqual(
      Array(3).fill((await attemptsOf(c.claimId))[0]?.id),
    );
    expect(new Set(batchIds).size).toBe(1);
    expect(await attemptsOf(c.claimId)).toHaveLength(1);
    expect((await ledgerOf(c.orderId)).filter((e) => e.kind === 'claim_payout')).toHaveLength(1);
    await expectBooksBalance();
  });
});
