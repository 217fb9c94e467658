import { describe, expect, it } from 'vitest';
import {
  chargeableWeight,
  cheapestCoveringTier,
  evaluateService,
  InvalidQuoteRequestError,
  isQuotable,
  priceQuote,
  routeMatches,
  sameDayDistanceFee,
} from './pricing';
import type { CourierServiceRates, Parcel, QuoteContext, QuoteRequest } from './types';

// Wednesday 15 July 2026, 10:00 BST: a working day before the same-day cut-off.
const NOW = new Date('2026-07-15T09:00:00Z');
const ctx: QuoteContext = { now: NOW };

const TIERS = [
  { maxKg: 2, price: 500 },
  { maxKg: 5, price: 800 },
  { maxKg: 10, price: 1200 },
  { maxKg: 20, price: 2000 },
];

function service(overrides: Partial<CourierServiceRates> = {}): CourierServiceRates {
  return {
    id: 'svc-1',
    vendorId: 'ven-1',
    vendorName: 'Acme Couriers',
    name: 'Acme Standard',
    logoUrl: 'https://cdn.example/acme.png',
    serviceType: 'domestic',
    currency: 'GBP',
    fromLocation: 'Any',
    toLocation: 'Any',
    weightTiers: TIERS,
    transitDays: 2,
    ...overrides,
  };
}

const small: Parcel = { length: 10, width: 10, height: 10, weight: 1 }; // 0.2 kg volumetric

function domestic(parcels: Parcel[], from = 'England', to = 'Scotland'): QuoteRequest {
  return { serviceType: 'domestic', from, to, parcels };
}

function only(request: QuoteRequest, svc: CourierServiceRates, context: QuoteContext = ctx) {
  const evaluation = evaluateService(request, svc, context);
  if (!evaluation.ok) throw new Error(`expected a price, got ${evaluation.reason}: ${evaluation.detail}`);
  return evaluation.option;
}

describe('chargeableWeight', () => {
  it.each([
    // [parcel, divisor, kg, billedBy]
    [{ length: 10, width: 10, height: 10, weight: 1 }, 5000, 1, 'actual'],
    [{ length: 30, width: 30, height: 30, weight: 2 }, 5000, 5.4, 'volumetric'], // 27000/5000
    [{ length: 30, width: 30, height: 30, weight: 2 }, 6000, 4.5, 'volumetric'],
    [{ length: 50, width: 20, height: 10, weight: 2 }, 5000, 2, 'actual'], // equal: billed by actual
    [{ length: 40, width: 30, height: 20, weight: 5 }, 4000, 6, 'volumetric'],
    // Weights are kept to the gram: 1.999998 kg volumetric is charged as 2 kg.
    [{ length: 33.3, width: 30.03, height: 10, weight: 0.1 }, 5000, 2, 'volumetric'],
  ] as const)('%o with divisor %i -> %s kg (%s)', (parcel, divisor, kg, billedBy) => {
    expect(chargeableWeight(parcel, divisor)).toEqual({ kg, billedBy });
  });
});

describe('cheapestCoveringTier', () => {
  it.each([
    [0.5, 2],
    [2, 2], // exactly on maxKg is covered
    [2.001, 5],
    [5, 5],
    [19.999, 20],
    [20, 20],
    [20.001, null], // heavier than every tier
  ])('%s kg -> tier %s', (kg, expected) => {
    expect(cheapestCoveringTier(TIERS, kg)?.maxKg ?? null).toBe(expected);
  });

  it('picks the cheapest covering tier even when a heavier tier is cheaper and tiers are unsorted', () => {
    const promo = [
      { maxKg: 10, price: 900 },
      { maxKg: 5, price: 1000 },
      { maxKg: 2, price: 500 },
    ];
    expect(cheapestCoveringTier(promo, 3)).toEqual({ maxKg: 10, price: 900 });
    expect(cheapestCoveringTier(promo, 1)).toEqual({ maxKg: 2, price: 500 });
  });
});

