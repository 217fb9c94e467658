import { describe, expect, it } from 'vitest';
import { calendarOf, collectionDateProblem, collectionDaysHint } from './collection-days';

// Christmas 2026 as the API sends it on Thursday 24 Dec after 14:00: Boxing Day is a Saturday,
// so Monday 28 Dec is the substitute bank holiday and Tuesday 29 Dec the first collection day.
const christmas = calendarOf({
  today: '2026-12-24',
  earliest: '2026-12-29',
  latest: '2027-12-24',
  cutoff: '14:00',
  bankHolidays: ['2026-12-25', '2026-12-26', '2026-12-28', '2027-01-01'],
});

describe('collectionDateProblem over the calendar the API sends', () => {
  it.each([
    ['2026-12-23', 'Collection date cannot be before today'],
    [
      '2026-12-24',
      'Collection today must be booked by 14:00 UK time; the next collection day is Tue, 29 Dec 2026',
    ],
    [
      '2026-12-25',
      'Collections are not made on bank holidays: Fri, 25 Dec 2026 is one; the next collection day is Tue, 29 Dec 2026',
    ],
    [
      '2026-12-27',
      'Collections are Monday to Friday: Sun, 27 Dec 2026 is a Sunday; the next collection day is Tue, 29 Dec 2026',
    ],
    [
      '2027-01-01',
      'Collections are not made on bank holidays: Fri, 1 Jan 2027 is one; the next collection day is Mon, 4 Jan 2027',
    ],
    ['2026-12-29', null],
    ['2027-12-24', null],
    ['2027-12-27', 'Collection date must be within the next 12 months'],
    ['2027-02-30', 'Collection date must be a date such as 2026-05-01'],
  ])('%s: %s', (date, expected) => {
    expect(collectionDateProblem(date, christmas)).toBe(expected);
  });

  it('states the rule with the cut-off', () => {
    expect(collectionDaysHint('14:00')).toBe(
      'Collections Monday to Friday, not on bank holidays; book by 14:00 UK time for collection the same day',
    );
  });
});
