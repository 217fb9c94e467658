/**
 * Properties of the pricing engine, and of what a booking charges, checked with fast-check on
 * seeded, bounded runs (deterministic; a failure prints its seed and shrunk counterexample).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_TIERS } from '../domain/reference-data';
import { bookingBody, quoteOptionFor } from '../features/orders/orders.testing';
import type { CourierServiceRates, Parcel, QuoteRequest } from '../features/quotes';
import { evaluateService } from '../features/quotes';
import { startWorld, TODAY, type World } from './world';

const SEED = 20_261_123;
const NOW = new Date(`${TODAY}T10:00:00Z`);

const tierArb = fc.record({
  maxKg: fc.integer({ min: 1, max: 400 }).map((n) => n / 4),
  // Tiers cost at least one minor unit (couriers' schema).
  price: fc.integer({ min: 1, max: 1_000_000 }),
});

const serviceArb = fc.record({
  serviceType: fc.constantFrom('domestic' as const, 'international' as const, 'same_day' as const),
  currency: fc.constantFrom('GBP' as const, 'EUR' as const, 'USD' as const),
  weightTiers: fc.array(tierArb, { minLength: 1, maxLength: 5 }),
  volumetricDivisor: fc.constantFrom(4000, 5000, 6000),
  sameDay: fc.record({
    baseFee: fc.integer({ min: 0, max: 10_000 }),
    perMile: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100),
    minimumFee: fc.integer({ min: 0, max: 10_000 }),
  }),
});

const parcelArb = fc.record({
  length: fc.integer({ min: 1, max: 120 }),
  width: fc.integer({ min: 1, max: 80 }),
  height: fc.integer({ min: 1, max: 80 }),
  weight: fc.integer({ min: 1, max: 1000 }).map((n) => n / 10),
});

type ServiceSample = typeof serviceArb extends fc.Arbitrary<infer T> ? T : never;

function rates(s: ServiceSample): CourierServiceRates {
  return {
    id: 'svc',
    vendorId: 'v',
    vendorName: 'Vendor',
    name: 'Service',
    logoUrl: null,
    serviceType: s.serviceType,
    currency: s.currency,
    fromLocation: 'Any',
    toLocation: 'Any',
    weightTiers: s.weightTiers,
    volumetricDivisor: s.volumetricDivisor,
    transitDays: 1,
    sameDay: s.serviceType === 'same_day' ? s.sameDay : null,
  };
}

function request(serviceType: CourierServiceRates['serviceType'], parcels: Parcel[]): QuoteRequest {
  return serviceType === 'international'
    ? { serviceType, to: 'FR', parcels }
    : { serviceType, from: 'England', to: 'Scotland', parcels };
}

const price = (s: CourierServiceRates, parcels: Parcel[], miles: number) => {
  const result = evaluateService(request(s.serviceType, parcels), s, { now: NOW, distanceMiles: miles });
  return result.ok ? result.option.price : null;
};

describe('pricing engine properties', () => {
  it('is never negative (or zero), and total = net + VAT', () => {
    fc.assert(
      fc.property(
        serviceArb,
        fc.array(parcelArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 500 }),
        (s, parcels, miles) => {
          const p = price(rates(s), parcels, miles);
          if (!p) return;
          expect(p.net).toBeGreaterThan(0);
          expect(p.vat).toBeGreaterThanOrEqual(0);
          expect(p.total).toBe(p.net + p.vat);
          expect(Number.isInteger(p.total)).toBe(true);
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('is never cheaper when a parcel’s weight grows within one service', () => {
    fc.assert(
      fc.property(
        serviceArb,
        parcelArb,
        fc.integer({ min: 1, max: 500 }).map((n) => n / 10),
        fc.integer({ min: 0, max: 500 }),
        (s, parcel, extra, miles) => {
          const service = rates(s);
          const light = price(service, [parcel], miles);
          const heavy = price(service, [{ ...parcel, weight: parcel.weight + extra }], miles);
          if (!light || !heavy) return;
          expect(heavy.total).toBeGreaterThanOrEqual(light.total);
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('what a booking charges', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  }, 120_000);
  afterAll(() => world?.close());

  it('is the quoted net + VAT + the cover fee, whatever cover is chosen', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...COVER_TIERS), async (tier) => {
        const { t, cast } = world;
        const { option } = await quoteOptionFor(t, cast.ids.serviceA, undefined, cast.customerA);
        const res = await world.http('POST', '/api/v1/orders', {
          token: cast.customerA,
          body: bookingBody(option.id, TODAY, { coverAmount: tier.coverAmount }),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const p = res.body.price;
        expect(p.coverFee).toBe(tier.fee);
        expect(p.total).toBe(p.net + p.vat + p.coverFee);
        expect(p.net).toBe(option.price.net);
      }),
      { seed: SEED, numRuns: 8 },
    );
  });
});
