import { describe, expect, it } from 'vitest';
import { formatOpenings, needsDropOffPoint, takesDropOff, weekdayOf } from './handover';

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
});