describe('tier pricing through evaluateService', () => {
  it.each([
    ['weight exactly on a tier', { length: 10, width: 10, height: 10, weight: 2 }, 500],
    ['just over a tier', { length: 10, width: 10, height: 10, weight: 2.01 }, 800],
    ['volumetric beats actual', { length: 30, width: 30, height: 30, weight: 2 }, 1200], // 5.4 kg
    ['actual beats volumetric', { length: 20, width: 20, height: 20, weight: 9 }, 1200], // 1.6 vs 9
    ['top tier boundary', { length: 10, width: 10, height: 10, weight: 20 }, 2000],
  ])('%s', (_, parcel, net) => {
    expect(only(domestic([parcel]), service()).price.net).toBe(net);
  });

  it('excludes the service when no tier covers the parcel', () => {
    const evaluation = evaluateService(domestic([{ ...small, weight: 20.5 }]), service(), ctx);
    expect(evaluation).toMatchObject({ ok: false, reason: 'no_tier' });
  });

  it('uses the service volumetric divisor, 5000 by default', () => {
    const parcel = { length: 40, width: 30, height: 20, weight: 1 }; // 24000 cm³
    expect(only(domestic([parcel]), service()).chargeableWeightKg).toBe(4.8);
    expect(only(domestic([parcel]), service({ volumetricDivisor: 4000 })).chargeableWeightKg).toBe(6);
    expect(only(domestic([parcel]), service({ volumetricDivisor: null })).chargeableWeightKg).toBe(4.8);
  });
});

describe('limits', () => {
  const limited = service({ maxLengthCm: 60, maxWidthCm: 40, maxHeightCm: 30, maxWeightKg: 15 });
  const fits: Parcel = { length: 60, width: 40, height: 30, weight: 15 };

  it.each([
    ['exactly on every limit', fits, true],
    ['length 1 mm over', { ...fits, length: 60.1 }, false],
    ['width 1 mm over', { ...fits, width: 40.1 }, false],
    ['height 1 mm over', { ...fits, height: 30.1 }, false],
    ['weight 10 g over', { ...fits, weight: 15.01 }, false],
    // Dimensions are compared as given, not rotated: 40 × 60 × 30 breaks the 40 cm width.
    ['not rotated to fit', { ...fits, length: 40, width: 60 }, false],
  ])('%s -> quoted: %s', (_, parcel, quoted) => {
    const evaluation = evaluateService(domestic([parcel]), limited, ctx);
    expect(evaluation.ok).toBe(quoted);
    if (!evaluation.ok) expect(evaluation.reason).toBe('over_limit');
  });

  it('treats null and undefined limits as no limit', () => {
    const huge: Parcel = { length: 500, width: 10, height: 10, weight: 1 }; // 10 kg volumetric
    expect(evaluateService(domestic([huge]), service({ maxLengthCm: null }), ctx).ok).toBe(true);
    expect(evaluateService(domestic([huge]), service(), ctx).ok).toBe(true);
  });

  it('reports the limits on the option', () => {
    expect(only(domestic([small]), limited).limits).toEqual({
      maxLengthCm: 60,
      maxWidthCm: 40,
      maxHeightCm: 30,
      maxWeightKg: 15,
      volumetricDivisor: 5000,
    });
    expect(only(domestic([small]), service()).limits).toEqual({
      maxLengthCm: null,
      maxWidthCm: null,
      maxHeightCm: null,
      maxWeightKg: null,
      volumetricDivisor: 5000,
    });
    // The divisor the price was computed with, so a client can explain a volumetric bill.
    expect(only(domestic([small]), service({ volumetricDivisor: 4000 })).limits.volumetricDivisor).toBe(4000);
  });

  it('excludes the service when any one of several parcels breaks a limit', () => {
    const evaluation = evaluateService(domestic([small, small, { ...small, height: 31 }]), limited, ctx);
    expect(evaluation).toMatchObject({
      ok: false,
      reason: 'over_limit',
      detail: expect.stringContaining('parcel 3'),
    });
  });
});

describe('several parcels', () => {
  it('prices each parcel on its own tier and sums weights and prices', () => {
    const option = only(
      domestic([
        { length: 10, width: 10, height: 10, weight: 1.5 }, // 1.5 actual -> 500
        { length: 30, width: 30, height: 30, weight: 2 }, // 5.4 volumetric -> 1200
        { length: 10, width: 10, height: 10, weight: 4.333 }, // 4.333 actual -> 800
      ]),
      service(),
    );
    expect(option.price).toEqual({ net: 2500, vat: 500, total: 3000, currency: 'GBP' });
    expect(option.chargeableWeightKg).toBe(11.23); // 11.233 to two decimals
    expect(option.billedBy).toBe('volumetric');
    expect(option.breakdown.parcels.map((parcel) => [parcel.tierMaxKg, parcel.billedBy])).toEqual([
      [2, 'actual'],
      [10, 'volumetric'],
      [5, 'actual'],
    ]);
  });

  it('is billed by actual weight when no parcel is billed by volume', () => {
    expect(only(domestic([small, small]), service()).billedBy).toBe('actual');
  });
});

