import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { courierServices, orders, vendors } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  expireUnpaidOrders,
  NOT_PAYABLE_MESSAGE,
  UNPAID_ORDER_EXPIRED_NOTE,
  UNPAID_ORDER_GRACE_MS,
} from './orders.service';
import { bookingBody, bookingFixture, quoteOptionFor } from './orders.testing';

let t: TestApp;
let now: Date;
const TODAY = '2026-03-10';
const minutes = (n: number) => n * 60 * 1000;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

async function booked(options: Parameters<typeof bookingFixture>[1] = {}) {
  const f = await bookingFixture(t, options);
  const { quote, option } = await quoteOptionFor(t, f.vendor.service.id);
  const res = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
  return { ...f, quote, res };
}

const startPayment = (id: string, auth: Record<string, string>) =>
  t.post(`/api/v1/orders/${id}/payment`, undefined, auth);

describe('the booked price holds for its quote’s 30 minutes', () => {
  it('tells the customer until when the order can be paid, and refuses a payment after it', async () => {
    const { res, quote, auth } = await booked();
    expect(res.status).toBe(201);
    expect(res.body.payBy).toBe(quote.expiresAt);
    expect(res.body.actions.pay).toBe(true);

    advance(minutes(31));
    const detail = await t.get(`/api/v1/orders/${res.body.id}`, auth);
    expect(detail.body.actions.pay).toBe(false);
    const late = await startPayment(res.body.id, auth);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('quote_expired');
    expect(late.body.detail).toMatch(/held for 30 minutes and has expired/);
  });

  it('refuses a payment once the service or its vendor is no longer active', async () => {
    const first = await booked();
    await t.deps.db
      .update(courierServices)
      .set({ status: 'inactive' })
      .where(eq(courierServices.id, first.vendor.service.id));
    const inactive = await startPayment(first.res.body.id, first.auth);
    expect(inactive.status).toBe(409);
    expect(inactive.body.code).toBe('service_unavailable');

    const second = await booked();
    await t.deps.db
      .update(vendors)
      .set({ status: 'suspended' })
      .where(eq(vendors.id, second.vendor.vendorId));
    const suspended = await startPayment(second.res.body.id, second.auth);
    expect(suspended.status).toBe(409);
    expect(suspended.body.code).toBe('service_unavailable');
  });

  it('cancels an unpaid order an hour after its price expired, saying why on the timeline', async () => {
    const { res, auth } = await booked();
    const id = res.body.id as string;
    advance(minutes(30) + UNPAID_ORDER_GRACE_MS - minutes(1));
    expect(await expireUnpaidOrders(t.deps)).toBe(0);
    advance(minutes(2));
    expect(await expireUnpaidOrders(t.deps)).toBe(1);
    const detail = await t.get(`/api/v1/orders/${id}`, auth);
    expect(detail.body.status).toBe('cancelled');
    expect(detail.body.payBy).toBeNull();
    expect(detail.body.events.at(-1)).toMatchObject({ to: 'cancelled', note: UNPAID_ORDER_EXPIRED_NOTE });
    expect(await expireUnpaidOrders(t.deps)).toBe(0);
  });
});

describe('a zero or negative total never reaches the payment provider', () => {
  it('answers 422 when booking a price of zero (a free tier stored before tiers had a minimum)', async () => {
    const f = await bookingFixture(t);
    await t.deps.db
      .update(courierServices)
      .set({ weightTiers: [{ maxKg: 30, price: 0 }] })
      .where(eq(courierServices.id, f.vendor.service.id));
    t.deps.catalog.invalidate();
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const res = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ path: 'quoteOptionId', message: NOT_PAYABLE_MESSAGE }]);
  });

  it('answers 422, not 500, when an order’s total is not positive at payment', async () => {
    const { res, auth } = await booked();
    await t.deps.db.update(orders).set({ total: 0 }).where(eq(orders.id, res.body.id));
    const start = await startPayment(res.body.id, auth);
    expect(start.status).toBe(422);
    expect(start.body.errors[0].message).toBe(NOT_PAYABLE_MESSAGE);
  });
});
