/**
 * "Today" and working days for the browser tests, by the server's clock and calendar, never this
 * machine's: the product decides what today and the next working day are (weekends and England &
 * Wales bank holidays), so a run near UK midnight, on a bank holiday or on a machine whose clock or
 * time zone differs must ask it rather than compute its own. The browser tests drive the product
 * from outside: they ask over HTTP and never import the API's code.
 */
import { type APIRequestContext, expect } from '@playwright/test';

/** A domestic quote, collected on `collectionDate` or, without one, on the first day the server allows. */
export async function serverQuote(
  request: APIRequestContext,
  collectionDate?: string,
): Promise<{
  collectionDate: string;
  options: { courierService: { name: string }; transitDays: number; estimatedDelivery: string }[];
}> {
  const response = await request.post('/api/v1/quotes', {
    data: {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
      ...(collectionDate ? { collectionDate } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/**
 * The first day a parcel booked now can be collected, by the server's clock: today on a working
 * day before the 14:00 UK cut-off, else the next working day. A quote that names no collection
 * day assumes it.
 */
export async function serverCollectionDay(request: APIRequestContext): Promise<string> {
  return (await serverQuote(request)).collectionDate;
}

/**
 * The working day after `date` (itself a working day), by the server's calendar: the delivery a
 * one-working-day service promises for a parcel collected on `date`.
 */
export async function serverNextWorkingDay(request: APIRequestContext, date: string): Promise<string> {
  const nextDay = (await serverQuote(request, date)).options.find((option) => option.transitDays === 1);
  if (!nextDay) throw new Error('No one-working-day service is seeded between England and Scotland');
  return nextDay.estimatedDelivery;
}

/**
 * A collection day a booking accepts for the rest of the test, whatever the day and hour the tests
 * run: the working day after the first collection day, so the 14:00 cut-off or midnight passing
 * between asking and booking cannot make it refused. The forms' collection dates are filled with it.
 */
export async function serverBookableDay(request: APIRequestContext): Promise<string> {
  return serverNextWorkingDay(request, await serverCollectionDay(request));
}
