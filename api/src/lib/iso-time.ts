/**
 * `date.toISOString()`, the same string, faster for the instants an application stores (1970 to
 * 9999): lists format several a row (docs/performance.md, "Lists"). The date part is V8's own, made once
 * per day seen in a row and kept; the time of day is arithmetic on the milliseconds. Any other
 * instant (before 1970, after 9999, an invalid date) is V8's toISOString, throwing as it does.
 */
export function isoTime(date: Date): string {
  const ms = date.getTime();
  if (!(ms >= 0 && ms < LAST_INSTANT)) return date.toISOString();
  const day = Math.floor(ms / DAY);
  if (day !== lastDay) {
    lastDayPrefix = new Date(day * DAY).toISOString().slice(0, 11); // 'YYYY-MM-DDT'
    lastDay = day;
  }
  let rest = ms - day * DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${lastDayPrefix}${two(hours)}:${two(minutes)}:${two(seconds)}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}

const DAY = 86_400_000;
/** 10000-01-01T00:00:00Z: from here toISOString writes a six-digit, signed year. */
const LAST_INSTANT = 253_402_300_800_000;
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
let lastDay = Number.NaN;
let lastDayPrefix = '';
