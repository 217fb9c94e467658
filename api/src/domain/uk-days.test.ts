import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addWorkingDays,
  bankHolidays,
  collectionDateProblem,
  collectionDay,
  deliveryDayAfterTransit,
  formatPeopleDate,
  formatPeopleDateTime,
  isBeforeSameDayCutoff,
  isIsoDate,
  isWorkingDay,
  nextWorkingDay,
  sameDayDeliveryDay,
  ukToday,
  ukWallClock,
} from './uk-days';

describe('ukToday', () => {
  it.each([
    // BST: 23:30 UTC is already tomorrow in London.
    ['2026-07-14T23:30:00Z', '2026-07-15'],
    ['2026-07-14T22:59:59Z', '2026-07-14'],
    // GMT: UTC and UK agree.
    ['2026-01-14T23:30:00Z', '2026-01-14'],
    ['2026-01-15T00:00:00Z', '2026-01-15'],
    // Clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October.
    ['2026-03-28T23:59:59Z', '2026-03-28'],
    ['2026-10-24T23:00:00Z', '2026-10-25'],
    ['2026-10-25T23:30:00Z', '2026-10-25'],
  ])('%s is %s in the UK', (instant, expected) => {
    expect(ukToday(new Date(instant))).toBe(expected);
  });

  it('reports midnight as hour 0, not 24', () => {
    expect(ukWallClock(new Date('2026-01-14T00:00:30Z'))).toEqual({
      date: '2026-01-14',
      hour: 0,
      minute: 0,
      second: 30,
    });
  });

  it('rejects an invalid Date', () => {
    expect(() => ukToday(new Date('nope'))).toThrow(RangeError);
  });

  it('agrees with Intl read afresh at every instant, across both clock changes and over seventy years', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    const fresh = (at: number) => {
      const p = Object.fromEntries(intl.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
      return {
        date: `${p.year}-${p.month}-${p.day}`,
        hour: +p.hour!,
        minute: +p.minute!,
        second: +p.second!,
      };
    };
    const instants: number[] = [];
    // Every 7 s for two hours either side of each 2026 change (01:00 UTC, 29 March and 25 October).
    for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z']) {
      const at = Date.parse(change);
      for (let t = at - 2 * 3_600_000; t <= at + 2 * 3_600_000; t += 7_000) instants.push(t);
    }
    // And 5,000 instants spread over 1990-2060, each about five days after the last and at another
    // time of day (the step is no whole number of hours), so every one reads a new hour.
    const from = Date.parse('1990-01-01T00:00:00Z');
    const step = 441_937_123;
    for (let i = 0; i < 5_000; i++) instants.push(from + i * step);
    for (const at of instants)
      expect(ukWallClock(new Date(at)), new Date(at).toISOString()).toEqual(fresh(at));
  });
});

describe('bank holidays (England & Wales)', () => {
  it('lists the 2026 bank holidays, substitute day included, observances excluded', () => {
    expect([...bankHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-26',
      '2026-12-28',
    ]);
  });

  it.each([
    ['2026-08-31', true], // Summer bank holiday
    ['2026-12-28', true], // Boxing Day substitute (26th is a Saturday)
    ['2026-03-15', false], // Mother's Day: an observance, not a day off
    ['2026-04-05', false], // Easter Sunday: an observance
    ['2026-03-17', false], // St Patrick's Day is a Northern Ireland holiday only
    ['2026-11-30', false], // St Andrew's Day is a Scotland holiday only
    ['2022-09-19', true], // one-off: state funeral
    ['2023-05-08', true], // one-off: coronation
  ])('%s bank holiday: %s', (date, expected) => {
    expect(bankHolidays(Number(date.slice(0, 4))).has(date)).toBe(expected);
  });
});

describe('isWorkingDay', () => {
  it.each([
    ['2026-08-28', true], // Friday
    ['2026-08-29', false], // Saturday
    ['2026-08-30', false], // Sunday
    ['2026-08-31', false], // Monday, bank holiday
    ['2026-09-01', true], // Tuesday
    ['2026-12-24', true], // Christmas Eve is not a bank holiday
    ['2026-12-25', false],
    ['2026-12-28', false],
    ['2026-12-29', true],
  ])('%s working day: %s', (date, expected) => {
    expect(isWorkingDay(date)).toBe(expected);
  });

  it.each(['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', ''])('rejects %j', (bad) => {
    expect(isIsoDate(bad)).toBe(false);
    expect(() => isWorkingDay(bad)).toThrow(RangeError);
  });
});

