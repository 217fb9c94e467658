/**
 * The collection-date rule on the booking paths, on a clock the test controls (docs/architecture.md
 * 3.1, "Collection days"): the quote says which day it assumes, a booking for a day no courier
 * collects is a 422 naming collectionDate, and so is a courier moving the date to one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookingBody, bookingFixture, quoteOptionFor } from './orders.testing';

let t: TestApp;
let now: Date;
beforeEach(async () => {
  t = await createTestApp();
  // Accounts and couriers are made on a Wednesday morning; each booking sets its own instant.
  now = new Date('2026-11-25T09:00:00Z');
  t.deps.now = () => now;
});
afterEach(() => t.close());

type Fixture = Awaited<ReturnType<typeof bookingFixture>>;

/** Quotes and books at `at` for `date`; answers the booking's reply and the day the quote assumed. */
async function bookAt(f: Fixture, at: string, date: string) {
  now = new Date(at);
  const { quote, option } = await quoteOptionFor(t, f.vendor.service.id);
  const res = await t.post('/api/v1/orders', bookingBody(option.id, date), f.auth);
  return { res, assumed: quote.collectionDate as string };
}

const refusal = (message: string) => ({ errors: [{ path: 'collectionDate', message }] });

describe('collection days on a booking', () => {
  it('refuses Saturday 22:17 for that Saturday and the Sunday, and books the Monday', async () => {
    const f = await bookingFixture(t);
    const at = '2026-11-28T22:17:00Z'; // Saturday, GMT
    const saturday = await bookAt(f, at, '2026-11-28');
    expect(saturday.assumed).toBe('2026-11-30');
    expect(saturday.res.status).toBe(422);
    expect(saturday.res.body).toMatchObject(
      refusal(
        'Collections are Monday to Friday: Sat, 28 Nov 2026 is a Saturday; the next collection day is Mon, 30 Nov 2026',
      ),
    );
    const sunday = await bookAt(f, at, '2026-11-29');
    expect(sunday.res.status).toBe(422);
    const monday = await bookAt(f, at, '2026-11-30');
    expect(monday.res.status).toBe(201);
    expect(monday.res.body.collectionDate).toBe('2026-11-30');
  });

  it('books Friday for Friday before 14:00 UK time, and after it only from Monday', async () => {
    const f = await bookingFixture(t);
    const morning = await bookAt(f, '2026-11-27T13:59:00Z', '2026-11-27');
    expect(morning.assumed).toBe('2026-11-27');
    expect(morning.res.status).toBe(201);

    const afternoon = await bookAt(f, '2026-11-27T14:00:00Z', '2026-11-27');
    expect(afternoon.assumed).toBe('2026-11-30');
    expect(afternoon.res.status).toBe(422);
    expect(afternoon.res.body).toMatchObject(
      refusal(
        'Collection today must be booked by 14:00 UK time; the next collection day is Mon, 30 Nov 2026',
      ),
    );
    expect((await bookAt(f, '2026-11-27T14:00:00Z', '2026-11-30')).res.status).toBe(201);
  });

  it('in summer time the cut-off is 14:00 BST, and the bank holiday Monday moves collection to Tuesday', async () => {
    const f = await bookingFixture(t);
    // Friday 28 Aug 2026, 14:30 BST; Monday 31 Aug is the summer bank holiday.
    const at = '2026-08-28T13:30:00Z';
    const today = await bookAt(f, at, '2026-08-28');
    expect(today.assumed).toBe('2026-09-01');
    expect(today.res.status).toBe(422);
    const holiday = await bookAt(f, at, '2026-08-31');
    expect(holiday.res.body).toMatchObject(
      refusal(
        'Collections are not made on bank holidays: Mon, 31 Aug 2026 is one; the next collection day is Tue, 1 Sept 2026',
      ),
    );
    const tuesday = await bookAt(f, at, '2026-09-01');
    expect(tuesday.res.status).toBe(201);
    // The service's one working day, from Tuesday 1 Sept.
    expect(tuesday.res.body.estimatedDelivery).toBe('2026-09-02');
  });

  it('refuses a courier moving the collection to a weekend, in the same words', async () => {
    const f = await bookingFixture(t);
    const booked = await bookAt(f, '2026-11-25T10:00:00Z', '2026-11-26');
    expect(booked.res.status).toBe(201);
    const id = booked.res.body.id as string;
    const pay = await t.post(`/api/v1/orders/${id}/payment`, undefined, f.auth);
    expect((await t.call('POST', new URL(pay.body.approveUrl).pathname)).status).toBe(303);
    expect((await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth)).status).toBe(200);

    const vendor = t.bearer(f.vendor.owner.accessToken);
    const moved = await t.patch(`/api/v1/vendor/orders/${id}`, { collectionDate: '2026-11-28' }, vendor);
    expect(moved.status).toBe(422);
    expect(moved.body).toMatchObject(
      refusal(
        'Collections are Monday to Friday: Sat, 28 Nov 2026 is a Saturday; the next collection day is Mon, 30 Nov 2026',
      ),
    );
    const monday = await t.patch(`/api/v1/vendor/orders/${id}`, { collectionDate: '2026-11-30' }, vendor);
    expect(monday.status).toBe(200);
  });
});
