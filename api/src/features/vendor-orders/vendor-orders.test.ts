import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OrderStatus, orderEvents, orders, payments } from '../../db/schema';
import { minorUnitsToDecimal } from '../../domain/money';
import { ukDayEnd, ukDayStart } from '../../domain/uk-days';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { signUpVendor } from '../admin/admin.fixtures';
import { insertOrder, type OrderRow } from '../orders';
import {
  address,
  bookingBody,
  bookingFixture,
  deliveryAddress,
  quoteOptionFor,
} from '../orders/orders.testing';
import { CSV_COLUMNS, neutraliseFormula } from './vendor-orders.csv';
import { itemsAsWholeRows, ordersOfEveryShape } from './vendor-orders.fixtures';
import { VENDOR_ORDER_STATUSES } from './vendor-orders.schemas';

let t: TestApp;
let now: Date;
const TODAY = '2026-03-10';

beforeEach(async () => {
  t = await createTestApp();
  // A Tuesday morning in winter: UK time is UTC.
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

const ORDERS = '/api/v1/vendor/orders';
const PARCEL = { length: 30, width: 20, height: 10, weight: 2 };

type Seed = {
  at: string;
  name?: string;
  service?: string;
  status?: OrderStatus;
  total?: number;
  currency?: 'GBP' | 'EUR' | 'USD';
  paid?: boolean;
};

/** An order in the database as booking and payment would leave it, placed at `at`. */
async function seedOrder(vendorId: string, customerId: string, seed: Seed): Promise<OrderRow> {
  const total = seed.total ?? 1200;
  return insertOrder(
    t.deps.db,
    {
      customerId,
      vendorId,
      courierServiceId: 'service-1',
      quoteOptionId: null,
      jobId: null,
      partnerId: null,
      status: seed.status ?? 'pending',
      serviceType: 'domestic',
      serviceName: seed.service ?? 'Nationwide 48',
      vendorName: 'Speedy Parcels',
      collectionAddress: address(),
      deliveryAddress: deliveryAddress({ name: seed.name ?? 'Robin Recipient' }),
      collectionDate: TODAY,
      contents: 'Books',
      contentValue: 1000,
      coverAmount: 0,
      coverFee: 0,
      customs: null,
      items: null,
      notes: null,
      parcels: [PARCEL],
      chargeableWeightKg: 2,
      estimatedDelivery: null,
      currency: seed.currency ?? 'GBP',
      net: Math.round(total / 1.2),
      vat: total - Math.round(total / 1.2),
      total,
      paidAt: seed.paid === false ? null : new Date(seed.at),
      trackingNumber: null,
    },
    { id: customerId, role: 'customer' },
    new Date(seed.at),
  );
}

/** Vendor A's orders for the filter tests, plus noise that must never show. */
async function dashboard() {
  const a = await signUpVendor(t, 'a@example.com');
  const b = await signUpVendor(t, 'b@example.com');
  const customer = await signUpVerified(t, 'cust@example.com');
  const cid = customer.user.id;
  const o1 = await seedOrder(a.vendorId, cid, {
    at: '2026-03-01T10:00:00Z',
    name: 'Alice Smith',
    status: 'pending',
    total: 1200,
  });
  // 23:30 on 5 March, UK winter time.
  const o2 = await seedOrder(a.vendorId, cid, {
    at: '2026-03-05T23:30:00Z',
    name: 'Bob Jones',
    service: 'Express 24',
    status: 'confirmed',
    total: 2000,
  });
  const o4 = await seedOrder(a.vendorId, cid, {
    at: '2026-03-07T09:00:00Z',
    name: 'Dan Brown',
    status: 'cancelled',
    total: 1500,
  });
  // 23:30 UTC on 10 June is 00:30 on 11 June in the UK (BST).
  const o3 = await seedOrder(a.vendorId, cid, {
    at: '2026-06-10T23:30:00Z',
    name: 'Carol King',
    service: 'Express EU',
    status: 'delivered',
    total: 3000,
    currency: 'EUR',
  });
  await seedOrder(a.vendorId, cid, {
    at: '2026-03-08T09:00:00Z',
    name: 'Unpaid Ursula',
    paid: false,
    status: 'awaiting_payment',
  });
  await seedOrder(b.vendorId, cid, { at: '2026-03-08T09:00:00Z', name: 'Other Vendor Olive', total: 9900 });
  return { a, b, customer, o1, o2, o3, o4 };
}

const idsOf = (body: { items: { id: string }[] }) => body.items.map((o) => o.id);

describe('GET /vendor/orders', () => {
  it('lists only the vendor’s paid orders, newest first, with the total', async () => {
    const { a, o1, o2, o3, o4 } = await dashboard();
    const res = await t.get(ORDERS, a.auth);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([o3.id, o4.id, o2.id, o1.id]);
    expect(res.body).toMatchObject({ total: 4, limit: 20, page: 1, nextCursor: null });
    expect(res.body.items[2]).toMatchObject({
      reference: `#${o2.id.slice(-8)}`,
      status: 'confirmed',
      serviceName: 'Express 24',
      recipientName: 'Bob Jones',
      price: { total: 2000, currency: 'GBP' },
    });
    // A list row, not the whole order: the drawer reads the order for its addresses and actions.
    expect(res.body.items[2]).not.toHaveProperty('deliveryAddress');
    expect(res.body.items[2]).not.toHaveProperty('actions');
  });

  it.each([
    ['status', 'status=confirmed', ['o2']],
    ['a one-day range, including its last minutes', 'from=2026-03-05&to=2026-03-05', ['o2']],
    [
      'a range ending the UK day before a BST late-evening order',
      'from=2026-03-01&to=2026-06-10',
      ['o4', 'o2', 'o1'],
    ],
    ['a range that takes in that order’s UK day', 'to=2026-06-11', ['o3', 'o4', 'o2', 'o1']],
    ['from alone', 'from=2026-06-11', ['o3']],
    ['from the day after a late-evening order', 'from=2026-03-06', ['o3', 'o4']],
    ['the customer name, any case', 'q=bob', ['o2']],
    ['the courier name', 'q=Express', ['o3', 'o2']],
    ['text and status together', 'q=express&status=delivered', ['o3']],
    ['a LIKE wildcard, literally', 'q=%25', []],
  ])('filters by %s', async (_label, query, expected) => {
    const seeded = await dashboard();
    const byName = seeded as unknown as Record<string, OrderRow>;
    const res = await t.get(`${ORDERS}?${query}`, seeded.a.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(idsOf(res.body)).toEqual(expected.map((k) => byName[k]!.id));
    expect(res.body.total).toBe(expected.length);
  });

  it('answers each question with its own values when the same kind of filter comes again', async () => {
    // One statement per filter shape is built and kept; the values must be bound afresh each time.
    const seeded = await dashboard();
    const byName = seeded as unknown as Record<string, OrderRow>;
    for (const [query, expected] of [
      ['status=confirmed', ['o2']],
      ['status=delivered', ['o3']],
      ['q=bob', ['o2']],
      ['q=express', ['o3', 'o2']],
      ['from=2026-06-11', ['o3']],
      ['from=2026-03-06', ['o3', 'o4']],
      ['status=confirmed', ['o2']],
    ] as const) {
      const res = await t.get(`${ORDERS}?${query}`, seeded.a.auth);
      expect(idsOf(res.body), query).toEqual(expected.map((k) => byName[k]!.id));
      expect(res.body.total, query).toBe(expected.length);
    }
    const first = await t.get(`${ORDERS}?limit=1`, seeded.a.auth);
    const second = await t.get(`${ORDERS}?limit=1&cursor=${first.body.nextCursor}`, seeded.a.auth);
    const third = await t.get(`${ORDERS}?limit=1&cursor=${second.body.nextCursor}`, seeded.a.auth);
    expect([first, second, third].flatMap((r) => idsOf(r.body))).toEqual([
      seeded.o3.id,
      seeded.o4.id,
      seeded.o2.id,
    ]);
  });

  it('counts afresh after an order is added or moved, and not before', async () => {
    const { a, o1 } = await dashboard();
    const customerId = o1.customerId;
    await seedOrder(a.vendorId, customerId, { at: '2026-03-02T10:00:00Z', status: 'cancelled' });
    const totalOf = async (query: string) => (await t.get(`${ORDERS}?limit=1&${query}`, a.auth)).body.total;
    expect(await totalOf('status=cancelled')).toBe(2);
    expect(await totalOf('q=smith')).toBe(1);
    // The same question again is answered from the kept total: a count that changed behind the
    // API's back (no order write) is not seen until an order of the vendor changes.
    await t.deps.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, o1.id));
    expect(await totalOf('status=cancelled')).toBe(2);
    // A new order, and a status move through the API, each start a fresh count.
    await seedOrder(a.vendorId, customerId, { at: '2026-03-03T10:00:00Z', status: 'cancelled' });
    expect(await totalOf('status=cancelled')).toBe(4);
    const [pending] = await t.deps.db.select().from(orders).where(eq(orders.status, 'confirmed'));
    const moved = await t.patch(`${ORDERS}/${pending!.id}`, { status: 'cancelled' }, a.auth);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await totalOf('status=cancelled')).toBe(5);
  });

  it('finds an order by its reference, with or without the #, in any case', async () => {
    const { a, o1 } = await dashboard();
    const short = o1.id.slice(-8);
    for (const q of [short, `#${short}`, short.toUpperCase(), short.slice(2, 6), o1.id]) {
      const res = await t.get(`${ORDERS}?q=${encodeURIComponent(q)}`, a.auth);
      expect(idsOf(res.body), q).toContain(o1.id);
    }
  });

  it('pages by page number or by cursor', async () => {
    const { a, o1, o2, o3, o4 } = await dashboard();
    const page2 = await t.get(`${ORDERS}?limit=2&page=2`, a.auth);
    expect(idsOf(page2.body)).toEqual([o2.id, o1.id]);
    expect(page2.body).toMatchObject({ total: 4, page: 2, limit: 2 });
    const first = await t.get(`${ORDERS}?limit=2`, a.auth);
    expect(idsOf(first.body)).toEqual([o3.id, o4.id]);
    const next = await t.get(`${ORDERS}?limit=2&cursor=${first.body.nextCursor}`, a.auth);
    expect(idsOf(next.body)).toEqual([o2.id, o1.id]);
    expect(next.body).toMatchObject({ page: null, nextCursor: null, total: 4 });
    // The total is the same whether a page is full, short (the last) or past the end.
    for (const [query, shown] of [
      ['limit=3', 3],
      ['limit=3&page=2', 1],
      ['limit=3&page=3', 0],
      ['limit=5', 4],
      ['limit=3&status=pending', 1],
    ] as const) {
      const res = await t.get(`${ORDERS}?${query}`, a.auth);
      expect(res.body.items.length, query).toBe(shown);
      expect(res.body.total, query).toBe(query.includes('status') ? 1 : 4);
    }
  });

  it.each([
    ['from=2026-02-30', 'from', 'from is not a real date'],
    ['to=yesterday', 'to', 'to must be a date such as 2026-05-01'],
    ['from=2026-03-10&to=2026-03-01', 'to', 'The To date must not be before the From date'],
    [
      'status=awaiting_payment',
      'status',
      'status must be one of pending, confirmed, in_transit, delivered, cancelled',
    ],
    ['page=2&cursor=abc', 'cursor', 'Page by page or by cursor, not both'],
    ['cursor=abc', 'cursor', 'Not a cursor this list gave out'],
    ['limit=0', 'limit', 'limit must be at least 1'],
  ])('answers 422 for %s', async (query, path, message) => {
    const a = await signUpVendor(t, 'a@example.com');
    const res = await t.get(`${ORDERS}?${query}`, a.auth);
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ path, message });
  });

  it('lists orders of every status and shape exactly as the orders themselves say', async () => {
    const a = await signUpVendor(t, 'a@example.com');
    const customer = await signUpVerified(t, 'cust@example.com');
    await ordersOfEveryShape(t, { vendorId: a.vendorId, customerId: customer.user.id }, now);
    const queries = [
      '',
      ...VENDOR_ORDER_STATUSES.map((s) => `status=${s}`),
      'q=robin',
      'q=%C3%A5ngstr%C3%B6m',
      'limit=5&page=2',
      'limit=7&page=4',
    ];
    let listed = 0;
    for (const query of queries) {
      const res = await t.get(`${ORDERS}?${query}`, a.auth);
      expect(res.status, query).toBe(200);
      const items = res.body.items as { id: string }[];
      listed += items.length;
      expect(items, query).toEqual(await itemsAsWholeRows(t, idsOf(res.body), 'vendor'));
    }
    // Every paid order appears, with money, payments and documents of each kind.
    expect(listed).toBeGreaterThan(40);
  });

  it('is for vendors only', async () => {
    const customer = await signUpVerified(t, 'cust@example.com');
    expect((await t.get(ORDERS, t.bearer(customer.accessToken))).status).toBe(403);
    expect((await t.get(ORDERS)).status).toBe(401);
    expect((await t.get(`${ORDERS}/stats`, t.bearer(customer.accessToken))).status).toBe(403);
    expect((await t.get(`${ORDERS}/export.csv`, t.bearer(customer.accessToken))).status).toBe(403);
  });
});

