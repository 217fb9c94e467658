/**
 * "Today" for the browser tests, by the server's clock, never this machine's: the product decides
 * what today and the next working day are, so a run near UK midnight (or on a machine whose
 * clock or time zone differs) must ask it rather than compute its own.
 */
import type { APIRequestContext } from '@playwright/test';
// The API's own calendar (weekends and England & Wales bank holidays), so the test and the
// product agree on what a working day is.
import { ukToday, workingDayOnOrAfter } from '../../../api/src/domain/uk-days';

/** The server's clock at the moment it answers, from the HTTP Date header of a cheap call. */
async function serverNow(request: APIRequestContext): Promise<Date> {
  const response = await request.get('/readyz');
  const date = response.headers().date;
  if (!date) throw new Error('The server sent no Date header');
  return new Date(date);
}

/** Today in the UK (YYYY-MM-DD) by the server's clock. */
export async function serverUkToday(request: APIRequestContext): Promise<string> {
  return ukToday(await serverNow(request));
}

/** The first day a parcel booked now can be collected, by the server's clock: today on a working day. */
export async function serverCollectionDay(request: APIRequestContext): Promise<string> {
  return workingDayOnOrAfter(await serverUkToday(request));
}
