import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectPdf, readBarcode } from '../../../testing/pdf-inspect';
import { courierServices, orderEvents, orders, payments } from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { changeOrderStatus } from './orders.service';
import {
  address,
  bookingBody,
  bookingFixture,
  createVendorWithService,
  customsBody,
  deliveryAddress,
  itemBody,
  quoteOptionFor,
} from './orders.testing';
import { isValidTrackingNumber } from './tracking';

let t: TestApp;
let now: Date;
const TODAY = '2026-03-10';
const minutes = (n: number) => n * 60 * 1000;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeEach(async () => {
  t = await createTestApp();
  // A Tuesday morning in winter: UK time is UTC.
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

type Fixture = Awaited<ReturnType<typeof bookingFixture>>;

async function book(
  f: Fixture,
  overrides: Record<string, unknown> = {},
  quoteRequest?: Record<string, unknown>,
) {
  const { option } = await quoteOptionFor(t, f.vendor.service.id, quoteRequest);
  return t.post('/api/v1/orders', bookingBody(option.id, TODAY, overrides), f.auth);
}

/** Books and pays with the built-in test provider; answers the paid order. */
async function bookAndPay(
  f: Fixture,
  overrides: Record<string, unknown> = {},
  quoteRequest?: Record<string, unknown>,
) {
  const created = await book(f, overrides, quoteRequest);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, f.auth);
  expect(start.status).toBe(200);
  const approve = await t.call('POST', new URL(start.body.approveUrl).pathname);
  expect(approve.status).toBe(303);
  const captured = await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth);
  expect(captured.status).toBe(200);
  return captured.body;
}

const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

