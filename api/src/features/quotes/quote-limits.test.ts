import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { courierServices } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/harness';
import { bumpCatalogVersion } from '../couriers';
import { heaviestParcelKg } from './quote-limits';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await seedDemoData(t.deps);
});
afterEach(() => t.close());

describe('GET /quotes/limits', () => {
  it('answers the heaviest parcel the demo services take, overall and per service type', async () => {
    const res = await t.get('/api/v1/quotes/limits');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    // DPD Next Day takes 30 kg; the international and same-day demo services 20 kg.
    expect(res.body).toEqual({
      maxWeightKg: 30,
      byServiceType: {
        domestic: { maxWeightKg: 30 },
        international: { maxWeightKg: 20 },
        same_day: { maxWeightKg: 20 },
      },
    });
  });

  it('follows the catalogue: a heavier service raises it, an inactive one does not', async () => {
    const [vendor] = await t.deps.db.query.vendors.findMany({ limit: 1 });
    await t.deps.db.insert(courierServices).values([
      {
        vendorId: vendor!.id,
        name: 'Pallet Line',
        serviceType: 'domestic',
        fromLocation: 'Any',
        toLocation: 'Any',
        weightTiers: [{ maxKg: 70, price: 4000 }],
        maxWeightKg: 60,
        transitDays: 2,
      },
      {
        vendorId: vendor!.id,
        name: 'Retired Freight',
        serviceType: 'domestic',
        fromLocation: 'Any',
        toLocation: 'Any',
        weightTiers: [{ maxKg: 500, price: 9000 }],
        transitDays: 2,
        status: 'inactive',
      },
    ]);
    await bumpCatalogVersion(t.deps.db);
    t.deps.catalog.invalidate();
    const res = await t.get('/api/v1/quotes/limits');
    expect(res.body.maxWeightKg).toBe(60);
    expect(res.body.byServiceType.domestic).toEqual({ maxWeightKg: 60 });
  });

  it('is null where no service is active', async () => {
    const empty = await createTestApp();
    try {
      const res = await empty.get('/api/v1/quotes/limits');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        maxWeightKg: null,
        byServiceType: {
          domestic: { maxWeightKg: null },
          international: { maxWeightKg: null },
          same_day: { maxWeightKg: null },
        },
      });
    } finally {
      empty.close();
    }
  });
});

describe('heaviestParcelKg', () => {
  const service = {
    maxWeightKg: null,
    weightTiers: [
      { maxKg: 5, price: 1 },
      { maxKg: 25, price: 2 },
    ],
  };
  it('is the heaviest tier without a limit, and the limit when it is lower', () => {
    expect(heaviestParcelKg(service as never)).toBe(25);
    expect(heaviestParcelKg({ ...service, maxWeightKg: 22.5 } as never)).toBe(22.5);
    expect(heaviestParcelKg({ ...service, maxWeightKg: 40 } as never)).toBe(25);
  });
});