describe('GET /vendor/orders/stats', () => {
  it('counts paid orders by status and sums the revenue of those not cancelled', async () => {
    const { a, b } = await dashboard();
    const res = await t.get(`${ORDERS}/stats`, a.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalOrders: 4,
      pendingOrders: 1,
      confirmedOrders: 1,
      inTransitOrders: 0,
      deliveredOrders: 1,
      cancelledOrders: 1,
      // 12.00 + 20.00; the cancelled 15.00 was refunded; the EUR order stands apart.
      totalRevenue: { amount: 3200, currency: 'GBP' },
      revenueByCurrency: [
        { amount: 3000, currency: 'EUR' },
        { amount: 3200, currency: 'GBP' },
      ],
      revenueOrders: 3,
    });
    const other = await t.get(`${ORDERS}/stats`, b.auth);
    expect(other.body).toMatchObject({
      totalOrders: 1,
      pendingOrders: 1,
      totalRevenue: { amount: 9900, currency: 'GBP' },
    });
  });

  it('answers zeros for a vendor without orders', async () => {
    const a = await signUpVendor(t, 'a@example.com');
    const res = await t.get(`${ORDERS}/stats`, a.auth);
    expect(res.body).toMatchObject({
      totalOrders: 0,
      totalRevenue: { amount: 0, currency: 'GBP' },
      revenueByCurrency: [],
    });
  });
});

