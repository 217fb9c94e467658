/**
 * Many bookings at once through the real routes (issue 22: writes that don't queue): every one
 * lands whole or fails cleanly, none meets SQLITE_BUSY, and nothing is half-written.
 */
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { orderEvents, orders, vendorOrderVersions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookingBody, bookingFixture, quoteOptionFor } from './orders.testing';

let t: TestApp;
const TODAY = '2026-03-10';

beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

it('books 40 orders at once alongside quotes and refused bookings: each lands whole or not at all', async () => {
  const f = await bookingFixture(t, { price: 1000 });
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const versionBefore =
    (
      await t.deps.db.query.vendorOrderVersions.findFirst({
        where: eq(vendorOrderVersions.vendorId, f.vendor.vendorId),
      })
    )?.version ?? 0;

  const bookings = Array.from({ length: 40 }, () =>
    t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth),
  );
  // Refused after validation has passed the body's shape: the collection date is in the past.
  const refused = Array.from({ length: 10 }, () =>
    t.post('/api/v1/orders', bookingBody(option.id, '2026-03-01'), f.auth),
  );
  const quotes = Array.from({ length: 10 }, () => quoteOptionFor(t, f.vendor.service.id));
  const [booked, rejected] = await Promise.all([
    Promise.all(bookings),
    Promise.all(refused),
    Promise.all(quotes),
  ]);

  expect(booked.map((r) => r.status)).toEqual(Array(40).fill(201));
  expect(rejected.map((r) => r.status)).toEqual(Array(10).fill(422));
  const ids = booked.map((r) => r.body.id as string);
  expect(new Set(ids).size).toBe(40);

  const rows = await t.deps.db.select().from(orders).where(eq(orders.customerId, f.customer.user.id));
  expect(rows).toHaveLength(40);
  expect(rows.every((o) => o.status === 'awaiting_payment' && o.total === booked[0]!.body.price.total)).toBe(
    true,
  );
  // Every order has exactly its creation event, and the vendor's orders version moved once per order.
  const events = await t.deps.db
    .select({ orderId: orderEvents.orderId, n: count() })
    .from(orderEvents)
    .groupBy(orderEvents.orderId);
  expect(new Map(events.map((e) => [e.orderId, e.n]))).toEqual(new Map(ids.map((id) => [id, 1])));
  const versionAfter = (
    await t.deps.db.query.vendorOrderVersions.findFirst({
      where: eq(vendorOrderVersions.vendorId, f.vendor.vendorId),
    })
  )?.version;
  expect(versionAfter).toBe(versionBefore + 40);
}, 60_000); // 60 bookings, 10 quotes and a sign-up at once: a heavy test on a busy machine
