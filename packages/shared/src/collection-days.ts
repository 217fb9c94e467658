/**
 * The collection-date rule in people's words, shared by the API (which decides) and the portal's
 * booking forms (which say so at the field before sending). The calendar itself (today and the
 * earliest day in UK time, England & Wales bank holidays) comes from the API: domain/uk-days
 * builds it, GET /api/v1/meta/collection-days sends it (docs/architecture.md, "Collection days").
 */
import { formatCalendarDay } from './dates';

export type CollectionCalendar = {
  /** Today in the UK, YYYY-MM-DD. */
  today: string;
  /** The first day a parcel booked now is collected: today before the cut-off on a working day, else the next working day. */
  earliest: string;
  /** The last day a collection may be booked for (12 months ahead). */
  latest: string;
  /** The same-day cut-off, UK time, 'HH:MM'. */
  cutoff: string;
  /** Whether a day is an England & Wales bank holiday (YYYY-MM-DD). */
  isBankHoliday: (date: string) => boolean;
};

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_MS = 86_400_000;

const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
const people = (date: string) => formatCalendarDay(new Date(utcMidnight(date)));
const weekdayOf = (date: string) => new Date(utcMidnight(date)).getUTCDay();

/** A real YYYY-MM-DD date (not 2026-02-30). */
function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const ms = utcMidnight(date);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

/** Monday to Friday and not a bank holiday. */
export function isCollectionWeekday(
  date: string,
  calendar: Pick<CollectionCalendar, 'isBankHoliday'>,
): boolean {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6 && !calendar.isBankHoliday(date);
}

/** `date` when collections are made that day, otherwise the next day they are. */
function collectionDayOnOrAfter(date: string, calendar: CollectionCalendar): string {
  let ms = utcMidnight(date);
  let day = date;
  while (!isCollectionWeekday(day, calendar)) {
    ms += DAY_MS;
    day = new Date(ms).toISOString().slice(0, 10);
  }
  return day;
}

/**
 * Why a parcel cannot be collected on `date`, or null when it can: not before today, within the
 * next 12 months, Monday to Friday and not a bank holiday, and today only before the cut-off.
 */
export function collectionDateProblem(date: string, calendar: CollectionCalendar): string | null {
  // Compared as text before any date arithmetic touches it.
  if (date < calendar.today) return 'Collection date cannot be before today';
  if (date > calendar.latest) return 'Collection date must be within the next 12 months';
  if (!isCalendarDate(date)) return 'Collection date must be a date such as 2026-05-01';
  if (!isCollectionWeekday(date, calendar)) {
    const next = people(
      collectionDayOnOrAfter(date < calendar.earliest ? calendar.earliest : date, calendar),
    );
    const weekday = weekdayOf(date);
    const why =
      weekday === 0 || weekday === 6
        ? `Collections are Monday to Friday: ${people(date)} is a ${WEEKDAYS[weekday]}`
        : `Collections are not made on bank holidays: ${people(date)} is one`;
    return `${why}; the next collection day is ${next}`;
  }
  if (date < calendar.earliest) {
    return `Collection today must be booked by ${calendar.cutoff} UK time; the next collection day is ${people(calendar.earliest)}`;
  }
  return null;
}

/** The rule as the booking forms state it beside the date. */
export function collectionDaysHint(cutoff: string): string {
  return `Collections Monday to Friday, not on bank holidays; book by ${cutoff} UK time for collection the same day`;
}

/** The calendar as GET /api/v1/meta/collection-days sends it. */
export type CollectionDaysWire = Omit<CollectionCalendar, 'isBankHoliday'> & {
  bankHolidays: readonly string[];
};

/** The rule's calendar from the API's answer (the portal's forms). */
export function calendarOf(days: CollectionDaysWire): CollectionCalendar {
  const holidays = new Set(days.bankHolidays);
  return {
    today: days.today,
    earliest: days.earliest,
    latest: days.latest,
    cutoff: days.cutoff,
    isBankHoliday: (date) => holidays.has(date),
  };
}
