import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from './dates';

describe('formatCalendarDay', () => {
  it('writes every weekday and month as en-GB Intl would', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    for (let day = 0; day < 400; day += 1) {
      const date = new Date(Date.UTC(2027, 11, 20 + day));
      expect(formatCalendarDay(date), date.toISOString()).toBe(intl.format(date));
    }
  });

  it('reads the day in UTC, whatever the instant within it', () => {
    expect(formatCalendarDay(new Date('2026-11-25T23:59:59Z'))).toBe('Wed, 25 Nov 2026');
    expect(formatCalendarDay(new Date('2026-03-29T00:00:00Z'))).toBe('Sun, 29 Mar 2026');
  });
});