describe('POST /orders', () => {
  it('creates an order awaiting payment with the server’s price breakdown and an event', async () => {
    const f = await bookingFixture(t, { price: 1000 });
    const { quote, option } = await quoteOptionFor(t, f.vendor.service.id);
    const res = await t.post(
      '/api/v1/orders',
      bookingBody(option.id, TODAY, {
        coverAmount: 5000,
        collectionAddress: address({ postcode: 'sw1a1aa' }),
        notes: 'Ring the bell twice',
      }),
      f.auth,
    );
    expect(res.status).toBe(201);
    const order = res.body;
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      reference: `#${order.id.slice(-8)}`,
      serviceType: 'domestic',
      courierServiceId: f.vendor.service.id,
      quoteOptionId: option.id,
      // 20% VAT on the delivery only; the cover fee (88p for £50) is insurance, outside VAT
      price: { net: 1000, vat: 200, coverFee: 88, total: 1288, currency: 'GBP' },
      coverAmount: 5000,
      contentValue: 2500,
      collectionDate: TODAY,
      notes: 'Ring the bell twice',
      parcels: quote.request.parcels,
      trackingNumber: null,
      documents: { label: null, customs: null },
      actions: { pay: true, cancel: true },
      paidAt: null,
    });
    expect(order.collectionAddress.postcode).toBe('SW1A 1AA');
    expect(order.price.total).toBe(option.price.total + 88);

    const detail = await t.get(`/api/v1/orders/${order.id}`, f.auth);
    expect(detail.body.events).toEqual([
      {
        at: now.toISOString(),
        from: null,
        to: 'awaiting_payment',
        actorRole: 'customer',
        note: 'Order placed',
        event: null,
        expectedDelivery: null,
        driverName: null,
        windowFrom: null,
        windowTo: null,
        claimStatus: null,
        adjustmentStatus: null,
        returnLink: null,
        linkedOrderId: null,
        description: 'Order placed, waiting for payment',
      },
    ]);
  });

  it('dates delivery from the order’s collection day, not the quote’s', async () => {
    // Quoted for today (Tuesday 10th: next day is Wednesday), booked for Friday 13th.
    const f = await bookingFixture(t);
    const { quote, option } = await quoteOptionFor(t, f.vendor.service.id);
    expect(quote.collectionDate).toBe(TODAY);
    expect(option.estimatedDelivery).toBe('2026-03-11');
    const res = await t.post('/api/v1/orders', bookingBody(option.id, '2026-03-13'), f.auth);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ collectionDate: '2026-03-13', estimatedDelivery: '2026-03-16' });
    const detail = await t.get(`/api/v1/orders/${res.body.id}`, f.auth);
    expect(detail.body.estimatedDelivery).toBe('2026-03-16');
  });

  it('rejects any price or total sent by the client and never stores one', async () => {
    const f = await bookingFixture(t, { price: 1000 });
    const res = await book(f, { total: 1, price: { net: 1 }, coverFee: 0 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { path: '(body)', message: 'Unknown field(s): total, price, coverFee' },
    ]);
    expect(await t.deps.db.select().from(orders)).toHaveLength(0);
  });

  it('names every missing or invalid field with the booking form’s messages', async () => {
    const f = await bookingFixture(t);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const res = await t.post(
      '/api/v1/orders',
      {
        quoteOptionId: option.id,
        collectionAddress: { country: 'GB', postcode: 'NOT A CODE', email: 'nope' },
        deliveryAddress: deliveryAddress({ phone: '', county: ' ' }),
        collectionDate: '2026-02-30',
        contents: '',
        contentValue: -1,
      },
      f.auth,
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(errorsOf(res.body)).toEqual({
      'collectionAddress.name': 'Name is required',
      'collectionAddress.email': 'Not a valid email',
      'collectionAddress.phone': 'Contact number is required',
      'collectionAddress.line1': 'Street is required',
      'collectionAddress.town': 'Town is required',
      'collectionAddress.county': 'County is required',
      'deliveryAddress.phone': 'Contact number is required',
      'deliveryAddress.county': 'County is required',
      collectionDate: 'Collection date is not a real date',
      contents: 'Package content is required',
      contentValue: 'Content value cannot be negative',
      coverAmount: 'Choose a cover option (0 for no extended cover)',
    });

    const postcode = await book(f, { collectionAddress: address({ postcode: 'ZZ99 9ZZ' }) });
    expect(errorsOf(postcode.body)).toEqual({
      'collectionAddress.postcode': 'Enter a valid UK postcode, such as SW1A 1AA',
    });
    const cover = await book(f, { coverAmount: 1234 });
    expect(errorsOf(cover.body)).toEqual({
      coverAmount: 'Choose one of the cover amounts, or 0 for no extended cover',
    });
    const phone = await book(f, { deliveryAddress: deliveryAddress({ phone: 'call me' }) });
    expect(errorsOf(phone.body)).toEqual({
      'deliveryAddress.phone': 'Contact number must be 7 to 20 digits, spaces or brackets',
    });
    expect(await t.deps.db.select().from(orders)).toHaveLength(0);
  });

  it('refuses a collection date before today in UK time', async () => {
    const f = await bookingFixture(t);
    const yesterday = await book(f, { collectionDate: '2026-03-09' });
    expect(yesterday.status).toBe(422);
    expect(errorsOf(yesterday.body)).toEqual({ collectionDate: 'Collection date cannot be before today' });

    // 23:30 UTC on 10 June is 00:30 on 11 June in London (BST): 10 June is already past.
    now = new Date('2026-06-10T23:30:00Z');
    const late = await book(f, { collectionDate: '2026-06-10' });
    expect(errorsOf(late.body)).toEqual({ collectionDate: 'Collection date cannot be before today' });
    expect((await book(f, { collectionDate: '2026-06-11' })).status).toBe(201);
  });

  it('answers 409 with a clear message once the quote has expired', async () => {
    const f = await bookingFixture(t);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    advance(minutes(30));
    const res = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'quote_expired',
      detail: 'This quote has expired; please get a new quote',
    });
  });

  it('does not know options that do not exist or belong to someone else’s quote', async () => {
    const f = await bookingFixture(t);
    const unknown = await t.post('/api/v1/orders', bookingBody('no-such-option', TODAY), f.auth);
    expect(unknown.status).toBe(422);
    expect(errorsOf(unknown.body)).toEqual({ quoteOptionId: 'This quote option does not exist' });

    const other = await signUpVerified(t, 'other-quoter@example.com');
    const { option } = await quoteOptionFor(t, f.vendor.service.id, undefined, other.accessToken);
    const res = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
    expect(errorsOf(res.body)).toEqual({ quoteOptionId: 'This quote option does not exist' });
    // an anonymous quote may be booked by whoever signs in
    expect((await book(f)).status).toBe(201);
  });

  it('keeps a domestic booking inside the UK and without customs papers', async () => {
    const f = await bookingFixture(t);
    const res = await book(f, {
      deliveryAddress: deliveryAddress({ country: 'FR', postcode: '75001' }),
      customs: customsBody(),
      items: [itemBody()],
    });
    expect(errorsOf(res.body)).toEqual({
      'deliveryAddress.country':
        'This is a UK delivery: the delivery address must be in the United Kingdom (GB)',
      customs: 'Customs details are only for international shipments',
      items: 'The breakdown of contents is only for international shipments',
    });
  });

  it('requires customs details and a valid breakdown for international shipments', async () => {
    const f = await bookingFixture(t, {
      serviceType: 'international',
      toLocation: ['FR', 'DE'],
      price: 3000,
    });
    const intl = { serviceType: 'international', to: 'FR' };
    // Paris has no county: abroad the field is only filled where the destination uses one.
    const { county: _none, ...france } = deliveryAddress({ country: 'FR', postcode: '75001', town: 'Paris' });

    const missing = await book(f, { deliveryAddress: france }, intl);
    expect(errorsOf(missing.body)).toEqual({
      customs: 'Customs details are required for international shipments',
      items: 'Add at least one item to the breakdown of contents',
    });

    const bad = await book(
      f,
      {
        deliveryAddress: france,
        customs: customsBody({ senderType: 'company', recipientEori: 'not an eori' }),
        items: [
          itemBody({
            description: 'Shirt!',
            hsCode: '12345',
            quantity: 0,
            unitValue: 0,
            originCountry: 'XX',
          }),
          itemBody({ quantity: 1.5 }),
        ],
      },
      intl,
    );
    expect(errorsOf(bad.body)).toEqual({
      'customs.senderCompanyName': 'Sender company name is required',
      'customs.recipientEori':
        'Recipient EORI number must be 2 letters then up to 15 letters or digits, such as GB123456789000',
      'items.0.description': "Description may contain letters, numbers, spaces and , . - / % & ' ( ) + only",
      'items.0.hsCode': 'HS code must be 6 to 10 digits',
      'items.0.quantity': 'Quantity must be at least 1',
      'items.0.unitValue': 'Unit value must be at least 0.01',
      'items.0.originCountry': 'Choose the country of manufacture from the list',
      'items.1.quantity': 'Quantity must be a whole number',
    });

    const wrongCountry = await book(
      f,
      {
        deliveryAddress: deliveryAddress({ country: 'DE', postcode: '10115' }),
        customs: customsBody(),
        items: [itemBody()],
      },
      intl,
    );
    expect(errorsOf(wrongCountry.body)).toEqual({
      'deliveryAddress.country':
        'This quote is for delivery to France (FR); the delivery address must be there',
    });

    const ok = await book(
      f,
      {
        deliveryAddress: france,
        customs: customsBody({
          senderType: 'company',
          senderCompanyName: 'Sam Ltd',
          senderEori: 'gb123456789000',
        }),
        items: [
          itemBody(),
          itemBody({ description: 'Wool scarf, 100% merino', hsCode: '6117100000', quantity: 1 }),
        ],
        coverAmount: 10000,
      },
      intl,
    );
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      serviceType: 'international',
      // exports are zero-rated; the cover fee for £100 is £2.68
      price: { net: 3000, vat: 0, coverFee: 268, total: 3268, currency: 'GBP' },
      customs: { senderType: 'company', senderCompanyName: 'Sam Ltd', senderEori: 'GB123456789000' },
      items: [
        { description: 'Cotton shirt' },
        { description: 'Wool scarf, 100% merino', hsCode: '6117100000' },
      ],
      deliveryAddress: { town: 'Paris', county: '' },
    });
  });

  it('follows the destination’s address conventions: no postcode in Dubai, a required state or province in North America', async () => {
    // Issue 51, item 12f: one rule for the API and the form (@consign/shared/addresses).
    const f = await bookingFixture(t, {
      serviceType: 'international',
      toLocation: ['AE', 'US', 'CA'],
      price: 3000,
    });
    const abroad = (to: string, address: Record<string, unknown>) =>
      book(
        f,
        {
          deliveryAddress: { ...deliveryAddress({ country: to }), ...address },
          customs: customsBody(),
          items: [itemBody()],
        },
        { serviceType: 'international', to },
      );

    const dubai = await abroad('AE', { town: 'Dubai', county: '', postcode: '' });
    expect(dubai.status, JSON.stringify(dubai.body)).toBe(201);
    expect(dubai.body.deliveryAddress).toMatchObject({ town: 'Dubai', postcode: '' });

    const noState = await abroad('US', { town: 'New York', county: '', postcode: '10001' });
    expect(errorsOf(noState.body)).toEqual({ 'deliveryAddress.county': 'State is required' });
    const noProvince = await abroad('CA', { town: 'Toronto', county: '', postcode: '' });
    expect(errorsOf(noProvince.body)).toEqual({
      'deliveryAddress.county': 'Province is required',
      'deliveryAddress.postcode': 'Postcode is required',
    });
    expect((await abroad('US', { town: 'New York', county: 'NY', postcode: '10001' })).status).toBe(201);
  });

  it('offers GBP cover only on GBP prices', async () => {
    const f = await bookingFixture(t, { serviceType: 'international', currency: 'EUR', toLocation: 'Any' });
    const body = {
      deliveryAddress: deliveryAddress({ country: 'FR', postcode: '75001' }),
      customs: customsBody(),
      items: [itemBody()],
    };
    const res = await book(f, { ...body, coverAmount: 5000 }, { serviceType: 'international', to: 'FR' });
    expect(errorsOf(res.body)).toEqual({
      coverAmount: 'Extended cover is priced in GBP and cannot be added to a price in EUR',
    });
    const ok = await book(f, { ...body, coverAmount: 0 }, { serviceType: 'international', to: 'FR' });
    expect(ok.body.price).toMatchObject({ currency: 'EUR', coverFee: 0 });
  });

  it('books same-day only between the quoted postcodes', async () => {
    const f = await bookingFixture(t, { serviceType: 'same_day' });
    const sameDay = { serviceType: 'same_day', fromPostcode: 'SW1A 1AA', toPostcode: 'EC1A 1BB' };
    const res = await book(f, { deliveryAddress: deliveryAddress({ postcode: 'EC2A 2BB' }) }, sameDay);
    expect(errorsOf(res.body)).toEqual({
      'deliveryAddress.postcode':
        'The same-day price was quoted for EC1A 1BB; get a new quote for another postcode',
    });
    const ok = await book(f, { deliveryAddress: deliveryAddress({ postcode: 'ec1a1bb' }) }, sameDay);
    expect(ok.status).toBe(201);
  });

  it('refuses a service that stopped trading after the quote', async () => {
    const f = await bookingFixture(t);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    await t.deps.db
      .update(courierServices)
      .set({ status: 'inactive' })
      .where(eq(courierServices.id, f.vendor.service.id));
    const res = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('service_unavailable');
  });

  it('needs a signed-in caller', async () => {
    expect((await t.post('/api/v1/orders', bookingBody('x', TODAY))).status).toBe(401);
  });

  it('books once per Idempotency-Key: replays, rejects another body, and survives a burst', async () => {
    const f = await bookingFixture(t);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const body = bookingBody(option.id, TODAY);
    const key = { ...f.auth, 'Idempotency-Key': 'book-1' };
    const first = await t.post('/api/v1/orders', body, key);
    const second = await t.post('/api/v1/orders', body, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');

    const different = await t.post('/api/v1/orders', { ...body, contents: 'Shoes' }, key);
    expect(different.status).toBe(422);
    expect(different.body.code).toBe('idempotency_key_reused');

    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post('/api/v1/orders', body, { ...f.auth, 'Idempotency-Key': 'book-2' }),
      ),
    );
    expect(burst.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(burst.filter((r) => r.status === 201).map((r) => r.body.id)).size).toBe(1);
    expect(await t.deps.db.select().from(orders)).toHaveLength(2);
  });
});

