/**
 * A booking writes the order, its first timeline event, the vendor's order version and the
 * quote's booked mark as one batch of statements built once (order-store.ts insertBookedOrder):
 * all of it, with the values of this booking, or none of it.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderEvents, orders, quotes, vendorOrderVersions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { vendorOrdersVersion } from './order-store';
import { createOrderFromOption } from './orders.booking';
import { CreateOrderBodySchema } from './orders.schemas';
import {
  bookingBody,
  bookingFixture,
  customsBody,
  deliveryAddress,
  itemBody,
  quoteOptionFor,
} from './orders.testing';

let t: TestApp;
let now: Date;
const TODAY = '2026-03-10';

beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

const quoteIdOf = (optionId: string) => optionId.split('.')[0]!;

describe('booking in one batch', () => {
  it('writes each booking with its own values, never those of the statement built for the first', async () => {
    const f = await bookingFixture(t);
    const booked: { id: string; quoteId: string; at: Date }[] = [];
    for (const [i, name] of ['Robin One', 'Robin Two'].entries()) {
      now = new Date(now.getTime() + (i + 1) * 60_000);
      const { option } = await quoteOptionFor(t, f.vendor.service.id);
      const res = await t.post(
        '/api/v1/orders',
        bookingBody(option.id, TODAY, { deliveryAddress: { ...bookingBody('', '').deliveryAddress, name } }),
        f.auth,
      );
      expect(res.status).toBe(201);
      expect(res.body.deliveryAddress.name).toBe(name);
      booked.push({ id: res.body.id, quoteId: quoteIdOf(option.id), at: now });
    }
    expect(booked[0]!.id).not.toBe(booked[1]!.id);
    for (const { id, quoteId, at } of booked) {
      const row = await t.deps.db.query.orders.findFirst({ where: eq(orders.id, id) });
      expect(row?.createdAt).toEqual(at);
      expect(row?.updatedAt).toEqual(at);
      expect(row?.searchText).toContain(id.slice(-8));
      expect(row?.trackingCode).toMatch(/\S{6,}/);
      const events = await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        at,
        actorId: f.customer.user.id,
        actorRole: 'customer',
        from: null,
        to: 'awaiting_payment',
        note: 'Order placed',
      });
      const quote = await t.deps.db.query.quotes.findFirst({ where: eq(quotes.id, quoteId) });
      expect(quote?.bookedAt).toEqual(at);
    }
    const codes = await t.deps.db.select({ code: orders.trackingCode }).from(orders);
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
    expect(await vendorOrdersVersion(t.deps.db, f.vendor.vendorId)).toBe(2);
  });

  it('answers the order exactly as reading it back gives it', async () => {
    // The booking builds its answer from the values it wrote instead of reading them back.
    const domestic = await bookingFixture(t);
    const international = await bookingFixture(t, { serviceType: 'international', toLocation: ['FR'] });
    const bookings = [
      {
        f: domestic,
        request: undefined,
        body: { notes: 'Side door, please', coverAmount: 5000 },
      },
      {
        f: international,
        request: { serviceType: 'international', to: 'FR' },
        body: {
          deliveryAddress: deliveryAddress({ country: 'FR', postcode: '75001', town: 'Paris' }),
          customs: customsBody(),
          items: [itemBody(), itemBody({ description: 'Wool scarf', quantity: 1 })],
        },
      },
    ];
    for (const { f, request, body } of bookings) {
      const { option } = await quoteOptionFor(t, f.vendor.service.id, request);
      const answered = await createOrderFromOption(
        t.deps,
        f.customer.user.id,
        CreateOrderBodySchema.parse(bookingBody(option.id, TODAY, body)),
      );
      const [read] = await t.deps.db.select().from(orders).where(eq(orders.id, answered.id));
      expect(Object.keys(answered).sort()).toEqual(Object.keys(read!).sort());
      expect(answered).toEqual(read);
      // Every value as the routes would serialize it, nested objects included.
      const sorted = (row: object) =>
        JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))));
      expect(sorted(answered)).toBe(sorted(read!));
    }
  });

  it('writes nothing when the last statement of the batch fails, and books normally afterwards', async () => {
    const f = await bookingFixture(t);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const versionBefore = await vendorOrdersVersion(t.deps.db, f.vendor.vendorId);
    // The quote's booked mark is the batch's last statement: make the database refuse it.
    await t.deps.db.$client.execute(
      `CREATE TRIGGER refuse_booking BEFORE UPDATE OF booked_at ON quotes
       BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`,
    );
    const failed = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toContain('application/problem+json');
    expect(await t.deps.db.select().from(orders).where(eq(orders.customerId, f.customer.user.id))).toEqual(
      [],
    );
    expect(await t.deps.db.select().from(orderEvents)).toEqual([]);
    expect(await vendorOrdersVersion(t.deps.db, f.vendor.vendorId)).toBe(versionBefore);
    const quote = await t.deps.db.query.quotes.findFirst({
      where: eq(quotes.id, quoteIdOf(option.id)),
    });
    expect(quote?.bookedAt).toBeNull();

    await t.deps.db.$client.execute('DROP TRIGGER refuse_booking');
    const booked = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
    expect(booked.status).toBe(201);
    expect(await t.deps.db.select().from(orderEvents)).toHaveLength(1);
    expect(
      (
        await t.deps.db
          .select()
          .from(vendorOrderVersions)
          .where(eq(vendorOrderVersions.vendorId, f.vendor.vendorId))
      )[0]?.version,
    ).toBe(versionBefore + 1);
  });

  it('commits bookings made at the same moment together, each with its own answer, and one refused booking fails alone', async () => {
    const f = await bookingFixture(t);
    const options = [];
    for (let i = 0; i < 4; i++) options.push((await quoteOptionFor(t, f.vendor.service.id)).option);
    const versionBefore = await vendorOrdersVersion(t.deps.db, f.vendor.vendorId);
    const refused = quoteIdOf(options[2]!.id);
    // The database refuses the third booking's last statement (its quote's booked mark) only.
    await t.deps.db.$client.execute(
      `CREATE TRIGGER refuse_one_booking BEFORE UPDATE OF booked_at ON quotes
       WHEN old.id = '${refused}'
       BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`,
    );
    const names = ['Ann Alpha', 'Ben Beta', 'Cat Gamma', 'Dan Delta'];
    const batch = vi.spyOn(t.deps.db.$client, 'batch');
    // Four bookings started in one turn of the event loop, as concurrent requests reach it.
    const outcomes = await Promise.allSettled(
      options.map((option, i) =>
        createOrderFromOption(
          t.deps,
          f.customer.user.id,
          CreateOrderBodySchema.parse(
            bookingBody(option.id, TODAY, { deliveryAddress: deliveryAddress({ name: names[i]! }) }),
          ),
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    // One transaction for the four; it failed, so each alone: the refused one never took the others down.
    expect(batch.mock.calls.map(([statements]) => statements.length)).toEqual([16, 4, 4, 4, 4]);
    for (const i of [0, 1, 3]) {
      const answer = (
        outcomes[i] as PromiseFulfilledResult<Awaited<ReturnType<typeof createOrderFromOption>>>
      ).value;
      expect(answer.deliveryAddress.name).toBe(names[i]);
      const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, answer.id));
      expect(row).toEqual(answer);
      expect(row?.quoteOptionId).toBe(options[i]!.id);
      expect(
        await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, answer.id)),
      ).toHaveLength(1);
    }
    const stored = await t.deps.db.select({ delivery: orders.deliveryAddress }).from(orders);
    expect(stored.map((r) => r.delivery.name).sort()).toEqual(['Ann Alpha', 'Ben Beta', 'Dan Delta']);
    expect(await vendorOrdersVersion(t.deps.db, f.vendor.vendorId)).toBe(versionBefore + 3);
    const quote = await t.deps.db.query.quotes.findFirst({ where: eq(quotes.id, refused) });
    expect(quote?.bookedAt).toBeNull();
  });
});
