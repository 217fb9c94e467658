/**
 * Paying for an order with the built-in TEST MODE provider (the default): the approval page,
 * capture, its errors, and the emails. PayPal itself is in paypal.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderEvents, payments } from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { bookingBody, bookingFixture, isValidTrackingNumber, quoteOptionFor } from '../orders/orders.testing';
import { WEBHOOK_LIMIT } from './payments.handlers';

let t: TestApp;
const TODAY = '2026-03-10';

beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

async function orderFor(
  f: Awaited<ReturnType<typeof bookingFixture>>,
  overrides: Record<string, unknown> = {},
) {
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const res = await t.post('/api/v1/orders', bookingBody(option.id, TODAY, overrides), f.auth);
  expect(res.status).toBe(201);
  return res.body as { id: string; reference: string; price: { total: number } };
}

const pathOf = (url: string) => new URL(url).pathname;

describe('paying with the test provider', () => {
  it('starts once, approves on the TEST MODE page, captures once, and emails customer and vendor', async () => {
    const f = await bookingFixture(t, { price: 1000 });
    const order = await orderFor(f);

    // Browsing on 127.0.0.1 while PUBLIC_URL says localhost:3000: outside production every link
    // goes back to the origin the browser is on, where its session cookie lives.
    const browser = { ...f.auth, Origin: 'http://127.0.0.1:3000' };
    const start = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, browser);
    expect(start.status).toBe(200);
    expect(start.body).toEqual({
      provider: 'test',
      providerOrderId: expect.stringMatching(/^TEST/),
      approveUrl: `http://127.0.0.1:3000/api/v1/test-payments/${start.body.providerOrderId}/approve`,
    });
    // A reload asks again: same provider order, still one payment row.
    const again = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, browser);
    expect(again.body).toEqual(start.body);
    expect(await t.deps.db.select().from(payments)).toHaveLength(1);

    const early = await t.post(`/api/v1/orders/${order.id}/payment/capture`, undefined, f.auth);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'payment_not_approved',
      detail: 'The payment has not been approved yet',
    });

    const page = await t.app.request(pathOf(start.body.approveUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('£12.00');
    expect(html).toContain('<form method="post">');
    expect(html).toContain(`href="http://127.0.0.1:3000/ordercancelled?order=${order.id}"`);

    const approved = await t.app.request(pathOf(start.body.approveUrl), { method: 'POST' });
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get('Location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3000/payment');
    expect(location.searchParams.get('order')).toBe(order.id);
    expect(location.searchParams.get('approved')).toBe('1');

    const captured = await t.post(`/api/v1/orders/${order.id}/payment/capture`, undefined, f.auth);
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({
      status: 'pending',
      payment: { provider: 'test', status: 'captured' },
    });
    expect(isValidTrackingNumber(captured.body.trackingNumber)).toBe(true);
    expect(captured.body.paidAt).toBe(`${TODAY}T10:00:00.000Z`);

    // Asking again answers the same paid order and changes nothing.
    const repeat = await t.post(`/api/v1/orders/${order.id}/payment/capture`, undefined, f.auth);
    expect(repeat.status).toBe(200);
    expect(repeat.body.trackingNumber).toBe(captured.body.trackingNumber);
    const events = await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.to === 'pending')).toHaveLength(1);
    const provider = await t.deps.payments.getOrder(start.body.providerOrderId);
    expect(provider).toMatchObject({
      status: 'COMPLETED',
      amount: 1200,
      currency: 'GBP',
      reference: order.id,
    });

    const startPaid = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth);
    expect(startPaid.status).toBe(409);
    expect(startPaid.body.code).toBe('order_already_paid');

    const customerMail = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(f.customerEmail)}`)).body
      .items;
    const confirmation = customerMail.filter(
      (m: { subject: string }) => m.subject === `Booking confirmed: order ${order.reference}`,
    );
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0].text).toContain('Payment completed successfully!');
    expect(confirmation[0].text).toContain(captured.body.trackingNumber);
    expect(confirmation[0].html).toContain(captured.body.trackingNumber);
    const vendorMail = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(f.vendor.ownerEmail)}`)).body
      .items;
    expect(
      vendorMail.filter((m: { subject: string }) => m.subject.startsWith(`New order ${order.reference}`)),
    ).toHaveLength(1);
  });

  it('answers 402 with the customer-facing message when the payment is declined', async () => {
    const f = await bookingFixture(t);
    // The test provider declines any payment whose description carries "[decline]".
    const order = await orderFor(f, { contents: 'Books [decline]' });
    const start = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth);
    await t.app.request(pathOf(start.body.approveUrl), { method: 'POST' });

    const declined = await t.post(`/api/v1/orders/${order.id}/payment/capture`, undefined, f.auth);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      code: 'payment_declined',
      detail: 'Payment failed. Please try again.',
    });
    const detail = await t.get(`/api/v1/orders/${order.id}`, f.auth);
    expect(detail.body).toMatchObject({ status: 'awaiting_payment', paidAt: null, trackingNumber: null });
    // The next try is a new provider request: nothing was paid, so it must not replay the decline.
    const row = await t.deps.db.query.payments.findFirst({ where: eq(payments.orderId, order.id) });
    expect(row).toMatchObject({ status: 'created', attempt: 2 });
    expect((await t.post(`/api/v1/orders/${order.id}/payment/capture`, undefined, f.auth)).status).toBe(402);
    expect(
      (await t.deps.db.query.payments.findFirst({ where: eq(payments.orderId, order.id) }))!.attempt,
    ).toBe(3);
  });

  it('tells the client to start the payment first, and keeps payment to the customer who booked', async () => {
    const f = await bookingFixture(t);
    const order = await orderFor(f);
    const capture = await t.post(`/api/v1/orders/${order.id}/payment/capture`, undefined, f.auth);
    expect(capture.status).toBe(409);
    expect(capture.body.code).toBe('payment_not_started');

    const vendor = t.bearer(f.vendor.owner.accessToken);
    expect((await t.post(`/api/v1/orders/${order.id}/payment`, undefined, vendor)).status).toBe(404);
    const stranger = await signUpVerified(t, 'payer@example.com');
    expect(
      (await t.post(`/api/v1/orders/${order.id}/payment`, undefined, t.bearer(stranger.accessToken))).status,
    ).toBe(404);

    await t.post(`/api/v1/orders/${order.id}/cancel`, {}, f.auth);
    const cancelled = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.code).toBe('order_cancelled');
  });

  it('refunds a payment captured after the order was cancelled', async () => {
    const f = await bookingFixture(t);
    const order = await orderFor(f);
    const start = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth);
    await t.app.request(pathOf(start.body.approveUrl), { method: 'POST' });
    // The customer cancels in one tab while the other tab's capture is already on its way.
    await t.post(`/api/v1/orders/${order.id}/cancel`, {}, f.auth);
    const { capturePayment } = await import('./payments.service');
    const row = await t.deps.db.query.payments.findFirst({ where: eq(payments.orderId, order.id) });
    await capturePayment(t.deps, row!.id);
    const after = await t.deps.db.query.payments.findFirst({ where: eq(payments.orderId, order.id) });
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: 1200 });
    expect((await t.deps.payments.getOrder(start.body.providerOrderId)).captureState).toBe('REFUNDED');
    expect((await t.get(`/api/v1/orders/${order.id}`, f.auth)).body.status).toBe('cancelled');
  });

  it('404s on unknown test payments, and always while PayPal is configured', async () => {
    expect((await t.get('/api/v1/test-payments/TESTNOPE/approve')).status).toBe(404);
    expect((await t.call('POST', '/api/v1/test-payments/TESTNOPE/approve')).status).toBe(404);
    const withPayPal = await createTestApp({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' });
    try {
      const res = await withPayPal.get('/api/v1/test-payments/TEST0001/approve');
      expect(res.status).toBe(404);
      expect(res.body.detail).toMatch(/Test payments are off/);
    } finally {
      withPayPal.close();
    }
  });

  it('rejects webhooks the test provider cannot have signed', async () => {
    const res = await t.post('/api/v1/webhooks/paypal', {
      id: 'WH-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('webhook_signature_invalid');
  });
});

describe('the PayPal webhook endpoint', () => {
  it('refuses a flood from one address before making any verification call', async () => {
    let verifications = 0;
    t.deps.payments.verifyWebhook = async () => {
      verifications++;
      return false;
    };
    const send = () =>
      t.app.request('/api/v1/webhooks/paypal', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} }),
      });
    for (let i = 0; i < WEBHOOK_LIMIT.max; i++) expect((await send()).status).toBe(400);
    const flooded = await send();
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(verifications).toBe(WEBHOOK_LIMIT.max);
  });
});
