/**
 * "Today" and working days for the browser tests, by the server's clock and calendar, never this
 * machine's: the product decides what today and the next working day are (weekends and England &
 * Wales bank holidays), so a run near UK midnight, on a bank holiday or on a machine whose clock or
 * time zone differs must ask it rather than compute its own. The browser tests drive the product
 * from outside: they ask over HTTP and never import the API's code.
 */
import { type APIRequestContext, expect } from '@playwright/test';

/** The server's clock at the moment it answers, from the HTTP Date header of a cheap call. */
async function serverNow(request: APIRequestContext): Promise<Date> {
  const response = await request.get('/readyz');
  const date = response.headers().date;
  if (!date) throw new Error('The server sent no Date header');
  return new Date(date);
}

const UK_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in the UK (YYYY-MM-DD) by the server's clock. */
export async function serverUkToday(request: APIRequestContext): Promise<string> {
  const parts = Object.fromEntries(
    UK_DAY.formatToParts(await serverNow(request)).map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

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
 * day. A quote that names no collection day assumes it.
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