describe('addWorkingDays / nextWorkingDay', () => {
  it.each([
    // Friday before the August bank holiday Monday.
    ['2026-08-28', 1, '2026-09-01'],
    ['2026-08-28', 2, '2026-09-02'],
    // Christmas week: Fri 25 and the Mon 28 substitute are skipped.
    ['2026-12-24', 1, '2026-12-29'],
    ['2026-12-24', 2, '2026-12-30'],
    ['2026-12-23', 3, '2026-12-30'],
    // Weekends.
    ['2026-07-17', 1, '2026-07-20'],
    ['2026-07-18', 1, '2026-07-20'],
    ['2026-07-19', 1, '2026-07-20'],
    ['2026-07-13', 5, '2026-07-20'],
    // Across New Year (Fri 1 Jan 2027 is a bank holiday).
    ['2026-12-31', 1, '2027-01-04'],
    // Zero keeps the date as it is; negative walks back.
    ['2026-08-29', 0, '2026-08-29'],
    ['2026-09-01', -1, '2026-08-28'],
    ['2026-12-29', -1, '2026-12-24'],
    // Back across New Year: Fri 1 Jan 2027 and the weekend are skipped.
    ['2027-01-04', -1, '2026-12-31'],
    // Easter 2027 (Good Friday 26 Mar, Easter Monday 29 Mar) in both directions.
    ['2027-03-25', 1, '2027-03-30'],
    ['2027-03-30', -1, '2027-03-25'],
  ])('%s + %i working days = %s', (date, n, expected) => {
    expect(addWorkingDays(date, n)).toBe(expected);
  });

  it('rejects fractional day counts', () => {
    expect(() => addWorkingDays('2026-07-13', 1.5)).toThrow(RangeError);
  });

  it('rejects a date that does not exist, even when moving zero days', () => {
    expect(() => addWorkingDays('2026-02-30', 0)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it.each([
    ['2026-08-28', '2026-09-01'],
    ['2026-12-24', '2026-12-29'],
    ['2026-12-25', '2026-12-29'],
    ['2026-07-15', '2026-07-16'],
  ])('next working day after %s is %s', (date, expected) => {
    expect(nextWorkingDay(date)).toBe(expected);
  });
});

describe('same-day cut-off (14:00 UK time)', () => {
  it.each([
    // Summer, BST = UTC+1.
    ['2026-07-15T12:59:00Z', true], // 13:59 BST
    ['2026-07-15T13:01:00Z', false], // 14:01 BST
    ['2026-07-15T13:00:00Z', false], // 14:00 BST exactly is too late
    ['2026-07-15T12:59:59Z', true],
    // Winter, GMT = UTC.
    ['2026-01-14T13:59:00Z', true],
    ['2026-01-14T14:01:00Z', false],
    ['2026-01-14T14:00:00Z', false],
  ])('%s before cut-off: %s', (instant, expected) => {
    expect(isBeforeSameDayCutoff(new Date(instant))).toBe(expected);
  });
});

describe('collection and delivery days', () => {
  it.each([
    ['2026-07-15T09:00:00Z', '2026-07-15'], // Wednesday: today
    ['2026-07-15T12:59:00Z', '2026-07-15'], // 13:59 BST: today, before the cut-off
    ['2026-07-15T13:00:00Z', '2026-07-16'], // 14:00 BST: the cut-off has passed
    ['2026-07-17T13:30:00Z', '2026-07-20'], // Friday 14:30 BST -> Monday
    ['2026-07-18T09:00:00Z', '2026-07-20'], // Saturday -> Monday
    ['2026-08-29T09:00:00Z', '2026-09-01'], // Saturday before the bank holiday -> Tuesday
    ['2026-12-25T09:00:00Z', '2026-12-29'],
    ['2026-07-17T23:30:00Z', '2026-07-20'], // Friday 23:30 UTC is Saturday in London
  ])('booked at %s collects on %s', (instant, expected) => {
    expect(collectionDay(new Date(instant))).toBe(expected);
  });

  it.each([
    ['2026-08-28T10:00:00Z', 1, '2026-09-01'], // Fri before Aug bank holiday
    ['2026-12-24T10:00:00Z', 1, '2026-12-29'],
    ['2026-12-24T10:00:00Z', 2, '2026-12-30'],
    ['2026-12-25T10:00:00Z', 1, '2026-12-30'], // collected Tue 29, delivered Wed 30
    ['2026-07-18T10:00:00Z', 2, '2026-07-22'], // Saturday: collected Mon 20
    ['2026-07-15T10:00:00Z', 0, '2026-07-15'],
  ])('booked at %s with %i transit days delivers %s', (instant, transit, expected) => {
    expect(deliveryDayAfterTransit(new Date(instant), transit)).toBe(expected);
  });

  it.each([
    ['2026-07-15T12:59:00Z', '2026-07-15'], // 13:59 BST Wednesday
    ['2026-07-15T13:01:00Z', '2026-07-16'], // 14:01 BST
    ['2026-01-14T13:59:00Z', '2026-01-14'], // 13:59 GMT
    ['2026-01-14T14:01:00Z', '2026-01-15'], // 14:01 GMT
    ['2026-08-28T12:00:00Z', '2026-08-28'], // Friday morning before the bank holiday
    ['2026-08-28T13:30:00Z', '2026-09-01'], // Friday 14:30 BST -> Tuesday
    ['2026-07-18T09:00:00Z', '2026-07-20'], // Saturday morning -> Monday
    ['2026-12-24T15:00:00Z', '2026-12-29'], // Christmas Eve afternoon
    ['2026-12-25T10:00:00Z', '2026-12-29'], // Christmas Day morning
  ])('same-day booked at %s delivers %s', (instant, expected) => {
    expect(sameDayDeliveryDay(new Date(instant))).toBe(expected);
  });
});

describe('formatPeopleDate', () => {
  it.each([
    ['2026-11-25', 'Wed, 25 Nov 2026'],
    ['2026-03-29', 'Sun, 29 Mar 2026'], // the day the clocks go forward
    ['2026-10-25', 'Sun, 25 Oct 2026'], // and back
    ['2027-01-01', 'Fri, 1 Jan 2027'],
  ])('%s reads %s', (date, expected) => {
    expect(formatPeopleDate(date)).toBe(expected);
  });

  it('refuses what is not a date', () => {
    expect(() => formatPeopleDate('25/11/2026')).toThrow(RangeError);
  });

  it('gives an instant as UK wall-clock time in the same form', () => {
    expect(formatPeopleDateTime(new Date('2026-11-25T17:05:00Z'))).toBe('Wed, 25 Nov 2026, 17:05');
    // British Summer Time: 23:30 UTC is already the next day in the UK.
    expect(formatPeopleDateTime(new Date('2026-07-01T23:30:00Z'))).toBe('Thu, 2 Jul 2026, 00:30');
  });
});

describe('collectionDateProblem: the one collection-date rule of every booking', () => {
  it.each([
    // Saturday 28 Nov 2026, 22:17 GMT: today is a Saturday, and past the cut-off anyway.
    [
      '2026-11-28T22:17:00Z',
      '2026-11-28',
      'Collections are Monday to Friday: Sat, 28 Nov 2026 is a Saturday; the next collection day is Mon, 30 Nov 2026',
    ],
    [
      '2026-11-28T22:17:00Z',
      '2026-11-29',
      'Collections are Monday to Friday: Sun, 29 Nov 2026 is a Sunday; the next collection day is Mon, 30 Nov 2026',
    ],
    ['2026-11-28T22:17:00Z', '2026-11-30', null],
    // Friday 27 Nov 2026: today before 14:00 GMT, the next working day after it.
    ['2026-11-27T13:59:00Z', '2026-11-27', null],
    [
      '2026-11-27T14:00:00Z',
      '2026-11-27',
      'Collection today must be booked by 14:00 UK time; the next collection day is Mon, 30 Nov 2026',
    ],
    ['2026-11-27T14:00:00Z', '2026-11-30', null],
    // Summer time: 14:00 BST is 13:00 UTC.
    [
      '2026-07-15T13:00:00Z',
      '2026-07-15',
      'Collection today must be booked by 14:00 UK time; the next collection day is Thu, 16 Jul 2026',
    ],
    // Friday 28 Aug 2026 after the cut-off: Monday 31 Aug is the summer bank holiday.
    [
      '2026-08-28T15:00:00Z',
      '2026-08-31',
      'Collections are not made on bank holidays: Mon, 31 Aug 2026 is one; the next collection day is Tue, 1 Sept 2026',
    ],
    ['2026-08-28T15:00:00Z', '2026-09-01', null],
    // Boxing Day 2026 is a Saturday: the substitute bank holiday is Monday 28 Dec.
    [
      '2026-12-24T10:00:00Z',
      '2026-12-28',
      'Collections are not made on bank holidays: Mon, 28 Dec 2026 is one; the next collection day is Tue, 29 Dec 2026',
    ],
    ['2026-11-27T10:00:00Z', '2026-11-26', 'Collection date cannot be before today'],
    ['2026-11-27T10:00:00Z', '2027-11-29', 'Collection date must be within the next 12 months'],
  ])('booked at %s for %s: %s', (instant, date, expected) => {
    expect(collectionDateProblem(date, new Date(instant))).toBe(expected);
  });

  it('allows exactly the days collectionDay and the working days allow', () => {
    // Every hour of a fortnight around the August bank holiday, every day of the fortnight after it.
    for (let hour = 0; hour < 14 * 24; hour += 1) {
      const now = new Date(Date.parse('2026-08-24T00:30:00Z') + hour * 3_600_000);
      const earliest = collectionDay(now);
      expect(collectionDateProblem(earliest, now)).toBeNull();
      for (let day = 0; day < 14; day += 1) {
        const date = addCalendarDays(ukToday(now), day);
        const allowed = date >= earliest && isWorkingDay(date);
        expect(collectionDateProblem(date, now) === null).toBe(allowed);
      }
    }
  });
});
