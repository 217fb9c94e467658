/**
 * A UK calendar date as people read it, 'Wed, 25 Nov 2026': the one format of the portal's pages,
 * the emails and the documents (the API's formatPeopleDate, the portal's formatLongDate).
 *
 * Written out rather than through Intl, as pounds are (money.ts): a calendar date needs no time
 * zone, and on the portal's results page building the page's first Intl formatter (it loads the
 * locale's data) was a 100 ms task on a phone in the middle of drawing the results. The test holds
 * it to Intl's en-GB text for every weekday and month.
 */

/** en-GB's short names, as Intl gives them (CLDR: 'Sept', not 'Sep'). */
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** The calendar day of `day` read in UTC (a date held as UTC midnight), as people read it. */
export function formatCalendarDay(day: Date): string {
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}