describe('VAT', () => {
  it.each([
    ['domestic', 1299, 260, 1559],
    ['international', 1299, 0, 1299],
  ] as const)('%s: net %i -> VAT %i', (serviceType, price, vat, total) => {
    const svc = service({ serviceType, weightTiers: [{ maxKg: 30, price }] });
    const request: QuoteRequest =
      serviceType === 'international'
        ? { serviceType, from: 'GB', to: 'FR', parcels: [small] }
        : domestic([small]);
    expect(only(request, svc).price).toEqual({ net: price, vat, total, currency: 'GBP' });
  });

  it('carries the service currency through', () => {
    const option = only(domestic([small]), service({ currency: 'EUR' }));
    expect(option.price.currency).toBe('EUR');
  });
});

describe('routes', () => {
  it.each([
    // [from, to, service from, service to, matches]
    ['England', 'Scotland', 'Any', 'Any', true],
    ['England', 'Scotland', 'England', 'Any', true],
    ['England', 'Scotland', 'England', 'Scotland', true],
    ['England', 'Scotland', 'england', 'SCOTLAND', true],
    ['Wales', 'Scotland', 'England', 'Any', false],
    ['England', 'Wales', 'Any', 'Scotland', false],
    ['England', 'Wales', 'Any', ['Scotland', 'Wales'], true],
    [undefined, 'Wales', 'England', 'Any', false], // unknown origin: only 'Any' can serve it
    [undefined, undefined, 'Any', 'Any', true],
  ] as const)('domestic %s -> %s on %s -> %o: %s', (from, to, fromLocation, toLocation, matches) => {
    const request: QuoteRequest = { serviceType: 'domestic', from, to, parcels: [small] };
    expect(routeMatches(request, service({ fromLocation, toLocation }))).toBe(matches);
  });

  it.each([
    // [request from, request to, service to, matches]
    ['GB', 'FR', 'Any', true],
    ['GB', 'FR', ['DE', 'FR'], true],
    ['GB', 'fr', ['DE', 'FR'], true],
    ['GB', 'AL', ['DE', 'FR'], false],
    ['GB', 'FR', 'FR', true],
    [undefined, 'FR', 'Any', true], // origin defaults to GB
    ['FR', 'DE', 'Any', false], // only exports from the UK
    ['GB', undefined, ['FR'], false],
  ] as const)('international %s -> %s on %o: %s', (from, to, toLocation, matches) => {
    const request: QuoteRequest = { serviceType: 'international', from, to, parcels: [small] };
    const svc = service({ serviceType: 'international', fromLocation: 'England', toLocation });
    expect(routeMatches(request, svc)).toBe(matches);
  });

  it('reports a route mismatch as the exclusion reason', () => {
    const evaluation = evaluateService(domestic([small], 'Wales'), service({ fromLocation: 'England' }), ctx);
    expect(evaluation).toMatchObject({ ok: false, reason: 'route_mismatch' });
  });

  it('never quotes a service of another type', () => {
    const evaluation = evaluateService(domestic([small]), service({ serviceType: 'international' }), ctx);
    expect(evaluation).toMatchObject({ ok: false, reason: 'service_type_mismatch' });
  });
});

