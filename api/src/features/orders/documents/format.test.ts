import { describe, expect, it } from 'vitest';
import { DocumentDataError } from './errors';
import {
  countryName,
  formatCalendarDate,
  formatDimensionsCm,
  formatKg,
  formatMinorUnits,
  lineValue,
  minorUnitsToDecimal,
} from './format';

describe('formatMinorUnits', () => {
  it.each([
    [0, 'GBP', '£0.00'],
    [1, 'GBP', '£0.01'],
    [10, 'GBP', '£0.10'],
    [5997, 'GBP', '£59.97'],
    [100000, 'GBP', '£1,000.00'],
    [-250, 'GBP', '-£2.50'],
    // The largest exact integer: no double ever stands in for the amount.
    [Number.MAX_SAFE_INTEGER, 'GBP', '£90,071,992,547,409.91'],
    [123456, 'EUR', '€1,234.56'],
    [5, 'USD', 'US$0.05'],
  ] as const)('%d %s -> %s', (amount, currency, expected) => {
    expect(formatMinorUnits(amount, currency)).toBe(expected);
  });

  it('refuses amounts that are not integer minor units', () => {
    expect(() => formatMinorUnits(19.99, 'GBP')).toThrow(RangeError);
    expect(() => minorUnitsToDecimal(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('builds the decimal string from integers', () => {
    expect(minorUnitsToDecimal(5997)).toBe('59.97');
    expect(minorUnitsToDecimal(-1)).toBe('-0.01');
    expect(minorUnitsToDecimal(1000000000000001)).toBe('10000000000000.01');
  });
});

describe('lineValue', () => {
  it('multiplies in integers', () => {
    expect(lineValue(1999, 3)).toBe(5997);
    expect(lineValue(29, 10)).toBe(290);
  });

  it('refuses a product that is no longer an exact integer', () => {
    expect(() => lineValue(2 ** 52, 4)).toThrow(RangeError);
  });
});

describe('measurements and dates', () => {
  it('formats weights and dimensions with at most the useful decimals', () => {
    expect(formatKg(2.5)).toBe('2.5 kg');
    expect(formatKg(12)).toBe('12 kg');
    expect(formatKg(0.125)).toBe('0.13 kg');
    expect(formatKg(1234.5)).toBe('1,234.5 kg');
    expect(formatDimensionsCm(30, 20.25, 10)).toBe('30 x 20.3 x 10 cm');
  });

  it('spells the month of a calendar date, whatever the machine time zone', () => {
    expect(formatCalendarDate('2025-06-03', 'collectionDate')).toBe('3 Jun 2025');
    expect(formatCalendarDate('2024-02-29', 'collectionDate')).toBe('29 Feb 2024');
    expect(formatCalendarDate('2025-12-31', 'collectionDate')).toBe('31 Dec 2025');
  });

  it.each(['2025-02-29', '2025-6-3', '03/06/2025', '2025-06-03T00:00:00Z', ''])(
    'rejects %j naming the field',
    (value) => {
      expect(() => formatCalendarDate(value, 'invoiceDate')).toThrow(DocumentDataError);
      try {
        formatCalendarDate(value, 'invoiceDate');
      } catch (error) {
        expect((error as DocumentDataError).field).toBe('invoiceDate');
      }
    },
  );

  it('names countries from their ISO codes', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('fr')).toBe('France');
    expect(countryName('CN')).toBe('China');
    expect(countryName('Atlantis')).toBe('Atlantis');
  });
});