describe('GET /orders', () => {
  it('lists the caller’s orders newest first, a page at a time, with totals', async () => {
    const f = await bookingFixture(t, { price: 1000 });
    const paid = await bookAndPay(f);
    advance(minutes(1));
    const second = (await book(f, { coverAmount: 2000 })).body;
    advance(minutes(1));
    const third = (await book(f)).body;
    await t.post(`/api/v1/orders/${third.id}/cancel`, {}, f.auth);

    const page1 = await t.get('/api/v1/orders?limit=2', f.auth);
    expect(page1.status).toBe(200);
    expect(page1.body.items.map((o: { id: string }) => o.id)).toEqual([third.id, second.id]);
    expect(page1.body.totals).toEqual({
      count: 3,
      pending: 1,
      sum: [{ currency: 'GBP', amount: paid.price.total }],
    });
    const page2 = await t.get(`/api/v1/orders?limit=2&cursor=${page1.body.nextCursor}`, f.auth);
    expect(page2.body.items.map((o: { id: string }) => o.id)).toEqual([paid.id]);
    expect(page2.body.nextCursor).toBeNull();
    expect(page2.body.items[0].payment).toMatchObject({ provider: 'test', status: 'captured' });

    const pending = await t.get('/api/v1/orders?status=pending', f.auth);
    expect(pending.body.items.map((o: { id: string }) => o.id)).toEqual([paid.id]);

    const stranger = await signUpVerified(t, 'stranger@example.com');
    const theirs = await t.get('/api/v1/orders', t.bearer(stranger.accessToken));
    expect(theirs.body).toEqual({ items: [], nextCursor: null, totals: { count: 0, pending: 0, sum: [] } });

    expect((await t.get('/api/v1/orders?cursor=garbage', f.auth)).status).toBe(422);
    expect((await t.get('/api/v1/orders?limit=500', f.auth)).status).toBe(422);
  });
});