describe('same-day', () => {
  const sameDay = service({
    id: 'sd',
    serviceType: 'same_day',
    transitDays: 0,
    weightTiers: [{ maxKg: 10, price: 1000 }],
    sameDay: { baseFee: 1500, perMile: 120, minimumFee: 2500 },
  });
  const request: QuoteRequest = {
    serviceType: 'same_day',
    from: 'England',
    to: 'England',
    fromPostcode: 'SW1A 1AA',
    toPostcode: 'EC1A 1BB',
    parcels: [small],
  };

  it.each([
    // [miles, distance fee]: max(2500, 1500 + 120 × miles)
    [0, 2500],
    [8.3, 2500], // 2496 -> the minimum applies
    [8.4, 2508],
    [25.5, 4560],
  ])('%s miles -> distance fee %i', (miles, fee) => {
    expect(sameDayDistanceFee(sameDay.sameDay!, miles)).toBe(fee);
  });

  it('rounds a fractional per-mile fee half up to the penny', () => {
    expect(sameDayDistanceFee({ baseFee: 0, perMile: 137.5, minimumFee: 0 }, 1)).toBe(138);
    expect(sameDayDistanceFee({ baseFee: 0, perMile: 137.5, minimumFee: 0 }, 0.1)).toBe(14); // 13.75
  });

  it('adds the distance fee once to the parcel prices, with 20% VAT', () => {
    const option = only({ ...request, parcels: [small, small] }, sameDay, {
      now: NOW,
      distanceMiles: 25.5,
      distanceSource: 'maps',
    });
    expect(option.price).toEqual({ net: 6560, vat: 1312, total: 7872, currency: 'GBP' });
    expect(option.distance).toEqual({ miles: 25.5, source: 'maps' });
    expect(option.breakdown.distanceFee).toBe(4560);
    expect(option.estimatedDelivery).toBe('2026-07-15');
  });

  it('marks the distance as an estimate when no source is given', () => {
    expect(only(request, sameDay, { now: NOW, distanceMiles: 3 }).distance).toEqual({
      miles: 3,
      source: 'estimate',
    });
  });

  it('is not offered beyond its maximum distance, and is up to it', () => {
    const limited = { ...sameDay, sameDay: { ...sameDay.sameDay!, maxMiles: 50 } };
    // London to Manchester is about 200 road miles.
    expect(evaluateService(request, limited, { now: NOW, distanceMiles: 201 })).toMatchObject({
      ok: false,
      reason: 'over_distance',
      detail: 'about 201 miles is over its 50-mile limit',
    });
    expect(only(request, limited, { now: NOW, distanceMiles: 50 }).distance?.miles).toBe(50);
    const unlimited = { ...sameDay, sameDay: { ...sameDay.sameDay!, maxMiles: null } };
    expect(only(request, unlimited, { now: NOW, distanceMiles: 201 }).distance?.miles).toBe(201);
  });

  it('cannot be priced without a distance', () => {
    expect(evaluateService(request, sameDay, ctx)).toMatchObject({ ok: false, reason: 'distance_unknown' });
  });

  it('delivers the next working day after the cut-off', () => {
    const late = new Date('2026-07-15T13:01:00Z'); // 14:01 BST
    expect(only(request, sameDay, { now: late, distanceMiles: 3 }).estimatedDelivery).toBe('2026-07-16');
  });

  it('needs same-day pricing to be quotable', () => {
    expect(isQuotable({ ...sameDay, sameDay: undefined })).toBe(false);
    expect(
      evaluateService(request, { ...sameDay, sameDay: null }, { now: NOW, distanceMiles: 3 }),
    ).toMatchObject({
      ok: false,
      reason: 'not_quotable',
    });
  });

  it('rejects a negative distance', () => {
    expect(() => priceQuote(request, [sameDay], { now: NOW, distanceMiles: -1 })).toThrow(
      InvalidQuoteRequestError,
    );
  });
});

describe('isQuotable', () => {
  it.each([
    ['a plain active service', {}, true],
    ['explicitly active service and vendor', { status: 'active', vendorStatus: 'active' }, true],
    ['inactive service', { status: 'inactive' }, false],
    ['pending vendor', { vendorStatus: 'pending' }, false],
    ['no tiers', { weightTiers: [] }, false],
    ['a fractional tier price', { weightTiers: [{ maxKg: 2, price: 4.99 }] }, false],
    ['a zero-kg tier', { weightTiers: [{ maxKg: 0, price: 100 }] }, false],
    ['a zero divisor', { volumetricDivisor: 0 }, false],
    ['fractional transit days', { transitDays: 1.5 }, false],
  ] as const)('%s -> %s', (_, overrides, expected) => {
    expect(isQuotable(service(overrides as Partial<CourierServiceRates>))).toBe(expected);
  });
});

