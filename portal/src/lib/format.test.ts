import { formatMoney } from '@consign/shared/money';
import { describe, expect, it } from 'vitest';
import { formatKg, formatLongDate, totalWeight } from './format';

describe('formatting', () => {
  it('shows minor units as pounds with two decimals', () => {
    expect(formatMoney(899)).toBe('£8.99');
    expect(formatMoney(150)).toBe('£1.50');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(123456)).toBe('£1,234.56');
    expect(formatMoney(1999, 'EUR')).toBe('€19.99');
  });

  it('shows the delivery date in en-GB, whatever the time zone', () => {
    expect(formatLongDate('2026-03-12')).toBe('Thu, 12 Mar 2026');
    expect(formatLongDate('2026-12-28')).toBe('Mon, 28 Dec 2026');
    expect(formatLongDate('not a date')).toBe('not a date');
    expect(formatLongDate(null)).toBe('');
  });

  it('rolls an impossible day over, as a Date does', () => {
    expect(formatLongDate('2026-02-30')).toBe('Mon, 2 Mar 2026');
  });

  it('adds weights without float dust', () => {
    const parcel = { length: 1, width: 1, height: 1 };
    expect(
      totalWeight([
        { ...parcel, weight: 0.1 },
        { ...parcel, weight: 0.2 },
      ]),
    ).toBe(0.3);
    expect(formatKg(1.8)).toBe('1.8 kg');
  });
});
