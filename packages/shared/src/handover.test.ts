import { describe, expect, it } from 'vitest';
import {
  closedDatesText,
  formatOpenings,
  needsDropOffPoint,
  openingsText,
  parseClosedDates,
  parseOpenings,
  takesDropOff,
  weekdayOf,
} from './handover';

describe('handover', () => {
  it.each([
    ['collection', false, false],
    ['drop_off', true, true],
    ['both', true, false],
  ] as const)('%s: takes drop-off %s, needs a point %s', (handover, takes, needs) => {
    expect(takesDropOff(handover)).toBe(takes);
    expect(needsDropOffPoint(handover)).toBe(needs);
  });

  it.each([
    ['2026-06-01', 'monday'],
    ['2026-06-06', 'saturday'],
    ['2026-06-07', 'sunday'],
    ['2026-03-29', 'sunday'], // the day British clocks go forward
    ['2024-02-29', 'thursday'],
  ])('weekdayOf(%s) is %s', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it('writes a day of openings, or Closed', () => {
    expect(formatOpenings([])).toBe('Closed');
    expect(
      formatOpenings([
        { opens: '09:00', closes: '12:30' },
        { opens: '13:30', closes: '17:30' },
      ]),
    ).toBe('09:00–12:30, 13:30–17:30');
  });

  it.each([
    ['', []],
    ['Closed', []],
    ['9:00-17:30', [{ opens: '09:00', closes: '17:30' }]],
    [
      '09:00 - 12:00, 13:00–17:00',
      [
        { opens: '09:00', closes: '12:00' },
        { opens: '13:00', closes: '17:00' },
      ],
    ],
    ['9 to 5', null],
    ['09:00', null],
  ] as const)('parseOpenings(%j)', (text, expected) => {
    expect(parseOpenings(text)).toEqual(expected);
  });

  it('writes openings back as they are read', () => {
    const openings = [
      { opens: '09:00', closes: '12:00' },
      { opens: '13:00', closes: '17:00' },
    ];
    expect(openingsText(openings)).toBe('09:00-12:00 13:00-17:00');
    expect(parseOpenings(openingsText(openings))).toEqual(openings);
    expect(openingsText([])).toBe('');
  });

  it('reads closed dates with and without reasons, and refuses anything else', () => {
    expect(parseClosedDates('2026-12-25 Christmas Day; 2026-12-26 ;')).toEqual([
      { date: '2026-12-25', reason: 'Christmas Day' },
      { date: '2026-12-26' },
    ]);
    expect(parseClosedDates('')).toEqual([]);
    expect(parseClosedDates('25/12/2026')).toBeNull();
    expect(
      closedDatesText([
        { date: '2026-12-25', reason: 'Christmas Day' },
        { date: '2026-12-26', reason: null },
      ]),
    ).toBe('2026-12-25 Christmas Day; 2026-12-26');
  });
});
