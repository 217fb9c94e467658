/**
 * Orders paid through the REAL PayPal client (configured by PAYPAL_* in the environment, as in
 * production) against the local fake PayPal built from PayPal's published contracts: captures
 * under concurrency and across two API processes, a crash between PayPal's capture and our
 * record, lost answers, webhooks, refunds and the reconciler.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderEvents, orders, outboxEvents, payments, webhookEvents } from '../../db/schema';
import { CLAIM_MS, drainOutbox } from '../../lib/outbox';
import { startApiProcess } from '../../test/api-process';
import { type FakePayPal, payPalEnv, startFakePayPal } from '../../test/fake-paypal/server';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUpAdmin } from '../admin/admin.fixtures';
import { bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';
import { reconcilePayments, startPaymentReconciler } from './payments.reconcile';
import { providerRequestId } from './payments.service';

let fake: FakePayPal;
let t: TestApp;
const TODAY = '2026-03-10';

beforeEach(async () => {
  fake = await startFakePayPal();
  t = await createTestApp(payPalEnv(fake));
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});

afterEach(async () => {
  t.close();
  // Every answer the fake gave had to match PayPal's published contract.
  expect(fake.problems).toEqual([]);
  await fake.close();
});

type Fixture = Awaited<ReturnType<typeof bookingFixture>>;

/** A booked order whose PayPal order the buyer has approved; nothing captured yet. */
async function approvedOrder(f?: Fixture) {
  const fixture = f ?? (await bookingFixture(t, { price: 1000 }));
  const { option } = await quoteOptionFor(t, fixture.vendor.service.id);
  const created = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), fixture.auth);
  expect(created.status).toBe(201);
  const start = await t.post(`/api/v1/orders/${created.body.id}/payment`, undefined, fixture.auth);
  expect(start.status).toBe(200);
  fake.approve(start.body.providerOrderId);
  return { f: fixture, order: created.body, providerOrderId: start.body.providerOrderId as string };
}

const capturePath = (orderId: string) => `/api/v1/orders/${orderId}/payment/capture`;

async function recorded(orderId: string) {
  const rows = await t.deps.db.select().from(payments).where(eq(payments.orderId, orderId));
  const paidEvents = await t.deps.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.to, 'pending')));
  const order = await t.deps.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  return { rows, paidEvents, order: order! };
}

async function confirmationsTo(email: string, reference: string) {
  const items = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items as {
    subject: string;
  }[];
  return items.filter((m) => m.subject === `Booking confirmed: order ${reference}`).length;
}

function webhook(event: Record<string, unknown>, tamper?: (raw: string) => string) {
  const { headers, rawBody } = fake.signWebhook(event);
  return t.app.request('/api/v1/webhooks/paypal', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: tamper ? tamper(rawBody) : rawBody,
  });
}

const captureEvent = (id: string, captureId: string, providerOrderId: string, value = '12.00') => ({
  id,
  event_version: '1.0',
  create_time: new Date().toISOString(),
  resource_type: 'capture',
  event_type: 'PAYMENT.CAPTURE.COMPLETED',
  summary: `Payment completed for GBP ${value}`,
  resource: {
    id: captureId,
    status: 'COMPLETED',
    amount: { currency_code: 'GBP', value },
    supplementary_data: { related_ids: { order_id: providerOrderId } },
  },
});

