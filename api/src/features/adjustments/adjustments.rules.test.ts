import { describe, expect, it } from 'vitest';
import type { CourierServiceRates } from '../quotes';
import { adjustmentDeadline, adjustmentPrice, adjustmentWindowProblem } from './adjustments.rules';

const service: CourierServiceRates = {
  id: 's1',
  vendorId: 'v1',
  vendorName: 'Speedy',
  name: 'Next Day',
  logoUrl: null,
  serviceType: 'domestic',
  currency: 'GBP',
  fromLocation: 'Any',
  toLocation: 'Any',
  weightTiers: [
    { maxKg: 2, price: 5000 },
    { maxKg: 5, price: 6500 },
    { maxKg: 10, price: 9000 },
  ],
  maxLengthCm: 100,
  transitDays: 1,
};
const booked = { length: 30, width: 20, height: 10, weight: 2 };
// Booked at 5000 net + 1000 VAT.
const order = { parcels: [booked], net: 5000, vat: 1000, serviceType: 'domestic' as const };

describe('the adjustment price', () => {
  it('adds what the measured parcel costs more on the card, with VAT', () => {
    expect(adjustmentPrice(service, order, [{ ...booked, weight: 4 }])).toEqual({
      ok: true,
      bookedChargeableKg: 2,
      measuredChargeableKg: 4,
      bookedPrice: 6000,
      adjustedPrice: 7800,
      difference: 1800,
    });
  });

  it('bills a larger parcel by its volume, as a quote does', () => {
    // 50 x 40 x 20 cm / 5000 = 8 kg volumetric: the 10 kg tier.
    const result = adjustmentPrice(service, order, [{ length: 50, width: 40, height: 20, weight: 2 }]);
    expect(result).toMatchObject({ ok: true, measuredChargeableKg: 8, difference: 4800 });
  });

  it('keeps the booked price when the card changed since booking: only the extra weight is charged', () => {
    // Booked at 4000 net (an older, cheaper card); the card now says 5000 for 2 kg and 6500 for 5 kg.
    const older = { ...order, net: 4000, vat: 800 };
    expect(adjustmentPrice(service, older, [{ ...booked, weight: 4 }])).toMatchObject({
      ok: true,
      bookedPrice: 4800,
      adjustedPrice: 6600,
      difference: 1800,
    });
  });

  it('refuses an adjustment that would not raise the price', () => {
    for (const measured of [booked, { ...booked, weight: 1.5 }, { ...booked, weight: 2 }]) {
      expect(adjustmentPrice(service, order, [measured])).toMatchObject({
        ok: false,
        code: 'adjustment_not_higher',
        path: 'parcels',
      });
    }
  });

  it('refuses parcels the card cannot price, and a different number of parcels', () => {
    expect(adjustmentPrice(service, order, [{ ...booked, weight: 12 }])).toMatchObject({
      ok: false,
      code: 'adjustment_unpriced',
      path: 'parcels.0',
      message: expect.stringContaining('no weight tier covers 12kg'),
    });
    expect(adjustmentPrice(service, order, [{ ...booked, length: 120 }])).toMatchObject({
      ok: false,
      path: 'parcels.0',
    });
    expect(adjustmentPrice(service, order, [booked, booked])).toMatchObject({
      ok: false,
      path: 'parcels',
      message: expect.stringContaining('each of the 1 booked parcels'),
    });
  });
});

describe('the adjustment window', () => {
  // Collected Thursday 15 January 2026: the window ends with Monday 19th (UK time).
  const collectedAt = new Date('2026-01-15T09:00:00Z');

  it('ends with the 2nd working day after collection, skipping the weekend', () => {
    expect(adjustmentDeadline(collectedAt).toISOString()).toBe('2026-01-19T23:59:59.999Z');
    // In British Summer Time the UK day ends at 23:00 UTC.
    expect(adjustmentDeadline(new Date('2026-06-02T09:00:00Z')).toISOString()).toBe(
      '2026-06-04T22:59:59.999Z',
    );
  });

  it('opens at collection and closes after the deadline', () => {
    const inTransit = { status: 'in_transit', collectedAt };
    expect(adjustmentWindowProblem(inTransit, new Date('2026-01-19T23:59:00Z'))).toBeNull();
    expect(adjustmentWindowProblem({ status: 'delivered', collectedAt }, collectedAt)).toBeNull();
    expect(adjustmentWindowProblem(inTransit, new Date('2026-01-20T00:00:00Z'))).toBe(
      'Adjustments must be filed within 2 working days of collection',
    );
    expect(adjustmentWindowProblem({ status: 'confirmed', collectedAt: null }, collectedAt)).toMatch(
      /once the parcel is collected/,
    );
    expect(adjustmentWindowProblem({ status: 'cancelled', collectedAt }, collectedAt)).toMatch(/cancelled/);
  });
});
