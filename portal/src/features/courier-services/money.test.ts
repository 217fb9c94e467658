import { describe, expect, it } from 'vitest';
import { penceToPounds, poundsToPence } from './money';

describe('poundsToPence', () => {
  it.each([
    ['0', 0],
    ['0.29', 29],
    ['1.15', 115],
    ['4.35', 435],
    ['19.99', 1999],
    ['12.5', 1250],
    ['3', 300],
    ['.5', 50],
    ['7.', 700],
    [' 8.95 ', 895],
    ['1000000.01', 100000001],
  ])('%s pounds is exactly %i pence', (pounds, pence) => {
    expect(poundsToPence(pounds)).toBe(pence);
  });

  it('is exact where multiplying floats is not', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(poundsToPence('0.29')).toBe(29);
    expect(1.15 * 100).not.toBe(115);
    expect(poundsToPence('1.15')).toBe(115);
  });

  it('takes more decimals for rates when allowed', () => {
    expect(poundsToPence('1.375')).toBeNull();
    expect(poundsToPence('1.375', 4)).toBe(137.5);
    expect(poundsToPence('1.2', 4)).toBe(120);
    expect(poundsToPence('0.0125', 4)).toBe(1.25);
  });

  it.each(['', ' ', '.', '-1', '1e3', '£5', '1,000', 'abc', '1.2.3'])('refuses %j', (input) => {
    expect(poundsToPence(input)).toBeNull();
  });
});

describe('penceToPounds', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [29, '0.29'],
    [100, '1.00'],
    [1999, '19.99'],
    [123456, '1234.56'],
    [137.5, '1.375'],
    [1.25, '0.0125'],
  ])('%s pence is %s pounds', (pence, pounds) => {
    expect(penceToPounds(pence)).toBe(pounds);
  });

  it('round-trips every pence value from 0 to £100', () => {
    for (let pence = 0; pence <= 10_000; pence++) {
      expect(poundsToPence(penceToPounds(pence))).toBe(pence);
    }
  });
});
