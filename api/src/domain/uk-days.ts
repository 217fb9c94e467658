/**
 * UK calendar rules for collection and delivery dates.
 *
 * Calendar dates travel as 'YYYY-MM-DD' strings in the Europe/London calendar: a date has no
 * time zone, and a `Date` at UTC midnight would shift a day when rendered in BST. Instants
 * (`Date`) are turned into UK dates only through Intl with the IANA zone, so BST/GMT changes
 * are handled by the platform's tz database rather than by hand-written offsets.
 */
import {
  type CollectionCalendar,
  collectionDateProblem as sharedCollectionDateProblem,
} from '@consign/shared/collection-days';
import { formatCalendarDay } from '@consign/shared/dates';
import Holidays from 'date-holidays';

export const UK_TIME_ZONE = 'Europe/London';

/**
 * The same-day cut-off, 14:00 UK time: a parcel booked later is neither collected nor (same-day
 * service) delivered today.
 */
export const SAME_DAY_CUTOFF = { hour: 14, minute: 0 } as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

// One formatter for the process: constructing Intl formatters is far slower than using them.
const ukClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  // h23, not hour12:false, which some ICU versions render as "24" at midnight.
  hourCycle: 'h23',
});

export type UkWallClock = { date: string; hour: number; minute: number; second: number };

const HOUR_MS = 3_600_000;

/**
 * The UK's offset from UTC, in ms, throughout the UTC hour that starts at `hourStart`. Europe/
 * London changes offset only on the hour (01:00 UTC), so one reading of Intl holds for the whole
 * hour; the offset itself still comes from the platform's tz database.
 */
function ukOffsetForHour(hourStart: number): number {
  const parts: Record<string, string> = {};
  for (const part of ukClock.formatToParts(new Date(hourStart))) parts[part.type] = part.value;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - hourStart;
}

// The last hour read: every quote and booking asks for the UK clock, nearly always within the
// same hour; formatToParts on each call was the quote path's largest cost of its own (issue 22).
let lastHour: { start: number; offset: number } | null = null;