describe('capturing with PayPal', () => {
  it('starts with the PayPal client id and PayPal’s approve link, once per order', async () => {
    const f = await bookingFixture(t);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const order = (await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth)).body;
    const [a, b] = await Promise.all([
      t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth),
      t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth),
    ]);
    expect(a.body).toEqual({
      provider: 'paypal',
      providerOrderId: expect.any(String),
      approveUrl: expect.stringContaining(a.body.providerOrderId),
      clientId: fake.clientId,
    });
    expect(b.body).toEqual(a.body);
    expect(fake.stats.ordersCreated).toBe(1);
    const create = fake.requests.find((r) => r.operation === 'createOrder')!;
    expect(create.headers['paypal-request-id']).toBe(
      providerRequestId({ kind: 'order', id: order.id }, 'create', 1),
    );
    expect(create.body).toMatchObject({
      purchase_units: [{ reference_id: order.id, amount: { currency_code: 'GBP', value: '12.00' } }],
    });
  });

  it('records one capture when 50 captures of one order arrive at once', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    // PayPal takes its time, so the other 49 arrive while the capture is in flight.
    fake.injectFault({ operation: 'capture', delayMs: 300 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.post(capturePath(order.id), undefined, f.auth)),
    );

    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => r.body.trackingNumber)).size).toBe(1);
    expect(fake.stats.requests.capture).toBe(1);
    expect(fake.stats.capturesPerformed).toBe(1);
    expect(fake.order(providerOrderId)).toMatchObject({ status: 'COMPLETED', captures: 1 });
    const { rows, paidEvents, order: row } = await recorded(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'captured',
      amount: 1200,
      currency: 'GBP',
      captureStartedAt: null,
    });
    expect(paidEvents).toHaveLength(1);
    expect(row.status).toBe('pending');
    expect(await confirmationsTo(f.customerEmail, order.reference)).toBe(1);
    // The capture's PayPal-Request-Id comes from the order, so a retry can never pay twice.
    const capture = fake.requests.find((r) => r.operation === 'capture')!;
    expect(capture.headers['paypal-request-id']).toBe(
      providerRequestId({ kind: 'order', id: order.id }, 'capture', 1),
    );
  });

  it('records one capture when two API processes on one database capture at once', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    const other = await startApiProcess(t, fake);
    // PayPal takes its time, so both processes' requests arrive while the capture is in flight.
    fake.injectFault({ operation: 'capture', delayMs: 500 });
    try {
      const inProcess = Array.from({ length: 15 }, () => t.post(capturePath(order.id), undefined, f.auth));
      const viaOther = Array.from({ length: 15 }, () =>
        fetch(`${other.url}${capturePath(order.id)}`, {
          method: 'POST',
          headers: { ...f.auth, 'Content-Type': 'application/json' },
          body: '{}',
        }).then(async (res) => ({ status: res.status, body: await res.json() })),
      );
      const results = await Promise.all([...inProcess, ...viaOther]);
      expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
      expect(new Set(results.map((r) => r.body.trackingNumber)).size).toBe(1);
    } finally {
      await other.stop();
    }
    expect(fake.stats.capturesPerformed).toBe(1);
    expect(fake.stats.requests.capture).toBe(1);
    expect(fake.order(providerOrderId)?.captures).toBe(1);
    const { rows, paidEvents } = await recorded(order.id);
    expect(rows).toHaveLength(1);
    expect(paidEvents).toHaveLength(1);
    // The mail goes through the outbox. Whichever process recorded the capture published it. A
    // stopped process finishes the delivery it holds (main.ts), but one it tried may be waiting
    // for its retry (a busy database) or its claim (the stop's 10 s bound): deliver what is left
    // from here once both have passed. Exactly one mail either way.
    const later = new Date(Date.now() + CLAIM_MS + 1);
    t.deps.now = () => later;
    await drainOutbox(t.deps);
    expect(await confirmationsTo(f.customerEmail, order.reference)).toBe(1);
  }, 90_000);

  it('maps PayPal’s refusals: not approved 409, declined 402', async () => {
    const f = await bookingFixture(t, { price: 1000 });
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const order = (await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth)).body;
    const start = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth);
    const early = await t.post(capturePath(order.id), undefined, f.auth);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('payment_not_approved');

    fake.approve(start.body.providerOrderId);
    fake.setDecline({ orderId: start.body.providerOrderId });
    const declined = await t.post(capturePath(order.id), undefined, f.auth);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      code: 'payment_declined',
      detail: 'Payment failed. Please try again.',
    });

    // The buyer picks another funding source; the retry is a new PayPal request and succeeds.
    fake.setDecline(null);
    const ok = await t.post(capturePath(order.id), undefined, f.auth);
    expect(ok.status).toBe(200);
    const ids = fake.requests
      .filter((r) => r.operation === 'capture')
      .map((r) => r.headers['paypal-request-id']);
    expect(ids).toEqual([
      providerRequestId({ kind: 'order', id: order.id }, 'capture', 1),
      providerRequestId({ kind: 'order', id: order.id }, 'capture', 2),
    ]);
    expect(fake.stats.capturesPerformed).toBe(1);
  });

  it('retries a capture whose answer was lost with the same request id: one payment', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    // PayPal captures, then the answer is lost (500); the client asks again with the same id.
    fake.injectFault({ operation: 'capture', after: true, status: 500 });
    const res = await t.post(capturePath(order.id), undefined, f.auth);
    expect(res.status).toBe(200);
    expect(fake.stats.requests.capture).toBe(2);
    expect(fake.stats.capturesPerformed).toBe(1);
    expect(fake.order(providerOrderId)?.captures).toBe(1);
    expect((await recorded(order.id)).rows[0]!.status).toBe('captured');
  });
});

