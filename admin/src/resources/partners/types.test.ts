import { describe, expect, it } from 'vitest';
import { formatRevenue } from './types';

describe('partner form helpers', () => {
  it('shows revenue per currency in pounds, or a dash when there is none', () => {
    expect(formatRevenue([])).toBe('—');
    expect(
      formatRevenue([
        { amount: 123456, currency: 'GBP' },
        { amount: 500, currency: 'EUR' },
      ]),
    ).toBe('£1,234.56, €5.00');
  });
});
