import { describe, expect, it } from 'vitest';
import { CURRENCIES, DEFAULT_CURRENCY, isCurrency } from './currency';

describe('currencies', () => {
  it('are the three Consign prices in, pounds first', () => {
    expect(CURRENCIES).toEqual(['GBP', 'EUR', 'USD']);
    expect(DEFAULT_CURRENCY).toBe('GBP');
  });

  it.each([
    ['GBP', true],
    ['EUR', true],
    ['USD', true],
    ['gbp', false],
    ['JPY', false],
    ['', false],
    [undefined, false],
    [12, false],
  ])('isCurrency(%j) is %s', (value, expected) => {
    expect(isCurrency(value)).toBe(expected);
  });
});