describe('GET /vendor/orders/export.csv', () => {
  it('exports the filtered rows with the export’s columns and file name', async () => {
    const { a, o1, o2 } = await dashboard();
    const res = await t.app.request(`${ORDERS}/export.csv?from=2026-03-01&to=2026-03-05`, {
      headers: a.auth,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="vendor-orders-2026-03-10.csv"',
    );
    const text = await res.text();
    const rows: string[][] = parse(text, { bom: true });
    expect(rows[0]).toEqual(['Order ID', 'Date', 'Recipient', 'Courier', 'Status', 'Price', 'Currency']);
    expect(rows.slice(1)).toEqual([
      [`#${o2.id.slice(-8)}`, '05-03-2026', 'Bob Jones', 'Express 24', 'confirmed', '20.00', 'GBP'],
      [`#${o1.id.slice(-8)}`, '01-03-2026', 'Alice Smith', 'Nationwide 48', 'pending', '12.00', 'GBP'],
    ]);
  });

  it('dates rows by the UK calendar and applies the status and text filters', async () => {
    const { a, o3 } = await dashboard();
    const res = await t.app.request(`${ORDERS}/export.csv?q=express&status=delivered`, { headers: a.auth });
    const rows: string[][] = parse(await res.text(), { bom: true });
    expect(rows.slice(1)).toEqual([
      [`#${o3.id.slice(-8)}`, '11-06-2026', 'Carol King', 'Express EU', 'delivered', '30.00', 'EUR'],
    ]);
    const none = await t.app.request(`${ORDERS}/export.csv?status=in_transit`, { headers: a.auth });
    expect(parse(await none.text(), { bom: true })).toEqual([[...CSV_COLUMNS]]);
    const bad = await t.get(`${ORDERS}/export.csv?from=2026-13-01`, a.auth);
    expect(bad.status).toBe(422);
  });

  it('keeps commas and quotes intact and turns would-be formulas into text', async () => {
    const a = await signUpVendor(t, 'a@example.com');
    const customer = await signUpVerified(t, 'cust@example.com');
    const names = [
      '=HYPERLINK("http://evil.example","x")',
      '+44 trick',
      '-2+3',
      '@SUM(A1)',
      'Smith, "Jo"',
      'Zoë Ångström',
    ];
    for (const [i, name] of names.entries()) {
      await seedOrder(a.vendorId, customer.user.id, { at: `2026-03-0${i + 1}T10:00:00Z`, name });
    }
    const res = await t.app.request(`${ORDERS}/export.csv`, { headers: a.auth });
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(await res.text(), { bom: true });
    const customers = rows
      .slice(1)
      .map((r) => r[2])
      .reverse();
    expect(customers).toEqual([
      `'=HYPERLINK("http://evil.example","x")`,
      "'+44 trick",
      "'-2+3",
      "'@SUM(A1)",
      'Smith, "Jo"',
      'Zoë Ångström',
    ]);
  });
});

describe('PATCH /vendor/orders/{id}', () => {
  /** A real booking, paid with the TEST MODE provider: the order is pending. */
  async function paidOrder(booking: Record<string, unknown> = {}) {
    const f = await bookingFixture(t, { price: 1000 });
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const created = await t.post('/api/v1/orders', bookingBody(option.id, TODAY, booking), f.auth);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, f.auth);
    await t.call('POST', new URL(start.body.approveUrl).pathname);
    const captured = await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth);
    expect(captured.status).toBe(200);
    return { f, id, order: captured.body, vendor: t.bearer(f.vendor.owner.accessToken) };
  }

  const subjectsTo = async (email: string) =>
    (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items.map(
      (m: { subject: string }) => m.subject,
    );

  const eventsOf = async (id: string) =>
    (await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).map((e) => ({
      from: e.from,
      to: e.to,
      actorRole: e.actorRole,
      note: e.note,
    }));

  it('moves the status by the machine, records it and emails the customer', async () => {
    const { f, id, order, vendor } = await paidOrder();
    const res = await t.patch(`${ORDERS}/${id}`, { status: 'confirmed' }, vendor);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'confirmed', trackingNumber: order.trackingNumber });
    expect(res.body.events.at(-1)).toMatchObject({
      from: 'pending',
      to: 'confirmed',
      actorRole: 'vendor',
      note: null,
    });
    expect(await subjectsTo(f.customerEmail)).toContain(`Order #${id.slice(-8)} is now confirmed`);

    const skip = await t.patch(
      `${ORDERS}/${id}`,
      { status: 'delivered', trackingNumber: 'NEW-123-456' },
      vendor,
    );
    expect(skip.status).toBe(409);
    expect(skip.body).toMatchObject({
      code: 'illegal_transition',
      detail: 'An order cannot go from confirmed to delivered',
    });
    // All or nothing: the tracking number sent with the illegal move was not kept.
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: 'confirmed', trackingNumber: order.trackingNumber });

    expect((await t.patch(`${ORDERS}/${id}`, { status: 'in_transit' }, vendor)).body.status).toBe(
      'in_transit',
    );
    expect((await t.patch(`${ORDERS}/${id}`, { status: 'delivered' }, vendor)).body.status).toBe('delivered');
    const final = await t.patch(`${ORDERS}/${id}`, { status: 'pending' }, vendor);
    expect(final.status).toBe(409);
    expect(final.body.code).toBe('order_final');
    const unpaidStatus = await t.patch(`${ORDERS}/${id}`, { status: 'awaiting_payment' }, vendor);
    expect(unpaidStatus.status).toBe(409);
    expect((await t.get(`${ORDERS}/stats`, vendor)).body).toMatchObject({
      deliveredOrders: 1,
      totalRevenue: { amount: 1200 },
    });
  });

  it('changes the other fields with one timeline entry and one email to the customer', async () => {
    const { f, id, vendor } = await paidOrder();
    const before = (await subjectsTo(f.customerEmail)).length;
    const res = await t.patch(
      `${ORDERS}/${id}`,
      {
        // The drawer sends the status it shows even when unchanged: not an error.
        status: 'pending',
        trackingNumber: '1Z999AA10123456784',
        labelUrl: 'https://labels.example/1Z999.pdf',
        vendorNotes: 'Leave with the neighbour',
        collectionDate: '2026-03-12',
      },
      vendor,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'pending',
      trackingNumber: '1Z999AA10123456784',
      labelUrl: 'https://labels.example/1Z999.pdf',
      vendorNotes: 'Leave with the neighbour',
      collectionDate: '2026-03-12',
      // The delivery estimate follows the new collection day (Thursday + 1 working day).
      estimatedDelivery: '2026-03-13',
    });
    expect((await eventsOf(id)).at(-1)).toEqual({
      from: 'pending',
      to: 'pending',
      actorRole: 'vendor',
      note: 'Tracking number 1Z999AA10123456784; Label link updated; Courier notes updated; Collection date 2026-03-12, estimated delivery 2026-03-13',
    });
    const subjects = await subjectsTo(f.customerEmail);
    expect(subjects.length).toBe(before + 1);
    expect(subjects).toContain(`Order #${id.slice(-8)} was updated`);
    // The customer reads the change in their own view of the order's timeline.
    const mine = await t.get(`/api/v1/orders/${id}`, f.auth);
    expect(mine.body.events.at(-1)).toMatchObject({
      actorRole: 'vendor',
      note: expect.stringContaining('1Z999'),
    });
    expect(mine.body.vendorNotes).toBe('Leave with the neighbour');

    const cleared = await t.patch(`${ORDERS}/${id}`, { labelUrl: null, vendorNotes: '' }, vendor);
    expect(cleared.body).toMatchObject({ labelUrl: null, vendorNotes: null });
    // Sending what is already there changes nothing, records nothing and emails no one.
    const events = (await eventsOf(id)).length;
    const mails = (await subjectsTo(f.customerEmail)).length;
    await t.patch(`${ORDERS}/${id}`, { vendorNotes: null, collectionDate: '2026-03-12' }, vendor);
    expect((await eventsOf(id)).length).toBe(events);
    expect((await subjectsTo(f.customerEmail)).length).toBe(mails);
  });

  it('keeps the customer’s booking notes when the courier writes its own', async () => {
    const { f, id, vendor } = await paidOrder({ notes: 'Ring the bell twice' });
    const res = await t.patch(`${ORDERS}/${id}`, { vendorNotes: 'Collected from the side door' }, vendor);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      notes: 'Ring the bell twice',
      vendorNotes: 'Collected from the side door',
    });
    await t.patch(`${ORDERS}/${id}`, { vendorNotes: null }, vendor);
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ notes: 'Ring the bell twice', vendorNotes: null });
    expect((await t.get(`/api/v1/orders/${id}`, f.auth)).body.notes).toBe('Ring the bell twice');
    // The customer's notes are not the courier's to write.
    const theirs = await t.patch(`${ORDERS}/${id}`, { notes: 'Overwritten' }, vendor);
    expect(theirs.status).toBe(422);
    expect(theirs.body.errors).toContainEqual({ path: '(body)', message: 'Unknown field(s): notes' });
  });

  it('emails the vendor when the customer cancels a paid order', async () => {
    const { f, id } = await paidOrder();
    const cancelled = await t.post(`/api/v1/orders/${id}/cancel`, { reason: 'Plans changed' }, f.auth);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const mail = (
      await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(f.vendor.ownerEmail)}`)
    ).body.items.find(
      (m: { subject: string }) => m.subject === `Order #${id.slice(-8)} was cancelled by the customer`,
    );
    expect(mail?.text).toContain('Please do not collect it');
    expect(mail?.text).toContain('Plans changed');
  });

  it.each([
    [{}, '(body)', 'Send at least one field to change'],
    [{ labelUrl: 'javascript:alert(1)' }, 'labelUrl', 'Label URL must be a web address (http or https)'],
    [{ labelUrl: 'not a url' }, 'labelUrl', 'Label URL must be a web address (http or https)'],
    [{ collectionDate: '2026-03-09' }, 'collectionDate', 'Collection date cannot be before today'],
    [{ collectionDate: '12/03/2026' }, 'collectionDate', 'Collection date must be a date such as 2026-05-01'],
    [
      { collectionDate: null },
      'collectionDate',
      'An order always has a collection date; send the new date instead',
    ],
    [
      { trackingNumber: 'a' },
      'trackingNumber',
      'Tracking number must be 4 to 64 letters, digits, spaces or hyphens',
    ],
    [{ status: 'lost' }, 'status', undefined],
    [{ price: 1 }, '(body)', 'Unknown field(s): price'],
  ])('answers 422 for %j', async (body, path, message) => {
    const { id, vendor } = await paidOrder();
    const res = await t.patch(`${ORDERS}/${id}`, body, vendor);
    expect(res.status).toBe(422);
    const errors: { path: string; message: string }[] = res.body.errors;
    expect(errors.map((e) => e.path)).toContain(path);
    if (message) expect(errors).toContainEqual({ path, message });
  });

  it('refunds an order the vendor cancels in transit, and says so to the customer', async () => {
    const { f, id, vendor } = await paidOrder();
    await t.patch(`${ORDERS}/${id}`, { status: 'confirmed' }, vendor);
    await t.patch(`${ORDERS}/${id}`, { status: 'in_transit' }, vendor);
    const res = await t.patch(`${ORDERS}/${id}`, { status: 'cancelled' }, vendor);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.orderId, id));
    expect(payment?.status).toBe('refunded');
    const mail = (
      await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(f.customerEmail)}`)
    ).body.items.find((m: { subject: string }) => m.subject === `Order #${id.slice(-8)} is now cancelled`);
    expect(mail?.text).toContain('has been refunded');
  });

  it('answers 404 for another vendor’s order, an unknown one and an unpaid one', async () => {
    const { id } = await paidOrder();
    const other = await signUpVendor(t, 'other@example.com');
    const res = await t.patch(`${ORDERS}/${id}`, { status: 'confirmed' }, other.auth);
    expect(res.status).toBe(404);
    expect((await t.patch(`${ORDERS}/nope`, { status: 'confirmed' }, other.auth)).status).toBe(404);
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('pending');

    const unpaid = await seedOrder(other.vendorId, row!.customerId, {
      at: '2026-03-10T09:00:00Z',
      paid: false,
      status: 'awaiting_payment',
    });
    expect((await t.patch(`${ORDERS}/${unpaid.id}`, { status: 'cancelled' }, other.auth)).status).toBe(404);
  });

  it('refuses a tracking number another order has', async () => {
    const first = await paidOrder();
    const a = await signUpVendor(t, 'a@example.com');
    const mine = await seedOrder(a.vendorId, (await signUpVerified(t, 'c2@example.com')).user.id, {
      at: '2026-03-10T09:00:00Z',
    });
    const res = await t.patch(`${ORDERS}/${mine.id}`, { trackingNumber: first.order.trackingNumber }, a.auth);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('tracking_number_taken');
  });
});