describe('when the process stops between PayPal’s capture and our record', () => {
  it('the reconciler completes the order exactly once, however often it runs', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    // What the dying process did: claimed the capture and captured at PayPal with the order's
    // request id, then stopped before recording anything.
    await t.deps.db
      .update(payments)
      .set({ captureStartedAt: t.deps.now() })
      .where(eq(payments.orderId, order.id));
    await t.deps.payments.capture(
      providerOrderId,
      providerRequestId({ kind: 'order', id: order.id }, 'capture', 1),
    );
    expect(fake.stats.capturesPerformed).toBe(1);
    expect((await recorded(order.id)).order.status).toBe('awaiting_payment');

    const first = await reconcilePayments(t.deps, { minAgeMs: 0 });
    const second = await reconcilePayments(t.deps, { minAgeMs: 0 });
    expect(first).toMatchObject({ checked: 1, completed: 1, errors: 0 });
    expect(second).toMatchObject({ checked: 0, completed: 0, errors: 0 });

    const { rows, paidEvents, order: row } = await recorded(order.id);
    expect(row.status).toBe('pending');
    expect(row.trackingNumber).toMatch(/^CSG\d{10}$/);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'captured', captureStartedAt: null });
    expect(paidEvents).toHaveLength(1);
    expect(fake.stats.capturesPerformed).toBe(1);
    expect(await confirmationsTo(f.customerEmail, order.reference)).toBe(1);

    // The customer's page retries the capture: it answers the paid order, no new capture.
    const retry = await t.post(capturePath(order.id), undefined, f.auth);
    expect(retry.status).toBe(200);
    expect(retry.body.trackingNumber).toBe(row.trackingNumber);
    expect(fake.stats.requests.capture).toBe(1);
  });

  it('is run periodically by the API process itself', async () => {
    const { order, providerOrderId } = await approvedOrder();
    await t.deps.payments.capture(
      providerOrderId,
      providerRequestId({ kind: 'order', id: order.id }, 'capture', 1),
    );
    // Old enough for the reconciler's default minimum age.
    const later = new Date(t.deps.now().getTime() + 3 * 60 * 1000);
    t.deps.now = () => later;
    const reconciler = startPaymentReconciler(t.deps, 20);
    try {
      // A bound for a busy machine; the loop ends as soon as the reconciler has run.
      const deadline = Date.now() + 30_000;
      while ((await recorded(order.id)).order.status !== 'pending' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await reconciler.stop();
    }
    expect((await recorded(order.id)).order.status).toBe('pending');
    expect((await recorded(order.id)).paidEvents).toHaveLength(1);
  });

  it('a capture whose every answer was lost is finished by the reconciler, or by the next capture call', async () => {
    const a = await approvedOrder();
    fake.injectFault({ operation: 'capture', after: true, drop: true, times: 3 });
    const lost = await t.post(capturePath(a.order.id), undefined, a.f.auth);
    expect(lost.status).toBe(503);
    expect(fake.stats.capturesPerformed).toBe(1);
    expect((await recorded(a.order.id)).order.status).toBe('awaiting_payment');
    expect(await reconcilePayments(t.deps, { minAgeMs: 0 })).toMatchObject({ completed: 1 });
    expect((await recorded(a.order.id)).order.status).toBe('pending');

    const b = await approvedOrder(a.f);
    fake.injectFault({ operation: 'capture', after: true, drop: true, times: 3 });
    expect((await t.post(capturePath(b.order.id), undefined, b.f.auth)).status).toBe(503);
    const again = await t.post(capturePath(b.order.id), undefined, b.f.auth);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('pending');
    expect(fake.stats.capturesPerformed).toBe(2);
    expect((await recorded(b.order.id)).paidEvents).toHaveLength(1);
  });

  it('refunds a capture that lands after the order was cancelled', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    await t.deps.payments.capture(
      providerOrderId,
      providerRequestId({ kind: 'order', id: order.id }, 'capture', 1),
    );
    // The customer cancels the unpaid order before anything was recorded.
    expect((await t.post(`/api/v1/orders/${order.id}/cancel`, {}, f.auth)).status).toBe(200);
    const summary = await reconcilePayments(t.deps, { minAgeMs: 0 });
    expect(summary).toMatchObject({ completed: 1 });
    expect(fake.order(providerOrderId)?.refunded).toBe('12.00');
    expect((await recorded(order.id)).rows[0]!.status).toBe('refunded');
    expect((await recorded(order.id)).order.status).toBe('cancelled');
    await reconcilePayments(t.deps, { minAgeMs: 0 });
    expect(fake.stats.refundsPerformed).toBe(1);
  });
});