describe('GET /orders/{id}', () => {
  it('shows the order and its timeline to its customer and its vendor only', async () => {
    const f = await bookingFixture(t);
    const paid = await bookAndPay(f);
    const mine = await t.get(`/api/v1/orders/${paid.id}`, f.auth);
    expect(
      mine.body.events.map((e: { from: string; to: string; actorRole: string }) => [
        e.from,
        e.to,
        e.actorRole,
      ]),
    ).toEqual([
      [null, 'awaiting_payment', 'customer'],
      ['awaiting_payment', 'pending', 'system'],
    ]);

    const vendorView = await t.get(`/api/v1/orders/${paid.id}`, t.bearer(f.vendor.owner.accessToken));
    expect(vendorView.status).toBe(200);
    expect(vendorView.body.actions).toMatchObject({ pay: false, cancel: true, nextStatuses: ['confirmed'] });

    const otherCustomer = await signUpVerified(t, 'nosy@example.com');
    expect((await t.get(`/api/v1/orders/${paid.id}`, t.bearer(otherCustomer.accessToken))).status).toBe(404);
    const otherVendor = await createVendorWithService(t);
    expect((await t.get(`/api/v1/orders/${paid.id}`, t.bearer(otherVendor.owner.accessToken))).status).toBe(
      404,
    );
    expect((await t.get('/api/v1/orders/does-not-exist', f.auth)).status).toBe(404);
  });
});

