/**
 * The shopper's signed link to an order (docs/widget.md, "After the booking"): made on the
 * return from the provider or by the order's own customer, it opens that order's summary and
 * label without a sign-in, nothing else, and a changed or lapsed link gets a clear refusal.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectPdf, readBarcode } from '../../../testing/pdf-inspect';
import { orderViewToken } from '../../lib/order-view-token';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookingBody, bookingFixture, quoteOptionFor } from './orders.testing';

let t: TestApp;
const TODAY = '2026-03-10';
let now: Date;

beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

/** Books an order; approved at the TEST MODE page, then captured on the buyer's return alone. */
async function returnedOrder() {
  const f = await bookingFixture(t);
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const order = (await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth)).body;
  const start = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  const back = await t.post('/api/v1/payments/return', { token: start.body.providerOrderId });
  expect(back.status).toBe(200);
  return { f, order, back: back.body as { orderView: { token: string; expiresAt: string } } };
}

describe('a signed link to one order', () => {
  it('is given on the return from the provider and opens the summary and the label with no sign-in', async () => {
    const { order, back } = await returnedOrder();
    expect(back.orderView.expiresAt).toBe('2026-04-09T10:00:00.000Z');
    const { token } = back.orderView;
    // The token never contains the order id in the clear, so it says nothing to a guesser.
    expect(token).not.toContain(order.id);

    const view = await t.get(`/api/v1/order-views/${token}`);
    expect(view.status).toBe(200);
    expect(view.headers.get('Cache-Control')).toBe('private, no-store');
    expect(view.body).toEqual({
      id: order.id,
      reference: order.reference,
      status: 'pending',
      serviceType: 'domestic',
      serviceName: expect.stringMatching(/^Next Day /),
      vendorName: expect.stringMatching(/^Speedy Parcels /),
      collectionDate: TODAY,
      from: { town: 'London', country: 'GB' },
      to: { town: 'Edinburgh', country: 'GB' },
      price: { total: order.price.total, currency: 'GBP' },
      paid: true,
      trackingNumber: expect.any(String),
      label: { available: true },
      expiresAt: '2026-04-09T10:00:00.000Z',
    });
    // Towns only: no names, streets, emails or phones of sender or recipient.
    expect(JSON.stringify(view.body)).not.toMatch(/Sam Sender|Robin Recipient|High Street|@example\.com/);

    const label = await t.app.request(`/api/v1/order-views/${token}/label.pdf`);
    expect(label.status).toBe(200);
    expect(label.headers.get('Content-Type')).toBe('application/pdf');
    expect(label.headers.get('Content-Disposition')).toBe(
      `attachment; filename="consign-label-${order.id.slice(-8)}.pdf"`,
    );
    const { pages } = await inspectPdf(new Uint8Array(await label.arrayBuffer()));
    expect(pages[0]?.images.filter((i) => i.height === 1).map(readBarcode)).toEqual([
      view.body.trackingNumber,
    ]);
  });

  it('is given to the order’s own customer only, and opens that order alone', async () => {
    const f = await bookingFixture(t);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const mine = (await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth)).body;
    const other = await bookingFixture(t);

    const link = await t.post(`/api/v1/orders/${mine.id}/view-link`, undefined, f.auth);
    expect(link.status).toBe(200);
    expect(link.body).toEqual({ token: expect.any(String), expiresAt: '2026-04-09T10:00:00.000Z' });
    expect((await t.post(`/api/v1/orders/${mine.id}/view-link`, undefined, other.auth)).status).toBe(404);
    expect((await t.post(`/api/v1/orders/${mine.id}/view-link`)).status).toBe(401);

    // Not paid yet: the summary says so, and the label is refused with the reason.
    const view = await t.get(`/api/v1/order-views/${link.body.token}`);
    expect(view.body).toMatchObject({
      id: mine.id,
      paid: false,
      status: 'awaiting_payment',
      label: { available: false, reason: 'The label is available once the order is paid' },
    });
    const label = await t.get(`/api/v1/order-views/${link.body.token}/label.pdf`);
    expect(label.status).toBe(409);
    expect(label.body).toMatchObject({ code: 'order_not_paid' });

    // A token made for another order id opens that order only, whatever the path says.
    const theirs = (
      await t.post(
        '/api/v1/orders',
        bookingBody((await quoteOptionFor(t, f.vendor.service.id)).option.id, TODAY),
        other.auth,
      )
    ).body;
    const theirLink = (await t.post(`/api/v1/orders/${theirs.id}/view-link`, undefined, other.auth)).body;
    expect((await t.get(`/api/v1/order-views/${theirLink.token}`)).body.id).toBe(theirs.id);
  });

  it('refuses a changed, foreign or expired link with a clear problem, never a 500', async () => {
    const { order, back } = await returnedOrder();
    const { token } = back.orderView;
    const [payload, signature] = token.split('.') as [string, string];

    // Another order id under the old signature.
    const forged = `${Buffer.from(JSON.stringify({ o: 'another-order', e: 4_000_000_000 })).toString('base64url')}.${signature}`;
    for (const bad of [
      forged,
      `${payload}.${signature.slice(0, -2)}xx`,
      'not-a-token',
      `${payload}.`,
      `${token}.x`,
    ]) {
      const res = await t.get(`/api/v1/order-views/${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(404);
      expect(res.body).toMatchObject({
        code: 'order_link_invalid',
        detail: expect.stringMatching(/not valid/),
      });
    }
    // Signed with another secret: the same refusal.
    const elsewhere = orderViewToken('another-secret-of-enough-length-0123456789', order.id, now).token;
    expect((await t.get(`/api/v1/order-views/${elsewhere}`)).body.code).toBe('order_link_invalid');

    // Thirty days on, the link has lapsed: 410, and the label too.
    now = new Date('2026-04-09T10:00:01Z');
    const lapsed = await t.get(`/api/v1/order-views/${token}`);
    expect(lapsed.status).toBe(410);
    expect(lapsed.body).toMatchObject({
      code: 'order_link_expired',
      detail: expect.stringMatching(/expired/),
    });
    expect((await t.get(`/api/v1/order-views/${token}/label.pdf`)).status).toBe(410);
  });
});