describe('refunds', () => {
  it('refunds a cancelled paid order once, with a request id derived from the order', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    await t.post(capturePath(order.id), undefined, f.auth);
    const res = await t.post(`/api/v1/orders/${order.id}/cancel`, {}, f.auth);
    expect(res.body).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    expect(fake.order(providerOrderId)?.refunded).toBe('12.00');
    const refund = fake.requests.find((r) => r.operation === 'refund')!;
    expect(refund.headers['paypal-request-id']).toBe(
      providerRequestId({ kind: 'order', id: order.id }, 'refund'),
    );
    await reconcilePayments(t.deps, { minAgeMs: 0 });
    expect(fake.stats.refundsPerformed).toBe(1);
  });

  it('leaves a refund PayPal could not take to the reconciler', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    await t.post(capturePath(order.id), undefined, f.auth);
    fake.injectFault({ operation: 'refund', status: 503, times: 3 });
    const res = await t.post(`/api/v1/orders/${order.id}/cancel`, {}, f.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', payment: { status: 'captured' } });
    const mail = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(f.customerEmail)}`)).body.items;
    expect(mail[0].text).toContain('will be refunded shortly');

    expect(await reconcilePayments(t.deps, { minAgeMs: 0 })).toMatchObject({ refunded: 1 });
    expect(await reconcilePayments(t.deps, { minAgeMs: 0 })).toMatchObject({ refunded: 0 });
    expect(fake.stats.refundsPerformed).toBe(1);
    expect(fake.order(providerOrderId)?.refunded).toBe('12.00');
    expect((await recorded(order.id)).rows[0]!.status).toBe('refunded');
  });
});

describe('POST /webhooks/paypal', () => {
  it('records a capture from a verified event once, however often it is delivered', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    const capture = await t.deps.payments.capture(
      providerOrderId,
      providerRequestId({ kind: 'order', id: order.id }, 'capture', 1),
    );
    const event = captureEvent('WH-CAPTURE-1', capture.captureId, providerOrderId);

    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false, outcome: 'recorded capture' });
    const second = await webhook(event);
    expect(await second.json()).toEqual({ received: true, duplicate: true, outcome: 'already received' });
    expect(fake.stats.requests.verifyWebhook).toBe(2);

    const { rows, paidEvents, order: row } = await recorded(order.id);
    expect(row.status).toBe('pending');
    expect(rows[0]).toMatchObject({ status: 'captured', captureId: capture.captureId });
    expect(paidEvents).toHaveLength(1);
    expect(await confirmationsTo(f.customerEmail, order.reference)).toBe(1);
    expect(await t.deps.db.select().from(webhookEvents)).toHaveLength(1);

    // Another event about the same capture (PayPal resends with a new id) changes nothing either.
    const third = await webhook(captureEvent('WH-CAPTURE-2', capture.captureId, providerOrderId));
    expect(await third.json()).toMatchObject({ duplicate: false, outcome: 'capture already recorded' });
    expect((await recorded(order.id)).paidEvents).toHaveLength(1);
  });

  it('answers 400 to a bad signature and acts on nothing', async () => {
    const { order, providerOrderId } = await approvedOrder();
    const capture = await t.deps.payments.capture(
      providerOrderId,
      providerRequestId({ kind: 'order', id: order.id }, 'capture', 1),
    );
    const event = captureEvent('WH-FORGED', capture.captureId, providerOrderId);
    const tampered = await webhook(event, (raw) => raw.replace('WH-FORGED', 'WH-FORGED-2'));
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ code: 'webhook_signature_invalid' });

    const unsigned = await t.post('/api/v1/webhooks/paypal', event);
    expect(unsigned.status).toBe(400);
    expect((await recorded(order.id)).order.status).toBe('awaiting_payment');
    expect(await t.deps.db.select().from(webhookEvents)).toHaveLength(0);
  });

  it('fails a payment PayPal denied, so that the customer can pay again', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    const denied = await webhook({
      id: 'WH-DENIED',
      event_version: '1.0',
      resource_type: 'capture',
      event_type: 'PAYMENT.CAPTURE.DENIED',
      summary: 'Payment denied',
      resource: {
        id: 'CAPTURE-DENIED-1',
        status: 'DECLINED',
        amount: { currency_code: 'GBP', value: '12.00' },
        supplementary_data: { related_ids: { order_id: providerOrderId } },
      },
    });
    expect(await denied.json()).toMatchObject({ outcome: 'payment failed' });
    expect((await recorded(order.id)).rows[0]).toMatchObject({ status: 'failed', attempt: 2 });

    const restart = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth);
    expect(restart.status).toBe(200);
    expect(restart.body.providerOrderId).not.toBe(providerOrderId);
    fake.approve(restart.body.providerOrderId);
    expect((await t.post(capturePath(order.id), undefined, f.auth)).status).toBe(200);
    expect((await recorded(order.id)).rows).toHaveLength(1);
  });

  it('cancels an order whose payment was refunded in PayPal’s dashboard', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    const paid = await t.post(capturePath(order.id), undefined, f.auth);
    expect(paid.status).toBe(200);
    const captureId = (await recorded(order.id)).rows[0]!.captureId!;
    const refund = await t.deps.payments.refund(captureId, {
      currency: 'GBP',
      requestId: 'dashboard-refund-1',
    });
    const res = await webhook({
      id: 'WH-REFUND',
      event_version: '1.0',
      resource_type: 'refund',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      summary: 'A GBP 12.00 GBP capture payment was refunded',
      resource: {
        id: refund.refundId,
        status: 'COMPLETED',
        amount: { currency_code: 'GBP', value: '12.00' },
        links: [{ href: `${fake.url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }],
      },
    });
    expect(await res.json()).toMatchObject({ outcome: 'refund recorded' });
    const { rows, order: row } = await recorded(order.id);
    expect(rows[0]).toMatchObject({ status: 'refunded', refundedAmount: 1200 });
    expect(row.status).toBe('cancelled');
    await reconcilePayments(t.deps, { minAgeMs: 0 });
    expect(fake.stats.refundsPerformed).toBe(1);
    expect(fake.order(providerOrderId)?.refunded).toBe('12.00');
  });
});

