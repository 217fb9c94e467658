import { describe, expect, it } from 'vitest';
import { option } from '../../test/quoteFixtures';
import { billingExplanation, inferDivisor, sortOptions, transitLabel } from './format';

describe('quote card wording', () => {
  it('labels the transit time', () => {
    expect(transitLabel(2, 'domestic')).toBe('2+ Days Delivery');
    expect(transitLabel(1, 'domestic')).toBe('Next Day Delivery');
    expect(transitLabel(5, 'international')).toBe('5+ Days Delivery');
    expect(transitLabel(0, 'same_day')).toBe('Same Day Delivery');
  });
});

describe('chargeable weight explanation', () => {
  const parcel = { length: 30, width: 20, height: 15, weight: 1 };

  it('says when the actual weight was billed', () => {
    expect(billingExplanation(option({ id: 'a', chargeableWeightKg: 5 }), [{ ...parcel, weight: 5 }])).toBe(
      'Billed by actual weight (5 kg)',
    );
  });

  it('shows the volumetric formula with the divisor worked back from the weight', () => {
    const volumetric = option({ id: 'a', billedBy: 'volumetric', chargeableWeightKg: 1.8 });
    expect(billingExplanation(volumetric, [parcel])).toBe(
      'Billed by volumetric weight: 30×20×15/5000 (actual weight 1 kg)',
    );
    expect(inferDivisor({ length: 31, width: 21, height: 16, weight: 1 }, 2.083)).toBe(5000);
    expect(inferDivisor(parcel, 2.25)).toBe(4000);
    expect(billingExplanation(volumetric, [parcel, parcel])).toContain(
      'for at least one parcel; actual weight 2 kg',
    );
  });
});

describe('sortOptions', () => {
  const options = [
    option({
      id: 'b',
      price: { net: 0, vat: 0, total: 1500, currency: 'GBP' },
      estimatedDelivery: '2026-03-10',
    }),
    option({
      id: 'a',
      price: { net: 0, vat: 0, total: 900, currency: 'GBP' },
      estimatedDelivery: '2026-03-12',
    }),
    option({
      id: 'c',
      price: { net: 0, vat: 0, total: 1200, currency: 'GBP' },
      estimatedDelivery: '2026-03-10',
    }),
  ];

  it('sorts by price, cheapest first', () => {
    expect(sortOptions(options, 'price').map((o) => o.id)).toEqual(['a', 'c', 'b']);
  });

  it('sorts by delivery date, then price', () => {
    expect(sortOptions(options, 'delivery').map((o) => o.id)).toEqual(['c', 'b', 'a']);
  });

  it('leaves the input alone', () => {
    sortOptions(options, 'price');
    expect(options.map((o) => o.id)).toEqual(['b', 'a', 'c']);
  });
});
