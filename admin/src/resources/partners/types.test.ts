import { describe, expect, it } from 'vitest';
import { formatRevenue, originsFormat, originsParse } from './types';

describe('partner form helpers', () => {
  it('edits allowed origins one a line and sends a list without blanks', () => {
    expect(originsFormat(['https://shop.example', 'http://localhost:*'])).toBe(
      'https://shop.example\nhttp://localhost:*',
    );
    expect(originsParse(' https://shop.example\n\n  http://localhost:* \n')).toEqual([
      'https://shop.example',
      'http://localhost:*',
    ]);
    expect(originsFormat(undefined)).toBe('');
  });

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