describe('a partial refund made in PayPal’s dashboard', () => {
  it('counts only the kept part as revenue, for staff, the courier and the customer', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const { f, order } = await approvedOrder();
    expect((await t.post(capturePath(order.id), undefined, f.auth)).status).toBe(200);
    const paid = (await recorded(order.id)).rows[0]!;
    const res = await webhook({
      id: 'WH-PARTIAL-REFUND',
      event_version: '1.0',
      resource_type: 'refund',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      summary: 'A GBP 5.00 GBP capture payment was refunded',
      resource: {
        id: 'PARTIAL-REFUND-1',
        status: 'COMPLETED',
        amount: { currency_code: 'GBP', value: '5.00' },
        links: [{ href: `${fake.url}/v2/payments/captures/${paid.captureId}`, rel: 'up', method: 'GET' }],
      },
    });
    expect(await res.json()).toMatchObject({ outcome: 'partial refund noted' });
    const kept = paid.amount - 500;

    const dashboard = await t.get('/api/v1/admin/stats/dashboard', admin);
    expect(dashboard.body.revenueToday.amount).toBe(kept);
    const stats = await t.get('/api/v1/vendor/orders/stats', t.bearer(f.vendor.owner.accessToken));
    expect(stats.body.totalRevenue).toEqual({ amount: kept, currency: 'GBP' });
    const mine = await t.get('/api/v1/orders', f.auth);
    expect(mine.body.totals.sum).toEqual([{ currency: 'GBP', amount: kept }]);
    expect(mine.body.items[0].money).toEqual({ paid: paid.amount, refunded: 500, net: kept });
  });
});

