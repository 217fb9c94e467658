import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../context';
import { orders } from '../../db/schema';
import { logHasher } from '../../lib/logger';
import { SmtpMailer } from '../../providers/mail/smtp';
import { createTestApp, type TestApp } from '../../test/harness';
import { type LoopbackSmtp, type ReceivedMail, startSmtpServer } from '../../test/smtp-server';
import { bookingBody, bookingFixture, deliveryAddress, quoteOptionFor } from '../orders/orders.testing';
import { bookAndPay, courierMoves, type PaidFixture } from './tracking.testing';

// A Tuesday morning in winter: UK time is UTC.
const TODAY = '2026-03-10';
const NOW = new Date(`${TODAY}T10:00:00Z`);

let smtp: LoopbackSmtp;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

let t: TestApp;
let f: PaidFixture;
let vendorAuth: Record<string, string>;

async function freshApp(options: { smtp?: boolean } = {}) {
  t = await createTestApp({ PUBLIC_URL: 'https://consign.example' });
  t.deps.now = () => NOW;
  // The accounts are verified through the dev mailbox; from then on mail goes over real SMTP.
  f = await bookingFixture(t);
  vendorAuth = t.bearer(f.vendor.owner.accessToken);
  if (options.smtp) {
    const mailer = new SmtpMailer(
      smtp.url,
      'Consign <mail@consign.example>',
      t.deps.logger,
      logHasher(t.deps.config.jwtSecret),
    );
    (t.deps as { mailer: AppDeps['mailer'] }).mailer = mailer;
    closeMailer = () => mailer.close();
  }
}
let closeMailer = () => {};
afterEach(() => {
  closeMailer();
  closeMailer = () => {};
});
afterEach(() => t.close());

/** Everything personal the booking carries: none of it may appear in the public answer. */
const PERSONAL = {
  collection: {
    name: 'Priya Sender',
    email: 'priya.sender@example.com',
    phone: '+44 113 496 0001',
    line1: '14 Wharf Lane',
    line2: 'Flat 3',
  },
  delivery: {
    name: 'Robin Recipient',
    email: 'robin.recipient@example.com',
    phone: '+44 131 496 0002',
    line1: '2 Royal Mile',
    line2: 'Top floor',
  },
};

const booking = () => ({
  collectionAddress: {
    ...PERSONAL.collection,
    town: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS1 4AP',
    country: 'GB',
  },
  deliveryAddress: deliveryAddress({ ...PERSONAL.delivery, town: 'Edinburgh', postcode: 'EH1 1AA' }),
  notes: 'Ring twice, ask for Priya',
});

