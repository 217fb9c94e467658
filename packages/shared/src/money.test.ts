import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyValue, minorUnitsToDecimal } from './money';

// The output every package printed before this module existed: the portal, console and widget
// formatted `amount / 100` with Intl en-GB, the API an exact decimal string. Both must agree.
const viaDouble = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount / 100);

describe('formatMoney', () => {
  it.each([
    [1299, 'GBP', '£12.99'],
    [1250, 'GBP', '£12.50'],
    [20, 'GBP', '£0.20'],
    [123450, 'EUR', '€1,234.50'],
    [500, 'USD', 'US$5.00'],
    [-268, 'GBP', '-£2.68'],
    [0, 'GBP', '£0.00'],
    [1, 'USD', 'US$0.01'],
    [100000000, 'GBP', '£1,000,000.00'],
    // The largest exact integer: amount / 100 as a double would print ...409.90.
    [9007199254740991, 'GBP', '£90,071,992,547,409.91'],
    [-9007199254740991, 'EUR', '-€90,071,992,547,409.91'],
  ] as const)('%i %s -> %s', (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it('shows pounds when no currency is named', () => {
    expect(formatMoney(1299)).toBe('£12.99');
  });

  it('rounds a rate with a fraction of a penny to the penny', () => {
    expect(formatMoney(137.5, 'GBP')).toBe('£1.38');
    expect(formatMoney(12.25, 'EUR')).toBe('€0.12');
  });

  it('prints what amount / 100 printed for every realistic amount', () => {
    // A seeded walk over amounts up to £10m, every currency, both signs.
    let seed = 17;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 500; i += 1) {
      const amount = (next() % 1_000_000_000) * (i % 7 === 0 ? -1 : 1);
      for (const currency of ['GBP', 'EUR', 'USD']) {
        expect(formatMoney(amount, currency)).toBe(viaDouble(amount, currency));
      }
    }
  });

  it('refuses a currency that is not an ISO code, as Intl does', () => {
    expect(() => formatMoney(100, 'pounds')).toThrow(RangeError);
  });
});

describe('formatMoneyValue', () => {
  it('prints pounds, formatted without Intl, as Intl prints them', () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    for (const amount of [0, 5, -5, 99, 100, 123456, -123456, 100000000, Number.MAX_SAFE_INTEGER]) {
      const decimal = minorUnitsToDecimal(amount);
      expect(formatMoneyValue({ amount, currency: 'GBP' })).toBe(
        (intl.format as unknown as (value: string) => string)(decimal),
      );
    }
  });

  it('formats a Money value', () => {
    expect(formatMoneyValue({ amount: 1299, currency: 'GBP' })).toBe('£12.99');
    expect(formatMoneyValue({ amount: 500, currency: 'USD' })).toBe('US$5.00');
  });

  it('refuses amounts that are not integer minor units', () => {
    expect(() => formatMoneyValue({ amount: 12.99, currency: 'GBP' })).toThrow(RangeError);
    expect(() => formatMoneyValue({ amount: Number.MAX_SAFE_INTEGER + 1, currency: 'GBP' })).toThrow(
      RangeError,
    );
  });
});

describe('minorUnitsToDecimal', () => {
  it.each([
    [5997, '59.97'],
    [5, '0.05'],
    [-5, '-0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [-123456, '-1234.56'],
  ])('%i -> %s', (amount, expected) => {
    expect(minorUnitsToDecimal(amount)).toBe(expected);
  });

  it('refuses fractions and unsafe integers', () => {
    expect(() => minorUnitsToDecimal(1.5)).toThrow(RangeError);
    expect(() => minorUnitsToDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => minorUnitsToDecimal(2 ** 53)).toThrow(RangeError);
  });
});