/** The order.paid events published for an order (what partner webhooks and mail subscribe to). */
async function paidPublished(orderId: string) {
  const rows = await t.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'order.paid'));
  return rows.filter((r) => r.data.orderId === orderId).length;
}

/** PayPal's CHECKOUT.ORDER.APPROVED: the resource is the order (id, status, purchase units). */
const approvedEvent = (id: string, providerOrderId: string, referenceId: string, value = '12.00') => ({
  id,
  event_version: '1.0',
  create_time: new Date().toISOString(),
  resource_type: 'checkout-order',
  event_type: 'CHECKOUT.ORDER.APPROVED',
  summary: 'An order has been approved by buyer',
  resource: {
    id: providerOrderId,
    status: 'APPROVED',
    intent: 'CAPTURE',
    purchase_units: [{ reference_id: referenceId, amount: { currency_code: 'GBP', value } }],
  },
});

const returnFrom = (token: string) => t.post('/api/v1/payments/return', { token });

describe('capturing an approved payment without the buyer’s session', () => {
  it('captures on the buyer’s return with the provider’s token alone, once, and publishes order.paid', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    // No Authorization header and no cookie: a framed checkout that lost its session.
    const back = await returnFrom(providerOrderId);
    expect(back.status).toBe(200);
    expect(back.body).toEqual({
      state: 'captured',
      kind: 'order',
      id: order.id,
      reference: order.reference,
      amount: 1200,
      currency: 'GBP',
      // The shopper's signed link to the order (order-view.test.ts covers what it opens).
      orderView: { token: expect.any(String), expiresAt: expect.any(String) },
    });
    const again = await returnFrom(providerOrderId);
    expect(again.status).toBe(200);
    expect({ ...again.body, orderView: undefined }).toEqual({ ...back.body, orderView: undefined });

    const { rows, paidEvents, order: row } = await recorded(order.id);
    expect(row.status).toBe('pending');
    expect(rows[0]).toMatchObject({ status: 'captured' });
    expect(paidEvents).toHaveLength(1);
    expect(fake.stats.capturesPerformed).toBe(1);
    expect(fake.stats.requests.capture).toBe(1);
    expect(await paidPublished(order.id)).toBe(1);
    expect(await confirmationsTo(f.customerEmail, order.reference)).toBe(1);
  });

  it('answers 404 to an unknown token, 409 before approval, and captures nothing for a cancelled order', async () => {
    expect((await returnFrom('NO-SUCH-ORDER')).status).toBe(404);
    const bad = await t.post('/api/v1/payments/return', { token: '', extra: 1 });
    expect(bad.status).toBe(422);

    const f = await bookingFixture(t, { price: 1000 });
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const created = (await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth)).body;
    const start = (await t.post(`/api/v1/orders/${created.id}/payment`, undefined, f.auth)).body;
    const early = await returnFrom(start.providerOrderId);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('payment_not_approved');

    fake.approve(start.providerOrderId);
    expect((await t.post(`/api/v1/orders/${created.id}/cancel`, {}, f.auth)).status).toBe(200);
    const late = await returnFrom(start.providerOrderId);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('payment_not_wanted');
    expect(fake.stats.requests.capture).toBe(0);
    expect((await recorded(created.id)).order.status).toBe('cancelled');
  });

  it('captures on PayPal’s approval webhook, once however often it is delivered', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    const first = await webhook(approvedEvent('WH-APPROVED-1', providerOrderId, order.id));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false, outcome: 'captured' });
    const repeat = await webhook(approvedEvent('WH-APPROVED-1', providerOrderId, order.id));
    expect(await repeat.json()).toMatchObject({ duplicate: true });
    // PayPal resends under a new event id: nothing moves twice.
    const resent = await webhook(approvedEvent('WH-APPROVED-2', providerOrderId, order.id));
    expect(await resent.json()).toEqual({ received: true, duplicate: false, outcome: 'captured' });

    const { paidEvents, order: row } = await recorded(order.id);
    expect(row.status).toBe('pending');
    expect(paidEvents).toHaveLength(1);
    expect(fake.stats.capturesPerformed).toBe(1);
    expect(fake.stats.requests.capture).toBe(1);
    expect(await paidPublished(order.id)).toBe(1);
    expect(await confirmationsTo(f.customerEmail, order.reference)).toBe(1);
    // The buyer's browser comes back afterwards: told it is paid, no second capture.
    expect((await returnFrom(providerOrderId)).body).toMatchObject({ state: 'captured', id: order.id });
    expect(fake.stats.requests.capture).toBe(1);
  });

  it('does not capture from an approval webhook whose amount or order differs, or for a cancelled order', async () => {
    const a = await approvedOrder();
    const wrongAmount = await webhook(approvedEvent('WH-APPROVED-3', a.providerOrderId, a.order.id, '0.01'));
    expect(await wrongAmount.json()).toMatchObject({ outcome: 'ignored: order differs from the payment' });
    const wrongOrder = await webhook(approvedEvent('WH-APPROVED-4', a.providerOrderId, 'another-order'));
    expect(await wrongOrder.json()).toMatchObject({ outcome: 'ignored: order differs from the payment' });
    expect((await t.post(`/api/v1/orders/${a.order.id}/cancel`, {}, a.f.auth)).status).toBe(200);
    const cancelled = await webhook(approvedEvent('WH-APPROVED-5', a.providerOrderId, a.order.id));
    expect(await cancelled.json()).toMatchObject({ outcome: 'ignored: no longer awaiting payment' });
    expect(fake.stats.requests.capture).toBe(0);
  });

  it('the reconciler captures an approval nobody captured, after a few minutes, once', async () => {
    const { f, order } = await approvedOrder();
    // Fresh approvals are left to the buyer's return and the webhook.
    expect(await reconcilePayments(t.deps)).toMatchObject({ checked: 0, captured: 0 });
    expect((await recorded(order.id)).order.status).toBe('awaiting_payment');

    const later = new Date(t.deps.now().getTime() + 3 * 60 * 1000);
    t.deps.now = () => later;
    expect(await reconcilePayments(t.deps)).toMatchObject({ checked: 1, captured: 1, errors: 0 });
    expect(await reconcilePayments(t.deps)).toMatchObject({ checked: 0, captured: 0, errors: 0 });
    await drainOutbox(t.deps);

    const { paidEvents, order: row } = await recorded(order.id);
    expect(row.status).toBe('pending');
    expect(paidEvents).toHaveLength(1);
    expect(fake.stats.capturesPerformed).toBe(1);
    expect(await paidPublished(order.id)).toBe(1);
    expect(await confirmationsTo(f.customerEmail, order.reference)).toBe(1);
  });

  it('leaves an approval alone while its order no longer awaits payment', async () => {
    const { f, order } = await approvedOrder();
    expect((await t.post(`/api/v1/orders/${order.id}/cancel`, {}, f.auth)).status).toBe(200);
    expect(await reconcilePayments(t.deps, { minAgeMs: 0 })).toMatchObject({ checked: 1, captured: 0 });
    expect(fake.stats.requests.capture).toBe(0);
  });

  it('captures once when the return, the webhook, the reconciler and the buyer’s capture race', async () => {
    const { f, order, providerOrderId } = await approvedOrder();
    // PayPal is slow, so every path arrives while the first capture is in flight.
    fake.injectFault({ operation: 'capture', delayMs: 300 });
    const [returns, hooks, reconciled, captures] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => returnFrom(providerOrderId))),
      Promise.all(
        Array.from({ length: 3 }, (_, i) =>
          webhook(approvedEvent(`WH-RACE-${i}`, providerOrderId, order.id)),
        ),
      ),
      reconcilePayments(t.deps, { minAgeMs: 0 }),
      Promise.all(Array.from({ length: 5 }, () => t.post(capturePath(order.id), undefined, f.auth))),
    ]);
    expect(returns.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(captures.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(hooks.map((r) => r.status)).toEqual(Array(3).fill(200));
    expect(reconciled.errors).toBe(0);
    expect(fake.stats.requests.capture).toBe(1);
    expect(fake.stats.capturesPerformed).toBe(1);
    const { rows, paidEvents, order: row } = await recorded(order.id);
    expect(row.status).toBe('pending');
    expect(rows).toHaveLength(1);
    expect(paidEvents).toHaveLength(1);
    expect(await paidPublished(order.id)).toBe(1);
  });
});