describe('GET /tracking/{code}', () => {
  beforeEach(() => freshApp());

  it('gives a paid order a 12-character code from the unambiguous alphabet and an absolute tracking URL', async () => {
    const order = await bookAndPay(t, f, TODAY, booking());
    expect(order.trackingCode).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{12}$/);
    expect(order.trackingCode).not.toContain(order.id.slice(-8).toUpperCase());
    expect(order.trackingUrl).toBe(`https://consign.example/track/${order.trackingCode}`);
    // The courier's view carries the same link.
    const asCourier = await t.get(`/api/v1/orders/${order.id}`, vendorAuth);
    expect(asCourier.body.trackingUrl).toBe(order.trackingUrl);
  });

  it('answers progress with no personal data: field by field, and nowhere in the whole body', async () => {
    const order = await bookAndPay(t, f, TODAY, booking());
    await courierMoves(t, f, order.id, 'confirmed');
    // Typed in lower case with a hyphen, as a person might.
    const typed = `${order.trackingCode.slice(0, 6)}-${order.trackingCode.slice(6)}`.toLowerCase();
    const res = await t.get(`/api/v1/tracking/${typed}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = res.body;
    expect(Object.keys(body).sort()).toEqual(
      [
        'code',
        'collectionDate',
        'courier',
        'delayed',
        'destination',
        'dropOffPoint',
        'lossClaim',
        'origin',
        'promisedDelivery',
        'service',
        'status',
        'timeline',
        'updatedAt',
      ].sort(),
    );
    expect(body.code).toBe(order.trackingCode);
    expect(body.status).toBe('confirmed');
    // Collected from the door: no drop-off point.
    expect(body.dropOffPoint).toBeNull();
    // Whether it looks lost, and since when: nothing of who booked it (tracking.loss-offer.test.ts).
    expect(body.lossClaim).toEqual({ offered: false, reason: null, since: null });
    expect(body.origin).toEqual({ town: 'Leeds', postcodeDistrict: 'LS1', country: 'GB' });
    expect(body.destination).toEqual({ town: 'Edinburgh', postcodeDistrict: 'EH1', country: 'GB' });
    const detail = (await t.get(`/api/v1/orders/${order.id}`, f.auth)).body;
    expect(body.courier).toEqual({ name: detail.vendor.name, website: null });
    expect(body.promisedDelivery).toBe(detail.estimatedDelivery);
    expect(body.delayed).toBe(false);
    expect(body.service).toEqual({ name: f.vendor.service.name, type: 'domestic' });
    expect(body.timeline.map((e: { status: string }) => e.status)).toEqual(['pending', 'confirmed']);
    for (const entry of body.timeline) {
      // The driver and window are a courier's words for the recipient, given with out for delivery only.
      expect(Object.keys(entry).sort()).toEqual([
        'at',
        'description',
        'driverName',
        'event',
        'status',
        'windowFrom',
        'windowTo',
      ]);
    }
    const text = JSON.stringify(body);
    for (const side of [PERSONAL.collection, PERSONAL.delivery]) {
      for (const [field, value] of Object.entries(side)) {
        expect(text, `${field} ${value}`).not.toContain(value);
      }
    }
    for (const value of ['LS1 4AP', 'EH1 1AA', 'Ring twice', f.customerEmail, order.id, order.reference]) {
      expect(text).not.toContain(value);
    }
  });

  it('answers 404 for an unknown code and for an order not yet paid', async () => {
    expect((await t.get('/api/v1/tracking/ABCDEFGHJKMN')).status).toBe(404);
    expect((await t.get('/api/v1/tracking/not-a-code')).status).toBe(404);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const unpaid = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
    const row = await t.deps.db.query.orders.findFirst({ where: eq(orders.id, unpaid.body.id) });
    const res = await t.get(`/api/v1/tracking/${row?.trackingCode}`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('No parcel has this tracking code');
  });

  it('limits guessing: after 10 unknown codes an address is refused, even a real code, with Retry-After', async () => {
    const order = await bookAndPay(t, f, TODAY);
    for (let i = 0; i < 10; i++) {
      expect((await t.get(`/api/v1/tracking/ZZZZZZZZZZ${String(i).padStart(2, '2')}`)).status).toBe(404);
    }
    const refused = await t.get(`/api/v1/tracking/${order.trackingCode}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('tracking events', () => {
  beforeEach(() => freshApp());

  it('reach the customer’s, the courier’s and the public timeline; a delay becomes the promised date', async () => {
    const order = await bookAndPay(t, f, TODAY);
    const before = (await t.get(`/api/v1/orders/${order.id}`, f.auth)).body;
    expect(before.promisedDelivery).toBe(before.estimatedDelivery);
    await courierMoves(t, f, order.id, 'confirmed', 'in_transit');

    const out = await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'out_for_delivery' },
      vendorAuth,
    );
    expect(out.status).toBe(201);
    expect(out.body.status).toBe('in_transit');
    const delayed = await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'delayed', expectedDelivery: '2026-03-16', note: 'Van broke down' },
      vendorAuth,
    );
    expect(delayed.status).toBe(201);
    expect(delayed.body.promisedDelivery).toBe('2026-03-16');
    expect(delayed.body.estimatedDelivery).toBe(before.estimatedDelivery);

    const customer = (await t.get(`/api/v1/orders/${order.id}`, f.auth)).body;
    const events = customer.events.filter((e: { event: string | null }) => e.event);
    expect(events.map((e: { event: string }) => e.event)).toEqual(['out_for_delivery', 'delayed']);
    expect(events[1]).toMatchObject({
      note: 'Van broke down',
      expectedDelivery: '2026-03-16',
      description: 'Delayed: now expected Mon, 16 Mar 2026',
    });
    expect(customer.promisedDelivery).toBe('2026-03-16');
    expect(customer.status).toBe('in_transit');

    const pub = (await t.get(`/api/v1/tracking/${order.trackingCode}`)).body;
    expect(pub.promisedDelivery).toBe('2026-03-16');
    expect(pub.delayed).toBe(true);
    expect(pub.timeline.map((e: { event: string | null; status: string }) => e.event ?? e.status)).toEqual([
      'pending',
      'confirmed',
      'in_transit',
      'out_for_delivery',
      'delayed',
    ]);
    // The courier's free-text note stays on the account pages.
    expect(JSON.stringify(pub)).not.toContain('Van broke down');

    // Published for partners' webhooks and the recipient's mail, in the change's transaction.
    const published = await t.deps.db.query.outboxEvents.findMany();
    const tracking = published.filter((e) => e.type === 'order.tracking_event');
    expect(tracking.map((e) => e.data.kind)).toEqual(['out_for_delivery', 'delayed']);
    expect(tracking[1]?.data).toMatchObject({
      orderId: order.id,
      status: 'in_transit',
      expectedDelivery: '2026-03-16',
    });
  });

  it('out for delivery carries the driver and window the courier gave to every timeline and the webhook data', async () => {
    const order = await bookAndPay(t, f, TODAY);
    await courierMoves(t, f, order.id, 'confirmed', 'in_transit');
    const out = await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'out_for_delivery', driverName: ' Sam ', windowFrom: '10:00', windowTo: '12:00' },
      vendorAuth,
    );
    expect(out.status).toBe(201);
    const round = { driverName: 'Sam', windowFrom: '10:00', windowTo: '12:00' };
    const line = 'Out for delivery: with driver Sam, 10:00–12:00';
    for (const events of [
      out.body.events,
      (await t.get(`/api/v1/orders/${order.id}`, f.auth)).body.events,
      (await t.get(`/api/v1/tracking/${order.trackingCode}`)).body.timeline,
    ]) {
      expect(events.at(-1)).toMatchObject({ event: 'out_for_delivery', ...round, description: line });
      // A status change carries none.
      expect(events.at(-2)).toMatchObject({ driverName: null, windowFrom: null, windowTo: null });
    }
    const published = await t.deps.db.query.outboxEvents.findMany();
    expect(published.find((e) => e.type === 'order.tracking_event')?.data).toMatchObject(round);
  });

  it('refuses a driver or window with another event, half a window or one that ends before it starts', async () => {
    const order = await bookAndPay(t, f, TODAY);
    await courierMoves(t, f, order.id, 'confirmed', 'in_transit');
    const post = (body: Record<string, unknown>) =>
      t.post(`/api/v1/vendor/orders/${order.id}/events`, body, vendorAuth);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { kind: 'exception', note: 'x', driverName: 'Sam' },
        'driverName',
        'Only “out for delivery” names the driver',
      ],
      [{ kind: 'out_for_delivery', windowFrom: '10:00' }, 'windowTo', 'Give the end of the time window too'],
      [
        { kind: 'out_for_delivery', windowFrom: '10am', windowTo: '12:00' },
        'windowFrom',
        'Give a time of day as 24-hour HH:MM, such as 10:00',
      ],
      [
        { kind: 'out_for_delivery', windowFrom: '12:00', windowTo: '10:00' },
        'windowTo',
        'The window must end after it starts',
      ],
      [{ kind: 'out_for_delivery', driverName: 'x'.repeat(41) }, 'driverName', 'at most 40 characters'],
    ];
    for (const [body, path, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[0].path).toBe(path);
      expect(res.body.errors[0].message).toContain(message);
    }
    const detail = (await t.get(`/api/v1/orders/${order.id}`, f.auth)).body;
    expect(detail.events.some((e: { event: string | null }) => e.event)).toBe(false);
  });

  it('refuses an event the order cannot have yet, or without its note or date, naming the field', async () => {
    const order = await bookAndPay(t, f, TODAY);
    const early = await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'out_for_delivery' },
      vendorAuth,
    );
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/cannot be added to an order that is pending/);
    const noNote = await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'exception' },
      vendorAuth,
    );
    expect(noNote.status).toBe(422);
    expect(noNote.body.errors[0].path).toBe('note');
    const noDate = await t.post(`/api/v1/vendor/orders/${order.id}/events`, { kind: 'delayed' }, vendorAuth);
    expect(noDate.body.errors[0].path).toBe('expectedDelivery');
    const past = await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'delayed', expectedDelivery: '2026-03-01' },
      vendorAuth,
    );
    expect(past.status).toBe(422);
    expect(past.body.errors[0].message).toBe('The expected date cannot be in the past');
    // Nothing was written by the refusals.
    const detail = (await t.get(`/api/v1/orders/${order.id}`, f.auth)).body;
    expect(detail.events.some((e: { event: string | null }) => e.event)).toBe(false);
    // Another courier's order is not found.
    const other = await bookingFixture(t);
    const res = await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'exception', note: 'x' },
      t.bearer(other.vendor.owner.accessToken),
    );
    expect(res.status).toBe(404);
  });
});