describe('priceQuote', () => {
  const cheapSlow = service({
    id: 'a',
    name: 'Cheap Slow',
    weightTiers: [{ maxKg: 30, price: 500 }],
    transitDays: 5,
  });
  const dearFast = service({
    id: 'b',
    name: 'Dear Fast',
    weightTiers: [{ maxKg: 30, price: 1500 }],
    transitDays: 1,
  });
  const midMid = service({ id: 'c', name: 'Mid', weightTiers: [{ maxKg: 30, price: 900 }], transitDays: 3 });
  const cheapFast = service({
    id: 'd',
    name: 'Cheap Fast',
    weightTiers: [{ maxKg: 30, price: 500 }],
    transitDays: 1,
  });
  const wrongRoute = service({
    id: 'e',
    name: 'Wales only',
    fromLocation: 'Wales',
    weightTiers: [{ maxKg: 30, price: 1 }],
  });
  const inactive = service({
    id: 'f',
    name: 'Off',
    status: 'inactive',
    weightTiers: [{ maxKg: 30, price: 1 }],
  });

  it('sorts by total ascending and marks cheapest and fastest', () => {
    const options = priceQuote(domestic([small]), [dearFast, midMid, cheapSlow, wrongRoute, inactive], ctx);
    expect(options.map((option) => [option.courierServiceId, option.price.total, option.badges])).toEqual([
      ['a', 600, ['cheapest']],
      ['c', 1080, []],
      ['b', 1800, ['fastest']],
    ]);
    expect(options.map((option) => option.estimatedDelivery)).toEqual([
      '2026-07-22',
      '2026-07-20',
      '2026-07-16',
    ]);
  });

  it('marks every tie, and one option can be both cheapest and fastest', () => {
    const options = priceQuote(domestic([small]), [cheapSlow, dearFast, cheapFast], ctx);
    expect(options.map((option) => [option.courierServiceId, option.badges])).toEqual([
      ['d', ['cheapest', 'fastest']], // equal price: the earlier delivery comes first
      ['a', ['cheapest']],
      ['b', ['fastest']],
    ]);
  });

  it('returns nothing when no service fits', () => {
    expect(priceQuote(domestic([{ ...small, weight: 50 }]), [cheapSlow, dearFast], ctx)).toEqual([]);
    expect(priceQuote(domestic([small]), [], ctx)).toEqual([]);
  });

  it('skips weekends and bank holidays in the delivery estimate', () => {
    const friday = new Date('2026-08-28T10:00:00Z'); // before the August bank holiday Monday
    const [option] = priceQuote(domestic([small]), [service({ transitDays: 1 })], { now: friday });
    expect(option?.estimatedDelivery).toBe('2026-09-01');
  });

  it('copies the service identity onto each option', () => {
    const [option] = priceQuote(domestic([small]), [service()], ctx);
    expect(option).toMatchObject({
      courierServiceId: 'svc-1',
      vendorId: 'ven-1',
      vendorName: 'Acme Couriers',
      name: 'Acme Standard',
      logoUrl: 'https://cdn.example/acme.png',
      serviceType: 'domestic',
      transitDays: 2,
    });
    expect(option).not.toHaveProperty('distance');
  });

  it.each([
    ['no parcels', []],
    ['a zero dimension', [{ ...small, height: 0 }]],
    ['a negative weight', [{ ...small, weight: -1 }]],
    ['a non-finite length', [{ ...small, length: Number.POSITIVE_INFINITY }]],
  ])('rejects a request with %s', (_, parcels) => {
    expect(() => priceQuote(domestic(parcels), [service()], ctx)).toThrow(InvalidQuoteRequestError);
  });
});

describe('quotability of catalogue (deeply frozen) services', () => {
  const frozen = (overrides: Partial<CourierServiceRates> = {}) => {
    const s = service(overrides);
    return Object.freeze({
      ...s,
      weightTiers: Object.freeze(s.weightTiers.map((t) => Object.freeze({ ...t }))),
    });
  };

  it('gives the same verdicts as for unfrozen services, on every call', () => {
    const bad = frozen({ weightTiers: [{ maxKg: 2, price: 1.5 }] });
    const good = frozen();
    for (let i = 0; i < 2; i++) {
      expect(isQuotable(bad)).toBe(false);
      expect(isQuotable(good)).toBe(true);
    }
  });

  it('re-checks a service whose tiers can still change', () => {
    const tiers = [{ maxKg: 2, price: 500 }];
    const s = Object.freeze(service({ weightTiers: tiers }));
    expect(isQuotable(s)).toBe(true);
    tiers[0]!.price = -1;
    expect(isQuotable(s)).toBe(false);
  });

  it('prices a frozen service exactly like its unfrozen twin', () => {
    const request = domestic([{ length: 30, width: 20, height: 15, weight: 2 }]);
    expect(priceQuote(request, [frozen()], ctx)).toEqual(priceQuote(request, [service()], ctx));
  });
});
