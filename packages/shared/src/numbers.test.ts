import { describe, expect, it } from 'vitest';
import { countOf, formatCount, groupDigits } from './numbers';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [-1234567, '-1,234,567'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
  ])('%i -> %s', (n, expected) => {
    expect(formatCount(n)).toBe(expected);
  });

  it('prints what Intl en-GB prints, for every magnitude', () => {
    for (let n = 1, step = 0; step < 60; step += 1, n = n * 3 + step) {
      for (const value of [n, -n, n + 1, n - 1]) {
        if (!Number.isSafeInteger(value)) continue;
        expect(formatCount(value)).toBe(value.toLocaleString('en-GB'));
      }
    }
  });

  it('leaves anything but a safe integer to Intl', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});

describe('groupDigits', () => {
  it('groups a string of digits of any length', () => {
    expect(groupDigits('1')).toBe('1');
    expect(groupDigits('1234')).toBe('1,234');
    expect(groupDigits('123456789012345678901')).toBe('123,456,789,012,345,678,901');
  });
});

// Issue 51, item 10: "Apply 1 rows", "1 matching codes".
describe('countOf', () => {
  it('says one in the singular and any other count in the plural, grouped', () => {
    expect(countOf(1, 'row')).toBe('1 row');
    expect(countOf(0, 'row')).toBe('0 rows');
    expect(countOf(2, 'matching code')).toBe('2 matching codes');
    expect(countOf(1200, 'parcel')).toBe('1,200 parcels');
    expect(countOf(3, 'person', 'people')).toBe('3 people');
  });
});