describe('recipient updates over SMTP', () => {
  beforeEach(async () => {
    smtp.received.length = 0;
    await freshApp({ smtp: true });
  });

  const toRecipient = () => smtp.received.filter((m) => m.to.includes('robin.recipient@example.com'));
  const subjectOf = (m: ReceivedMail) => /^Subject: (.*)$/m.exec(m.raw)?.[1]?.trim();
  /** The message with quoted-printable's soft line breaks joined, so a phrase reads whole. */
  const unwrapped = (m: ReceivedMail | undefined) => m?.raw.replace(/=\r?\n/g, '') ?? '';

  it('mails the recipient on its way, out for delivery and delivered with RFC 8058 unsubscribe; none after unsubscribing', async () => {
    const order = await bookAndPay(t, f, TODAY, booking());
    await courierMoves(t, f, order.id, 'confirmed');
    expect(toRecipient()).toHaveLength(0);
    await courierMoves(t, f, order.id, 'in_transit');
    await t.post(`/api/v1/vendor/orders/${order.id}/events`, { kind: 'out_for_delivery' }, vendorAuth);
    const mails = toRecipient();
    expect(mails.map(subjectOf)).toEqual([
      expect.stringMatching(/^Your parcel is on its way with /),
      'Your parcel is out for delivery today',
    ]);
    const unsubscribeUrl = `https://consign.example/api/v1/tracking/${order.trackingCode}/unsubscribe?token=`;
    for (const mail of mails) {
      const unfolded = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
      expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      const header = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(unfolded)?.[1];
      expect(header?.startsWith(unsubscribeUrl)).toBe(true);
      expect(mail.raw).toContain(`https://consign.example/track/${order.trackingCode}`);
      // No street, name or phone of either side in the recipient's mail.
      for (const value of [PERSONAL.delivery.line1, PERSONAL.collection.name, PERSONAL.delivery.phone]) {
        expect(mail.raw).not.toContain(value);
      }
    }
    const header = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(mails[0]!.raw.replace(/\r?\n[ \t]+/g, ' '))![1]!;
    const url = new URL(header);

    // A forged token is refused and changes nothing.
    const forged = await t.call('POST', `${url.pathname}?token=${'x'.repeat(43)}`);
    expect(forged.status).toBe(404);

    // RFC 8058: the mail provider POSTs the form body to the header's URL.
    const res = await t.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true });

    await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'delivery_attempted', note: 'No answer' },
      vendorAuth,
    );
    await courierMoves(t, f, order.id, 'delivered');
    expect(toRecipient()).toHaveLength(2);
    // The customer still hears of the delivery on their own account.
    expect(
      smtp.received.some((m) => m.to.includes(f.customerEmail) && /delivered/.test(subjectOf(m) ?? '')),
    ).toBe(true);
  });

  it('mails out for delivery with the window in the headline and the driver, and no promised day beside it', async () => {
    const order = await bookAndPay(t, f, TODAY, booking());
    await courierMoves(t, f, order.id, 'confirmed', 'in_transit');
    await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'out_for_delivery', driverName: 'Sam', windowFrom: '10:00', windowTo: '12:00' },
      vendorAuth,
    );
    const mail = toRecipient().at(-1);
    // Quoted-printable decoded: the en dash is three bytes of UTF-8.
    const text = Buffer.from(
      unwrapped(mail).replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
      'latin1',
    ).toString('utf8');
    expect(text).toContain('Your parcel is out for delivery today, 10:00–12:00.');
    expect(text).toMatch(/Driver:?\s+Sam/);
    expect(text).not.toContain('Expected');
  });

  it('mails a delay with the new date and an attempt with the courier’s note', async () => {
    const order = await bookAndPay(t, f, TODAY, booking());
    await courierMoves(t, f, order.id, 'confirmed', 'in_transit');
    await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'delivery_attempted', note: 'Left a card; we will try tomorrow' },
      vendorAuth,
    );
    await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'delayed', expectedDelivery: '2026-03-13' },
      vendorAuth,
    );
    await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'exception', note: 'Label damaged' },
      vendorAuth,
    );
    const subjects = toRecipient().map(subjectOf);
    expect(subjects).toEqual([
      expect.stringMatching(/on its way/),
      expect.stringMatching(/tried to deliver your parcel$/),
      'Your parcel is delayed: now expected Fri, 13 Mar 2026',
    ]);
    expect(unwrapped(toRecipient()[1])).toContain('Left a card; we will try tomorrow');
  });

  it('does not mail the recipient when the parcel goes to the booking account’s own address', async () => {
    const order = await bookAndPay(t, f, TODAY, {
      deliveryAddress: deliveryAddress({ email: f.customerEmail }),
    });
    await courierMoves(t, f, order.id, 'confirmed', 'in_transit');
    expect(smtp.received.filter((m) => /on its way/.test(subjectOf(m) ?? ''))).toHaveLength(0);
  });
});
