import { describe, expect, it } from 'vitest';
import {
  addMoney,
  applyRate,
  CurrencyMismatchError,
  formatMoney,
  isCurrency,
  money,
  sumMoney,
  vatFor,
  withVat,
} from './money';

describe('applyRate (half up to the minor unit)', () => {
  it.each([
    [1299, 2000, 260], // 259.8
    [1000, 2000, 200],
    [1, 2000, 0], // 0.2
    [3, 2000, 1], // 0.6
    [25, 1000, 3], // 2.5 -> 3: half goes up
    [15, 1000, 2], // 1.5 -> 2
    [-25, 1000, -3], // refunds mirror charges
    [0, 2000, 0],
    [1299, 0, 0],
  ])('%i at %i bp = %i', (amount, bp, expected) => {
    expect(applyRate(amount, bp)).toBe(expected);
  });

  it.each([
    [12.5, 2000],
    [100, 2.5],
    [100, -1],
  ])('rejects %s at %s bp', (amount, bp) => {
    expect(() => applyRate(amount, bp)).toThrow(RangeError);
  });
});

describe('VAT by service type', () => {
  it.each([
    ['domestic', 1299, { net: 1299, vat: 260, total: 1559 }],
    ['same_day', 2501, { net: 2501, vat: 500, total: 3001 }], // 500.2
    ['international', 4599, { net: 4599, vat: 0, total: 4599 }],
  ] as const)('%s on %i', (serviceType, net, expected) => {
    expect(withVat(money(net, 'GBP'), serviceType)).toEqual({ ...expected, currency: 'GBP' });
  });

  it('keeps the currency of the net amount', () => {
    expect(vatFor(money(1000, 'EUR'), 'domestic')).toEqual({ amount: 200, currency: 'EUR' });
  });
});

describe('arithmetic', () => {
  it('adds amounts of one currency', () => {
    expect(addMoney(money(150, 'GBP'), money(99, 'GBP'))).toEqual(money(249, 'GBP'));
    expect(sumMoney([money(1, 'USD'), money(2, 'USD')], 'USD')).toEqual(money(3, 'USD'));
    expect(sumMoney([], 'EUR')).toEqual(money(0, 'EUR'));
  });

  it('refuses to mix currencies', () => {
    expect(() => addMoney(money(1, 'GBP'), money(1, 'EUR'))).toThrow(CurrencyMismatchError);
    expect(() => sumMoney([money(1, 'GBP')], 'USD')).toThrow(CurrencyMismatchError);
  });

  it('refuses non-integer minor units', () => {
    expect(() => money(12.99, 'GBP')).toThrow(RangeError);
  });

  it.each([
    ['GBP', true],
    ['EUR', true],
    ['USD', true],
    ['gbp', false],
    ['JPY', false],
    [42, false],
  ])('isCurrency(%j) = %s', (value, expected) => {
    expect(isCurrency(value)).toBe(expected);
  });
});

describe('formatMoney (en-GB)', () => {
  it.each([
    [1299, 'GBP', '£12.99'],
    [20, 'GBP', '£0.20'],
    [123450, 'EUR', '€1,234.50'],
    [500, 'USD', 'US$5.00'],
    [-268, 'GBP', '-£2.68'],
    [0, 'GBP', '£0.00'],
    // The largest exact integer: amount / 100 as a double prints ...409.90.
    [9007199254740991, 'GBP', '£90,071,992,547,409.91'],
    [-9007199254740991, 'EUR', '-€90,071,992,547,409.91'],
    [1, 'USD', 'US$0.01'],
  ] as const)('%i %s -> %s', (amount, currency, expected) => {
    expect(formatMoney(money(amount, currency))).toBe(expected);
  });

  it('refuses amounts that are not integer minor units', () => {
    expect(() => formatMoney({ amount: 12.99, currency: 'GBP' })).toThrow(RangeError);
    expect(() => formatMoney({ amount: Number.MAX_SAFE_INTEGER + 1, currency: 'GBP' })).toThrow(RangeError);
  });
});
