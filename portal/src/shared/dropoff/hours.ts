/** How a point's hours read on the page. */
import { formatOpenings, WEEKDAY_LABELS, WEEKDAYS } from '@consign/shared/handover';
import { formatLongDate } from '../../lib/format';
import type { DayHours, WeeklyHours } from './api';

/** "Open 09:00–17:30 on Tue, 2 Jun 2026", or "Closed on Sun, 7 Jun 2026 (Stocktaking)". */
export function describeDay(day: DayHours): string {
  const date = formatLongDate(day.date);
  if (day.open) return `Open ${formatOpenings(day.openings)} on ${date}`;
  const why = day.closedReason && day.closedReason !== 'Closed' ? ` (${day.closedReason})` : '';
  return `Closed on ${date}${why}`;
}

/** The week as rows: "Monday", "09:00–17:30". */
export function weekRows(hours: WeeklyHours): [string, string][] {
  return WEEKDAYS.map((day) => [WEEKDAY_LABELS[day], formatOpenings(hours[day])]);
}

/** "0.8 miles" / "1 mile". */
export function describeMiles(miles: number): string {
  return `${miles} ${miles === 1 ? 'mile' : 'miles'}`;
}

/** The page where a customer chooses another point for a booked order (the email links here too). */
export function chooseDropOffHref(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/drop-off`;
}
