/**
 * The price lock over time and the retention job (issue 12), with the clock injected: a
 * booking within 30 minutes pays the quoted price whatever the vendor has changed since; after
 * that it is refused; unbooked quotes go some days after expiry, booked ones and every log line
 * stay.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { courierServices, jobLeases, orders, quoteLog, quotes } from '../../db/schema';
import { acquireLease } from '../../lib/lease';
import { createTestApp, type TestApp } from '../../test/harness';
import { bumpCatalogVersion } from '../couriers';
import { bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';
import { QuoteLogService } from './quotes.admin.service';
import { purgeExpiredQuotes } from './quotes.retention';
import { QUOTE_TTL_MS } from './quotes.service';

const TODAY = '2026-03-10';
const START = new Date(`${TODAY}T10:00:00Z`);
const MINUTE = 60_000;
const DAY = 86_400_000;

let t: TestApp;
let now: Date;
const at = (ms: number) => {
  now = new Date(START.getTime() + ms);
};

beforeEach(async () => {
  t = await createTestApp();
  now = START;
  t.deps.now = () => now;
});
afterEach(() => t.close());

async function raisePrice(serviceId: string, price: number) {
  await t.deps.db
    .update(courierServices)
    .set({ weightTiers: [{ maxKg: 30, price }] })
    .where(eq(courierServices.id, serviceId));
  await bumpCatalogVersion(t.deps.db);
  t.deps.catalog.invalidate();
}

describe('the 30-minute price lock', () => {
  it('books at minute 29 at the quoted price, though the vendor has raised it since', async () => {
    const f = await bookingFixture(t, { price: 1000 });
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    expect(option.price).toEqual({ net: 1000, vat: 200, total: 1200, currency: 'GBP' });
    await raisePrice(f.vendor.service.id, 5000);

    at(29 * MINUTE);
    const res = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ quoteOptionId: option.id, price: { net: 1000, vat: 200, total: 1200 } });
  });

  it('refuses the same booking at minute 31', async () => {
    const f = await bookingFixture(t, { price: 1000 });
    const { option } = await quoteOptionFor(t, f.vendor.service.id);

    at(31 * MINUTE);
    const res = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'quote_expired' });
    expect(await t.deps.db.select().from(orders)).toEqual([]);
  });

  it('knows no option past the quote’s last position, nor an id of another shape', async () => {
    const f = await bookingFixture(t);
    const { quote } = await quoteOptionFor(t, f.vendor.service.id);
    for (const id of [`${quote.id}.${quote.options.length}`, `${quote.id}.-1`, quote.id, `${quote.id}.1e3`]) {
      const res = await t.post('/api/v1/orders', bookingBody(id, TODAY), f.auth);
      expect(res.status, id).toBe(422);
      expect(res.body.errors, id).toEqual([
        { path: 'quoteOptionId', message: 'This quote option does not exist' },
      ]);
    }
  });
});

describe('quote retention', () => {
  it('deletes unbooked quotes 7 days after expiry, keeps booked ones and every log line', async () => {
    const f = await bookingFixture(t);
    const booked = await quoteOptionFor(t, f.vendor.service.id);
    const unbooked = await quoteOptionFor(t, f.vendor.service.id);
    expect((await t.post('/api/v1/orders', bookingBody(booked.option.id, TODAY), f.auth)).status).toBe(201);
    at(DAY);
    const younger = await quoteOptionFor(t, f.vendor.service.id);

    // Exactly 7 days after expiry nothing is due yet.
    at(QUOTE_TTL_MS + 7 * DAY);
    expect(await purgeExpiredQuotes(t.deps)).toBe(0);

    at(QUOTE_TTL_MS + 7 * DAY + 1);
    expect(await purgeExpiredQuotes(t.deps)).toBe(1);
    const left = (await t.deps.db.select({ id: quotes.id }).from(quotes)).map((q) => q.id).sort();
    expect(left).toEqual([booked.quote.id, younger.quote.id].sort());
    expect((await t.get(`/api/v1/quotes/${unbooked.quote.id}`)).status).toBe(404);
    // The booked quote still reads back as it was shown.
    expect((await t.get(`/api/v1/quotes/${booked.quote.id}`)).body).toEqual({
      ...booked.quote,
      expired: true,
    });
    // Every quote keeps its log line.
    expect(await t.deps.db.select().from(quoteLog)).toHaveLength(3);

    at(DAY + QUOTE_TTL_MS + 7 * DAY + 1);
    expect(await purgeExpiredQuotes(t.deps)).toBe(1);
    expect((await t.deps.db.select({ id: quotes.id }).from(quotes)).map((q) => q.id)).toEqual([
      booked.quote.id,
    ]);
  });

  it('follows QUOTE_RETENTION_DAYS, and works through a backlog a bounded batch at a time', async () => {
    const short = await createTestApp({ QUOTE_RETENTION_DAYS: '0' });
    try {
      short.deps.now = () => now;
      for (let i = 0; i < 5; i++)
        expect(
          (
            await short.post('/api/v1/quotes', {
              serviceType: 'domestic',
              from: 'England',
              to: 'Wales',
              parcels: [{ length: 10, width: 10, height: 10, weight: 1 }],
            })
          ).status,
        ).toBe(201);
      at(QUOTE_TTL_MS);
      expect(await purgeExpiredQuotes(short.deps)).toBe(0);
      at(QUOTE_TTL_MS + 1);
      expect(await purgeExpiredQuotes(short.deps, { batchSize: 2, maxBatches: 2 })).toBe(4);
      expect(await short.deps.db.select().from(quotes)).toHaveLength(1);
      expect(await purgeExpiredQuotes(short.deps, { batchSize: 2, maxBatches: 2 })).toBe(1);
      expect(await short.deps.db.select().from(quoteLog)).toHaveLength(5);

      const admin = await short.deps.db.select().from(quoteLog);
      expect(admin.every((line) => line.optionCount === 0 && line.cheapestTotal === null)).toBe(true);
    } finally {
      short.close();
    }
  });

  it('admin still reads a deleted quote’s log line, without its options', async () => {
    const f = await bookingFixture(t);
    const { quote } = await quoteOptionFor(t, f.vendor.service.id);
    at(QUOTE_TTL_MS + 8 * DAY);
    expect(await purgeExpiredQuotes(t.deps)).toBe(1);
    const entry = await new QuoteLogService(t.deps).get(quote.id);
    // The log line keeps the route and parcels, not the collection day the dates assumed.
    const logged = Object.fromEntries(
      Object.entries(quote.request).filter(([key]) => key !== 'collectionDate'),
    );
    expect(entry).toMatchObject({
      id: quote.id,
      expired: true,
      request: logged,
      options: [],
      optionsKept: false,
      optionCount: 1,
      cheapestPrice: { amount: quote.options[0].price.total, currency: 'GBP' },
    });
  });
});

describe('job leases', () => {
  it('lets one holder at a time run a job, and another take over once the lease lapses', async () => {
    const { db } = t.deps;
    expect(await acquireLease(db, 'job', 'a', 1000, 0)).toBe(true);
    expect(await acquireLease(db, 'job', 'b', 1000, 500)).toBe(false);
    // The holder renews.
    expect(await acquireLease(db, 'job', 'a', 1000, 900)).toBe(true);
    expect(await acquireLease(db, 'job', 'b', 1000, 1899)).toBe(false);
    expect(await acquireLease(db, 'job', 'b', 1000, 1900)).toBe(true);
    expect(await acquireLease(db, 'job', 'a', 1000, 2000)).toBe(false);
    expect(await db.select().from(jobLeases)).toEqual([{ name: 'job', holder: 'b', expiresAt: 2900 }]);
  });
});