/** The date and wall-clock time in the UK at an instant. */
export function ukWallClock(now: Date): UkWallClock {
  const at = now.getTime();
  if (Number.isNaN(at)) throw new RangeError('Invalid Date');
  const start = Math.floor(at / HOUR_MS) * HOUR_MS;
  if (lastHour?.start !== start) lastHour = { start, offset: ukOffsetForHour(start) };
  const wall = new Date(at + lastHour.offset);
  const year = wall.getUTCFullYear();
  return {
    // Years before 1000 or after 9999 do not occur; padStart keeps the form for the test range.
    date: `${String(year).padStart(4, '0')}-${String(wall.getUTCMonth() + 1).padStart(2, '0')}-${String(wall.getUTCDate()).padStart(2, '0')}`,
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/**
 * A UK calendar date as people read it, 'Wed, 25 Nov 2026': the one format of the portal's pages
 * and of every email (@consign/shared/dates, shared with the portal).
 */
export function formatPeopleDate(date: string): string {
  return formatCalendarDay(new Date(toUtcMidnight(date)));
}

/** An instant as UK wall-clock time in the same form, 'Wed, 25 Nov 2026, 17:05'. */
export function formatPeopleDateTime(instant: Date): string {
  const { date, hour, minute } = ukWallClock(instant);
  return `${formatPeopleDate(date)}, ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Today's date in the UK (YYYY-MM-DD) at the given instant. */
export function ukToday(now: Date): string {
  return ukWallClock(now).date;
}

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  // Round-trip rejects 2026-02-30 and friends, which Date.UTC would silently roll over.
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Date filters (order lists, exports) accept days in these years; anything else answers 422. */
export const FILTER_YEARS = { min: 2000, max: 2100 } as const;

/** A date filter's day: a real date within FILTER_YEARS. */
export function isFilterDay(value: string): boolean {
  return isIsoDate(value) && value >= `${FILTER_YEARS.min}-01-01` && value <= `${FILTER_YEARS.max}-12-31`;
}

export const FILTER_DAY_MESSAGE = `must be a day in the years ${FILTER_YEARS.min} to ${FILTER_YEARS.max}`;

/** How far ahead a parcel may be booked for collection. */
export const COLLECTION_WINDOW_DAYS = 365;

/** The cut-off as people read it: '14:00'. */
export const SAME_DAY_CUTOFF_TEXT = `${String(SAME_DAY_CUTOFF.hour).padStart(2, '0')}:${String(SAME_DAY_CUTOFF.minute).padStart(2, '0')}`;

const isBankHoliday = (date: string) => bankHolidays(Number(date.slice(0, 4))).has(date);

/** The collection calendar at `now`: the days the rule below allows, as the API sends it to forms. */
export function collectionCalendar(now: Date): CollectionCalendar {
  const today = ukToday(now);
  return {
    today,
    earliest: collectionDay(now),
    latest: addCalendarDays(today, COLLECTION_WINDOW_DAYS),
    cutoff: SAME_DAY_CUTOFF_TEXT,
    isBankHoliday,
  };
}

/** England & Wales bank holidays from `from` to `to`, in order. */
export function bankHolidaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    for (const day of bankHolidays(year)) if (day >= from && day <= to) days.push(day);
  }
  return days.sort();
}

/**
 * Why a parcel booked at `now` cannot be collected on `date`, in people's words, or null when it
 * can (docs/architecture.md, "Collection days"). The one rule of every booking path (orders,
 * widget and partner bookings, batch rows, jobs, a courier's new date) and of quotes that name a
 * day: not before today (UK time), within the next 12 months, on a working day (Monday to Friday,
 * not an England & Wales bank holiday), and today only before the same-day cut-off. The words are
 * in @consign/shared/collection-days, which the portal's forms use too.
 */
export function collectionDateProblem(date: string, now: Date): string | null {
  return sharedCollectionDateProblem(date, collectionCalendar(now));
}

// Date arithmetic happens on UTC midnights: UTC has no DST, so adding 86 400 000 ms is
// always exactly one calendar day. The results are only ever read back as calendar dates.
function toUtcMidnight(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Expected a YYYY-MM-DD date, got "${date}"`);
  return Date.parse(`${date}T00:00:00Z`);
}

function fromUtcMidnight(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addCalendarDays(date: string, days: number): string {
  return fromUtcMidnight(toUtcMidnight(date) + days * DAY_MS);
}

// England & Wales. Scotland and Northern Ireland have different bank holidays; couriers in
// the marketplace work to the England & Wales calendar (docs/architecture.md §3.1).
let holidayCalendar: Holidays | undefined;
const bankHolidaysByYear = new Map<number, ReadonlySet<string>>();

/**
 * Bank holidays of England & Wales in a year, including substitute days and one-off days
 * (jubilees, state funerals, coronations) that date-holidays tracks.
 * Only 'public' and 'bank' types count: the library also lists observances such as Mother's
 * Day and Easter Sunday, which are not days off.
 */
export function bankHolidays(year: number): ReadonlySet<string> {
  let days = bankHolidaysByYear.get(year);
  if (!days) {
    holidayCalendar ??= new Holidays('GB', 'ENG');
    days = new Set(
      holidayCalendar
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public' || holiday.type === 'bank')
        // `date` is the local calendar date "YYYY-MM-DD hh:mm:ss"; `start` is an instant
        // that would need converting back to the UK calendar, so the string is the safer read.
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    bankHolidaysByYear.set(year, days);
  }
  return days;
}

// The same holidays as UTC midnights, for the working-day walk below.
const bankHolidayMidnightsByYear = new Map<number, ReadonlySet<number>>();

function isWorkingMidnight(ms: number): boolean {
  const day = new Date(ms);
  const weekday = day.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = day.getUTCFullYear();
  let holidays = bankHolidayMidnightsByYear.get(year);
  if (!holidays) {
    holidays = new Set([...bankHolidays(year)].map((date) => Date.parse(`${date}T00:00:00Z`)));
    bankHolidayMidnightsByYear.set(year, holidays);
  }
  return !holidays.has(ms);
}

/** Monday to Friday and not an England & Wales bank holiday. */
export function isWorkingDay(date: string): boolean {
  return isWorkingMidnight(toUtcMidnight(date));
}

/**
 * Moves `n` working days from `date` (backwards when negative). The start date itself never
 * counts, so `addWorkingDays(friday, 1)` is the next working day after Friday, and n = 0
 * returns `date` unchanged even when it is not a working day.
 *
 * The walk is on UTC midnights, the date parsed once and written once: parsing and writing
 * each step's date again was most of a weekend quote's date arithmetic (a Saturday's
 * collection day takes three steps).
 */
export function addWorkingDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Working days must be a whole number, got ${n}`);
  const step = (n < 0 ? -1 : 1) * DAY_MS;
  let remaining = Math.abs(n);
  let current = toUtcMidnight(date);
  if (remaining === 0) return date;
  while (remaining > 0) {
    current += step;
    if (isWorkingMidnight(current)) remaining -= 1;
  }
  return fromUtcMidnight(current);
}

/** The first working day strictly after `date`. */
export function nextWorkingDay(date: string): string {
  return addWorkingDays(date, 1);
}

/** `date` if it is a working day, otherwise the next one. */
export function workingDayOnOrAfter(date: string): string {
  return isWorkingDay(date) ? date : nextWorkingDay(date);
}

/** True strictly before 14:00:00 UK time; 14:00 exactly is already too late. */
export function isBeforeSameDayCutoff(now: Date): boolean {
  const { hour, minute } = ukWallClock(now);
  return hour * 60 + minute < SAME_DAY_CUTOFF.hour * 60 + SAME_DAY_CUTOFF.minute;
}

/**
 * The earliest day a parcel booked now is collected, and the day a quote assumes when it names
 * none: today on a working day before the same-day cut-off, otherwise the next working day.
 */
export function collectionDay(now: Date): string {
  const today = ukToday(now);
  return isWorkingDay(today) && isBeforeSameDayCutoff(now) ? today : nextWorkingDay(today);
}

/** Same-day: today if it is a working day and before the cut-off, otherwise the next working day. */
export function sameDayDeliveryDay(now: Date): string {
  return collectionDay(now);
}

/** Collection day plus `transitDays` working days. */
export function deliveryDayAfterTransit(now: Date, transitDays: number): string {
  return addWorkingDays(collectionDay(now), transitDays);
}

/**
 * The instant a UK calendar day starts. London is on UTC or UTC+1, and the clocks change at
 * 01:00 UTC, so local midnight always exists once: 00:00 UTC or 23:00 UTC the day before.
 */
export function ukDayStart(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  for (const offsetHours of [0, 1]) {
    const candidate = new Date(utcMidnight - offsetHours * 3_600_000);
    const clock = ukWallClock(candidate);
    if (clock.date === date && clock.hour === 0 && clock.minute === 0) return candidate;
  }
  throw new RangeError(`No UK midnight found for ${date}`);
}

/** The first instant after a UK calendar day: its 23:59:59.999 is included by `< ukDayEnd`. */
export function ukDayEnd(date: string): Date {
  return ukDayStart(addCalendarDays(date, 1));
}