describe('CSV and calendar helpers', () => {
  it.each([
    ['2026-01-15', '2026-01-15T00:00:00.000Z'],
    ['2026-07-15', '2026-07-14T23:00:00.000Z'],
    // The clocks go forward at 01:00 UTC on 29 March and back at 01:00 UTC on 25 October 2026.
    ['2026-03-29', '2026-03-29T00:00:00.000Z'],
    ['2026-03-30', '2026-03-29T23:00:00.000Z'],
    ['2026-10-25', '2026-10-24T23:00:00.000Z'],
    ['2026-10-26', '2026-10-26T00:00:00.000Z'],
  ])('the UK day %s starts at %s', (date, instant) => {
    expect(ukDayStart(date).toISOString()).toBe(instant);
  });

  it('ends a UK day where the next begins, so 23:59:59 is inside', () => {
    expect(ukDayEnd('2026-07-15').toISOString()).toBe('2026-07-15T23:00:00.000Z');
    expect(ukDayEnd('2026-03-28').toISOString()).toBe('2026-03-29T00:00:00.000Z');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@A1', "'@A1"],
    ['\tx', "'\tx"],
    ['Plain', 'Plain'],
    ['a=b', 'a=b'],
  ])('neutralises %j', (input, output) => {
    expect(neutraliseFormula(input)).toBe(output);
  });

  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1299, '12.99'],
    [100000, '1000.00'],
  ])('writes %i minor units as %s (the Price column)', (minor, text) => {
    expect(minorUnitsToDecimal(minor)).toBe(text);
  });
});