describe('POST /orders/{id}/cancel', () => {
  const refundedAtProvider = async (orderId: string) => {
    const payment = await t.deps.db.query.payments.findFirst({ where: eq(payments.orderId, orderId) });
    return (await t.deps.payments.getOrder(payment!.providerOrderId)).captureState;
  };

  it('lets the customer cancel an unpaid order at any time, with nothing to refund', async () => {
    const f = await bookingFixture(t);
    const order = (await book(f)).body;
    const other = (await book(f)).body;
    advance(minutes(24 * 60));
    // A body is optional.
    expect((await t.call('POST', `/api/v1/orders/${other.id}/cancel`, undefined, f.auth)).status).toBe(200);
    const res = await t.post(`/api/v1/orders/${order.id}/cancel`, { reason: 'Changed my mind' }, f.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      payment: null,
      actions: { cancel: false, pay: false },
    });
    expect(res.body.events.at(-1)).toMatchObject({
      from: 'awaiting_payment',
      to: 'cancelled',
      actorRole: 'customer',
      note: 'Changed my mind',
    });
    const again = await t.post(`/api/v1/orders/${order.id}/cancel`, {}, f.auth);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('order_final');
  });

  it('refunds a paid order the customer cancels within the hour, and emails them', async () => {
    const f = await bookingFixture(t);
    const paid = await bookAndPay(f);
    advance(minutes(59));
    const res = await t.post(`/api/v1/orders/${paid.id}/cancel`, {}, f.auth);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(res.body.payment).toMatchObject({ status: 'refunded', refundedAt: now.toISOString() });
    expect(await refundedAtProvider(paid.id)).toBe('REFUNDED');
    const mail = await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(f.customerEmail)}`);
    const cancelled = mail.body.items.find(
      (m: { subject: string }) => m.subject === `Order ${paid.reference} is now cancelled`,
    );
    expect(cancelled.text).toContain('has been refunded');
    // the order and the money cannot go back again, and it cannot be paid again
    expect((await t.post(`/api/v1/orders/${paid.id}/cancel`, {}, f.auth)).status).toBe(409);
    const capture = await t.post(`/api/v1/orders/${paid.id}/payment/capture`, undefined, f.auth);
    expect(capture.status).toBe(409);
    expect(capture.body.code).toBe('order_cancelled');
  });

  it('stops the customer after an hour, while the vendor may still cancel (and refund)', async () => {
    const f = await bookingFixture(t);
    const paid = await bookAndPay(f);
    advance(minutes(61));
    const late = await t.post(`/api/v1/orders/${paid.id}/cancel`, {}, f.auth);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('cancel_window_closed');
    expect((await t.get(`/api/v1/orders/${paid.id}`, f.auth)).body.actions.cancel).toBe(false);

    const byVendor = await t.post(
      `/api/v1/orders/${paid.id}/cancel`,
      { reason: 'No driver available' },
      t.bearer(f.vendor.owner.accessToken),
    );
    expect(byVendor.status).toBe(200);
    expect(byVendor.body.events.at(-1)).toMatchObject({ actorRole: 'vendor', note: 'No driver available' });
    expect(await refundedAtProvider(paid.id)).toBe('REFUNDED');
  });

  it('stops the customer once the parcel is in transit; the vendor may cancel until delivered', async () => {
    const f = await bookingFixture(t);
    const a = await bookAndPay(f);
    const vendor = { id: f.vendor.owner.user.id, role: 'vendor' as const };
    await changeOrderStatus(t.deps, a.id, 'confirmed', vendor);
    await changeOrderStatus(t.deps, a.id, 'in_transit', vendor, { note: 'Collected' });
    advance(minutes(5));
    const res = await t.post(`/api/v1/orders/${a.id}/cancel`, {}, f.auth);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('An order in transit can no longer be cancelled');
    expect(
      (await t.post(`/api/v1/orders/${a.id}/cancel`, {}, t.bearer(f.vendor.owner.accessToken))).status,
    ).toBe(200);

    const b = await bookAndPay(f);
    await changeOrderStatus(t.deps, b.id, 'confirmed', vendor);
    await changeOrderStatus(t.deps, b.id, 'in_transit', vendor);
    await changeOrderStatus(t.deps, b.id, 'delivered', vendor);
    const delivered = await t.post(`/api/v1/orders/${b.id}/cancel`, {}, t.bearer(f.vendor.owner.accessToken));
    expect(delivered.status).toBe(409);
    expect(delivered.body.code).toBe('order_final');
    // each change was an event, and the customer heard of each
    const events = await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, b.id));
    expect(events.map((e) => e.to)).toEqual([
      'awaiting_payment',
      'pending',
      'confirmed',
      'in_transit',
      'delivered',
    ]);
    const mail = await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(f.customerEmail)}`);
    const subjects = mail.body.items.map((m: { subject: string }) => m.subject);
    for (const status of ['confirmed', 'in transit', 'delivered']) {
      expect(subjects).toContain(`Order ${b.reference} is now ${status}`);
    }
  });

  it('is 404 for someone else’s order', async () => {
    const f = await bookingFixture(t);
    const order = (await book(f)).body;
    const other = await signUpVerified(t, 'intruder@example.com');
    expect((await t.post(`/api/v1/orders/${order.id}/cancel`, {}, t.bearer(other.accessToken))).status).toBe(
      404,
    );
    const otherVendor = await createVendorWithService(t);
    expect(
      (await t.post(`/api/v1/orders/${order.id}/cancel`, {}, t.bearer(otherVendor.owner.accessToken))).status,
    ).toBe(404);
    expect((await t.get(`/api/v1/orders/${order.id}`, f.auth)).body.status).toBe('awaiting_payment');
  });
});

