import { describe, expect, it } from 'vitest';
import { NOT_ENOUGH_ORDERS, percentOf, recordBasis, recordParts } from './courier-record';

const record = { orders: 300, adjustmentRate: 0.003, claimsPerHundred: 1.3, claimsAccepted: 0.667 };

describe('a courier record in words', () => {
  it('names the adjustment rate, claims per hundred and share accepted', () => {
    expect(recordParts(record)).toEqual([
      '0.3% of orders adjusted',
      '1.3 claims per 100 orders',
      '67% of claims accepted',
    ]);
    expect(recordBasis({ ...record, orders: 1234 })).toBe('last 90 days, 1,234 orders');
    expect(recordBasis({ ...record, orders: 1 })).toBe('last 90 days, 1 order');
  });

  it('claims no share below 10 orders and no share accepted below 3 decided claims', () => {
    expect(recordParts({ ...record, adjustmentRate: null, claimsPerHundred: null })).toBeNull();
    expect(NOT_ENOUGH_ORDERS).toBe('Adjustments and claims: Not enough orders yet');
    expect(recordParts({ ...record, claimsPerHundred: 1, claimsAccepted: null })).toEqual([
      '0.3% of orders adjusted',
      '1 claim per 100 orders',
    ]);
  });

  it('shows small shares to one decimal and never rounds one down to 0 %', () => {
    expect([0, 0.003, 0.0449, 0.1, 0.667, 1].map(percentOf)).toEqual([
      '0%',
      '0.3%',
      '4.5%',
      '10%',
      '67%',
      '100%',
    ]);
  });
});
