import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectPdf, readBarcode } from '../../../testing/pdf-inspect';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { bookingBody, bookingFixture, quoteOptionFor } from './orders.testing';

let t: TestApp;
const TODAY = '2026-03-10';

beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

type Fixture = Awaited<ReturnType<typeof bookingFixture>>;

/** Books and pays an order in TEST MODE; answers its detail. */
async function paidOrder(f: Fixture, pay = true) {
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const order = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
  expect(order.status).toBe(201);
  if (pay) {
    const start = await t.post(`/api/v1/orders/${order.body.id}/payment`, undefined, f.auth);
    await t.call('POST', new URL(start.body.approveUrl).pathname);
    expect((await t.post(`/api/v1/orders/${order.body.id}/payment/capture`, undefined, f.auth)).status).toBe(
      200,
    );
  }
  return (await t.get(`/api/v1/orders/${order.body.id}`, f.auth)).body;
}

/** The raw bytes of a response the harness did not parse as JSON. */
async function bytesOf(res: Response) {
  return new Uint8Array(await res.arrayBuffer());
}

describe('labels of one order and of a selection', () => {
  it('answers an order in each format, and its printed tracking code opens /track', async () => {
    const f = await bookingFixture(t);
    const order = await paidOrder(f);

    const pdf = await t.app.request(`/api/v1/orders/${order.id}/labels?format=pdf-a4`, { headers: f.auth });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Content-Disposition')).toBe(
      `attachment; filename="consign-labels-${order.id.slice(-8)}.pdf"`,
    );
    const { pages } = await inspectPdf(await bytesOf(pdf));
    expect(pages).toHaveLength(1);
    expect(pages[0]?.images.filter((i) => i.height === 1).map(readBarcode)).toEqual([order.trackingNumber]);
    const printed = pages[0]?.runs[pages[0].runs.indexOf('TRACK') + 1] ?? '';

    const tracked = await t.get(`/api/v1/tracking/${encodeURIComponent(printed)}`);
    expect(tracked.status).toBe(200);
    expect(printed.replace(/\s/g, '')).toBe(order.trackingCode);

    const zpl = await t.app.request(`/api/v1/orders/${order.id}/labels?format=zpl`, { headers: f.auth });
    expect(zpl.status).toBe(200);
    expect(zpl.headers.get('Content-Type')).toBe('text/plain; charset=us-ascii');
    const text = await zpl.text();
    expect(text.match(/\^XA[\s\S]*?\^XZ/g)).toHaveLength(1);
    expect(text).toContain(`^FD>:${order.trackingNumber}^FS`);

    const four = await t.app.request(`/api/v1/orders/${order.id}/labels`, { headers: f.auth });
    const [page] = (await inspectPdf(await bytesOf(four))).pages;
    expect([page?.width, page?.height]).toEqual([288, 432]);

    const bad = await t.get(`/api/v1/orders/${order.id}/labels?format=png`, f.auth);
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe('format');
  });

  it('prints a selection in the order asked, and names what cannot be printed', async () => {
    const f = await bookingFixture(t);
    const a = await paidOrder(f);
    const b = await paidOrder(f);
    const unpaid = await paidOrder(f, false);

    const res = await t.app.request('/api/v1/orders/labels', {
      method: 'POST',
      headers: { ...f.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ orderIds: [b.id, a.id], format: 'pdf-4x6' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="consign-labels-2-orders.pdf"');
    const { pages } = await inspectPdf(await bytesOf(res));
    expect(pages.map((p) => p.runs.at(-1))).toEqual([b.trackingNumber, a.trackingNumber]);

    const refused = await t.post('/api/v1/orders/labels', { orderIds: [a.id, unpaid.id] }, f.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('order_not_paid');
    expect(refused.body.errors).toEqual([
      {
        path: 'orderIds.1',
        message: `#${unpaid.id.slice(-8)}: The label is available once the order is paid`,
      },
    ]);

    const stranger = await signUpVerified(t, 'stranger@example.com');
    const hidden = await t.post(
      '/api/v1/orders/labels',
      { orderIds: [a.id] },
      t.bearer(stranger.accessToken),
    );
    expect(hidden.status).toBe(404);

    const empty = await t.post('/api/v1/orders/labels', { orderIds: [] }, f.auth);
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0]).toEqual({ path: 'orderIds', message: 'Choose at least one order' });
  });
});
