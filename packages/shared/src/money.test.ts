import { describe, expect, it } from 'vitest';
import {
  decimalToMinorUnits,
  formatMoney,
  formatMoneyValue,
  minorUnitsToDecimal,
  rateToDecimal,
} from './money';

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

describe('decimalToMinorUnits', () => {
  it.each([
    ['12.99', 1299],
    ['0.88', 88],
    ['1.00', 100],
    ['2.5', 250],
    ['1000', 100000],
    [' 7.48 ', 748],
    ['0', 0],
    ['0.29', 29],
    ['1.15', 115],
    ['4.35', 435],
    ['1000000.01', 100000001],
  ])('%j -> %i', (text, expected) => {
    expect(decimalToMinorUnits(text)).toBe(expected);
  });

  it('is exact where multiplying floats is not', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(decimalToMinorUnits('0.29')).toBe(29);
    expect(1.15 * 100).not.toBe(115);
    expect(decimalToMinorUnits('1.15')).toBe(115);
  });

  it.each(['1.005', '', ' ', '.', '£1', '1,000', '1.', '.5', 'abc', '-1', '1e3', '1.2.3'])(
    'refuses %j',
    (text) => {
      expect(decimalToMinorUnits(text)).toBeNull();
    },
  );

  it('takes a minus when asked', () => {
    expect(decimalToMinorUnits('-6.48', { negative: true })).toBe(-648);
    expect(decimalToMinorUnits('-6.48')).toBeNull();
  });

  it('takes a bare point on either side when asked, as people type', () => {
    expect(decimalToMinorUnits('.5', { loose: true })).toBe(50);
    expect(decimalToMinorUnits('7.', { loose: true })).toBe(700);
    expect(decimalToMinorUnits(' 8.95 ', { loose: true })).toBe(895);
  });

  it.each(['', ' ', '.', '-1', '1e3', '£5', '1,000', 'abc', '1.2.3'])('refuses %j even loosely', (text) => {
    expect(decimalToMinorUnits(text, { loose: true })).toBeNull();
  });

  it('takes more decimals for rates when allowed, as fractions of a minor unit', () => {
    expect(decimalToMinorUnits('1.375')).toBeNull();
    expect(decimalToMinorUnits('1.375', { decimals: 4 })).toBe(137.5);
    expect(decimalToMinorUnits('1.2', { decimals: 4 })).toBe(120);
    expect(decimalToMinorUnits('0.0125', { decimals: 4 })).toBe(1.25);
  });

  it('refuses an amount past the safe integers', () => {
    expect(decimalToMinorUnits('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(decimalToMinorUnits('90071992547409.92')).toBeNull();
  });
});

describe('rateToDecimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [29, '0.29'],
    [100, '1.00'],
    [1999, '19.99'],
    [123456, '1234.56'],
    [137.5, '1.375'],
    [1.25, '0.0125'],
    [-137.5, '-1.375'],
  ])('%s minor units is %s', (amount, text) => {
    expect(rateToDecimal(amount)).toBe(text);
  });

  it('round-trips every amount from 0 to 10,000 minor units through decimalToMinorUnits', () => {
    for (let amount = 0; amount <= 10_000; amount++) {
      expect(decimalToMinorUnits(rateToDecimal(amount), { loose: true })).toBe(amount);
    }
  });
});
