/**
 * Opening hours: a point's regular week plus the dates it is closed anyway. Pure, so the booking
 * check, the search, the label and the emails read a day's hours the same way.
 */
import type { ClosedDate, WeeklyHours } from '../../db/schema';
import { type OpeningInterval, WEEKDAYS, type Weekday, weekdayOf } from '../../domain/handover';

/** What a point's day looks like: its openings, or why it is shut. */
export type DayHours = {
  date: string;
  weekday: Weekday;
  open: boolean;
  openings: OpeningInterval[];
  /** Set on a closed date: its reason, or 'Closed' when none was given. */
  closedReason: string | null;
};

export function hoursOn(
  point: { hours: WeeklyHours; closedDates: readonly ClosedDate[] },
  date: string,
): DayHours {
  const weekday = weekdayOf(date);
  const exception = point.closedDates.find((d) => d.date === date);
  if (exception) {
    return { date, weekday, open: false, openings: [], closedReason: exception.reason?.trim() || 'Closed' };
  }
  const openings = point.hours[weekday] ?? [];
  return { date, weekday, open: openings.length > 0, openings: [...openings], closedReason: null };
}

/** "HH:MM", 00:00 to 23:59; a day may close at 24:00 (midnight). */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const MAX_OPENINGS_A_DAY = 4;

export type HoursProblem = { path: string; message: string };

/**
 * Every weekday's openings checked: times as HH:MM, each closing after it opens, in order and not
 * overlapping, at most four a day; and open on at least one day of the week. Paths are relative
 * to the hours object ("friday.1.closes").
 */
export function hoursProblems(hours: WeeklyHours): HoursProblem[] {
  const problems: HoursProblem[] = [];
  for (const day of WEEKDAYS) {
    const openings = hours[day] ?? [];
    if (openings.length > MAX_OPENINGS_A_DAY) {
      problems.push({ path: day, message: `At most ${MAX_OPENINGS_A_DAY} openings a day` });
      continue;
    }
    let previousClose = '';
    openings.forEach((opening, i) => {
      if (!TIME.test(opening.opens)) {
        problems.push({ path: `${day}.${i}.opens`, message: 'Opening time must be HH:MM, such as 09:00' });
        return;
      }
      if (!TIME.test(opening.closes) && opening.closes !== '24:00') {
        problems.push({ path: `${day}.${i}.closes`, message: 'Closing time must be HH:MM, such as 17:30' });
        return;
      }
      if (opening.closes <= opening.opens) {
        problems.push({
          path: `${day}.${i}.closes`,
          message: `Closes at ${opening.closes}, which is not after it opens (${opening.opens})`,
        });
        return;
      }
      if (previousClose && opening.opens < previousClose) {
        problems.push({
          path: `${day}.${i}.opens`,
          message: `Opens at ${opening.opens}, before the previous opening closes (${previousClose}); list openings in order`,
        });
      }
      previousClose = opening.closes;
    });
  }
  if (problems.length === 0 && WEEKDAYS.every((day) => (hours[day] ?? []).length === 0)) {
    problems.push({ path: '', message: 'A drop-off point must open on at least one day of the week' });
  }
  return problems;
}

/** The week with every weekday present (an absent day is closed), in Monday-first order. */
export function fullWeek(hours: Partial<WeeklyHours>): WeeklyHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, [...(hours[day] ?? [])]])) as WeeklyHours;
}