describe('labels and customs papers', () => {
  const download = async (path: string, headers: Record<string, string>) => {
    const res = await t.app.request(path, { headers });
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  it('serves the label only once paid: a 4x6 PDF per parcel with the tracking barcode', async () => {
    const f = await bookingFixture(t);
    const twoParcels = {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [
        { length: 30, width: 20, height: 10, weight: 2 },
        { length: 40, width: 30, height: 20, weight: 5 },
      ],
    };
    const order = (await book(f, {}, twoParcels)).body;
    const early = await t.get(`/api/v1/orders/${order.id}/label.pdf`, f.auth);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'order_not_paid',
      detail: 'The label is available once the order is paid',
    });

    await t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth);
    const payment = await t.deps.db.query.payments.findFirst({ where: eq(payments.orderId, order.id) });
    await t.call('POST', `/api/v1/test-payments/${payment!.providerOrderId}/approve`);
    const paid = (await t.post(`/api/v1/orders/${order.id}/payment/capture`, undefined, f.auth)).body;
    expect(isValidTrackingNumber(paid.trackingNumber)).toBe(true);
    expect(paid.documents).toEqual({ label: `/api/v1/orders/${order.id}/label.pdf`, customs: null });

    const { res, bytes } = await download(paid.documents.label, f.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="consign-label-${order.id.slice(-8)}.pdf"`,
    );
    const pdf = await inspectPdf(bytes);
    expect(pdf.pages).toHaveLength(2);
    for (const page of pdf.pages) {
      expect([page.width, page.height]).toEqual([288, 432]);
      expect(page.text).toContain(paid.reference);
      expect(page.text).toContain('Robin Recipient');
    }
    // The wide image is the Code 128 barcode; the square one the QR code of the tracking page.
    const [first] = pdf.pages;
    const barcode = first!.images.find((image) => image.width !== image.height)!;
    expect(readBarcode(barcode)).toBe(paid.trackingNumber);
    const qr = first!.images.find((image) => image.width === image.height)!;
    const rgba = new Uint8ClampedArray(qr.width * qr.height * 4);
    qr.pixels.forEach((value, i) => {
      rgba[Math.floor(i / 3) * 4 + (i % 3)] = value;
    });
    for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
    const detail = (await t.get(`/api/v1/orders/${order.id}`, f.auth)).body;
    expect(jsQR(rgba, qr.width, qr.height)?.data).toBe(detail.trackingUrl);
    expect(detail.trackingUrl).toBe(`http://localhost:3000/track/${detail.trackingCode}`);

    // The vendor prints it too; other people cannot.
    expect((await download(paid.documents.label, t.bearer(f.vendor.owner.accessToken))).res.status).toBe(200);
    const other = await signUpVerified(t, 'label-thief@example.com');
    expect((await download(paid.documents.label, t.bearer(other.accessToken))).res.status).toBe(404);
    expect((await t.get(`/api/v1/orders/${order.id}/customs.pdf`, f.auth)).status).toBe(404);

    await t.post(`/api/v1/orders/${order.id}/cancel`, {}, f.auth);
    const void_ = await t.get(`/api/v1/orders/${order.id}/label.pdf`, f.auth);
    expect(void_.status).toBe(409);
    expect(void_.body.code).toBe('order_cancelled');
  });

  it('serves the customs declaration of a paid international order', async () => {
    const f = await bookingFixture(t, { serviceType: 'international', toLocation: ['FR'], price: 3000 });
    const paid = await bookAndPay(
      f,
      {
        deliveryAddress: deliveryAddress({
          country: 'FR',
          postcode: '75001',
          town: 'Paris',
          county: 'Paris',
        }),
        customs: customsBody({
          recipientType: 'company',
          recipientCompanyName: 'Maison SARL',
          recipientEori: 'FR12345678901',
        }),
        items: [
          itemBody(),
          itemBody({ description: 'Leather shoes', hsCode: '64059090', quantity: 1, unitValue: 4000 }),
        ],
      },
      { serviceType: 'international', to: 'FR' },
    );
    expect(paid.documents.customs).toBe(`/api/v1/orders/${paid.id}/customs.pdf`);
    const { res, bytes } = await download(paid.documents.customs, f.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="consign-customs-${paid.id.slice(-8)}.pdf"`,
    );
    const pdf = await inspectPdf(bytes);
    const text = pdf.pages.map((p) => p.text).join('\n');
    expect(Math.round(pdf.pages[0]!.width)).toBe(595);
    for (const expected of [
      '62059080',
      '64059090',
      'Leather shoes',
      'Maison SARL',
      'FR12345678901',
      paid.reference,
    ]) {
      expect(text).toContain(expected);
    }
    const label = await download(paid.documents.label, f.auth);
    expect(label.res.status).toBe(200);
  });
});
