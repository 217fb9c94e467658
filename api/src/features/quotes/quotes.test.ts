import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courierServices, quoteLog, quotes, users, vendors } from '../../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../db/seed';
import {
  createDistanceProvider,
  createEstimateDistanceProvider,
  type LatLon,
  POSTCODE_AREAS,
} from '../../providers/distance';
import { haversineMiles, ROAD_FACTOR, roundMiles } from '../../providers/distance/geo';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { bumpCatalogVersion } from '../couriers';
import { importPostcodes } from './postcodes.service';
import type { QuoteOptionDto } from './quotes.schemas';
import { QUOTE_TTL_MS } from './quotes.service';

// Wednesday 11 March 2026, 10:00 UK (GMT): an ordinary working week.
const NOW = new Date('2026-03-11T10:00:00Z');

const parcel = { length: 30, width: 20, height: 15, weight: 2 };
const domestic = (over: Record<string, unknown> = {}) => ({
  serviceType: 'domestic',
  from: 'England',
  to: 'Scotland',
  parcels: [parcel],
  ...over,
});

let t: TestApp;
let now: Date;

async function freshApp(overrides: Parameters<typeof createTestApp>[1] = {}) {
  const app = await createTestApp({}, overrides);
  now = NOW;
  app.deps.now = () => now;
  await seedDemoData(app.deps);
  return app;
}

beforeEach(async () => {
  t = await freshApp();
});
afterEach(() => t.close());

async function vendorIdOf(email: string) {
  const [row] = await t.deps.db
    .select({ id: vendors.id })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.ownerId))
    .where(eq(users.email, email));
  return row!.id;
}

/** Adds a service the way the couriers feature does: row, catalogue version, invalidation. */
async function addService(vendorId: string, values: Partial<typeof courierServices.$inferInsert> = {}) {
  const [row] = await t.deps.db
    .insert(courierServices)
    .values({
      vendorId,
      name: 'Test Express',
      serviceType: 'domestic',
      fromLocation: 'Any',
      toLocation: 'Any',
      weightTiers: [{ maxKg: 30, price: 100 }],
      transitDays: 1,
      ...values,
    })
    .returning({ id: courierServices.id });
  await bumpCatalogVersion(t.deps.db);
  t.deps.catalog.invalidate();
  return row!.id;
}

async function adminAuth() {
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
  const res = await t.post('/api/v1/auth/login', { email: admin.email, password: DEMO_PASSWORD });
  expect(res.status).toBe(200);
  return t.bearer(res.body.accessToken);
}

const names = (body: { options: { courierService: { name: string } }[] }) =>
  body.options.map((o) => o.courierService.name);

describe('POST /quotes', () => {
  it('prices every fitting service, cheapest first, with badges, limits and delivery dates', async () => {
    const res = await t.post('/api/v1/quotes', domestic());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      expired: false,
      createdAt: NOW.toISOString(),
      expiresAt: new Date(NOW.getTime() + QUOTE_TTL_MS).toISOString(),
      request: domestic(),
    });
    // 2 kg actual beats 30×20×15/5000 = 1.8 kg volumetric. UPS Standard's 2 kg tier is £7.49,
    // UPS Promotion's 5 kg tier £7.99, DPD's 2 kg tier £8.95; VAT 20% rounded half up.
    expect(names(res.body)).toEqual(['UPS Standard', 'UPS Promotion', 'DPD Next Day']);
    const [standard, promotion, dpd] = res.body.options;
    expect(standard.price).toEqual({ net: 749, vat: 150, total: 899, currency: 'GBP' });
    expect(promotion.price).toEqual({ net: 799, vat: 160, total: 959, currency: 'GBP' });
    expect(dpd.price).toEqual({ net: 895, vat: 179, total: 1074, currency: 'GBP' });
    expect(standard.badges).toEqual(['cheapest']);
    expect(promotion.badges).toEqual([]);
    expect(dpd.badges).toEqual(['fastest']);
    // Collected Wednesday; 1, 2 and 3 working days later.
    expect(res.body.options.map((o: { estimatedDelivery: string }) => o.estimatedDelivery)).toEqual([
      '2026-03-13',
      '2026-03-16',
      '2026-03-12',
    ]);
    expect(standard).toMatchObject({
      serviceType: 'domestic',
      chargeableWeightKg: 2,
      billedBy: 'actual',
      transitDays: 2,
      limits: { maxLengthCm: 100, maxWidthCm: 70, maxHeightCm: 60, maxWeightKg: 20, volumetricDivisor: 5000 },
      courierService: { name: 'UPS Standard', logoUrl: null },
      vendor: { id: await vendorIdOf('vendor@consign.example'), name: 'Swift Couriers Ltd' },
    });
    expect(standard.id).toEqual(expect.any(String));
    expect(standard.courierService.id).toEqual(expect.any(String));
    expect(standard).not.toHaveProperty('breakdown');
    expect(standard).not.toHaveProperty('distance');
  });

  it('dates every option from the collection day asked for, and says which day it assumed', async () => {
    const dates = (body: { options: { estimatedDelivery: string }[] }) =>
      body.options.map((o) => o.estimatedDelivery);
    const asap = await t.post('/api/v1/quotes', domestic());
    expect(asap.body.collectionDate).toBe('2026-03-11');
    // Collected Friday 13th: 2, 3 and 1 working days later skip the weekend.
    const friday = await t.post('/api/v1/quotes', domestic({ collectionDate: '2026-03-13' }));
    expect(friday.status).toBe(201);
    expect(friday.body.collectionDate).toBe('2026-03-13');
    expect(friday.body.request.collectionDate).toBe('2026-03-13');
    expect(dates(friday.body)).toEqual(['2026-03-17', '2026-03-18', '2026-03-16']);
    // Nothing is collected on a Saturday: the quote says so at the field, and names the next day.
    const saturday = await t.post('/api/v1/quotes', domestic({ collectionDate: '2026-03-14' }));
    expect(saturday.status).toBe(422);
    expect(saturday.body.errors).toEqual([
      {
        path: 'collectionDate',
        message:
          'Collections are Monday to Friday: Sat, 14 Mar 2026 is a Saturday; the next collection day is Mon, 16 Mar 2026',
      },
    ]);
    // Read back, the quote still says which day it assumed.
    const again = await t.get(`/api/v1/quotes/${friday.body.id}`);
    expect(again.body.collectionDate).toBe('2026-03-13');
    expect(dates(again.body)).toEqual(dates(friday.body));
  });

  it('tells the booking form the delivery of an option for another collection day', async () => {
    const quote = await t.post('/api/v1/quotes', domestic());
    const [standard] = quote.body.options; // 2 working days
    const url = (date: string, optionId = standard.id) =>
      `/api/v1/quotes/${quote.body.id}/options/${optionId}/delivery-date?collectionDate=${date}`;
    expect((await t.get(url('2026-03-13'))).body).toEqual({
      collectionDate: '2026-03-13',
      estimatedDelivery: '2026-03-17',
    });
    const past = await t.get(url('2026-03-10'));
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual([
      { path: 'collectionDate', message: 'Collection date cannot be before today' },
    ]);
    expect((await t.get(url('2026-02-30'))).status).toBe(422);
    expect((await t.get(url('2026-03-13', 'no-such-option'))).status).toBe(404);
  });

  it.each([
    ['2026-03-10', 'Collection date cannot be before today'],
    ['2026-02-30', 'Collection date is not a real date'],
    ['13/03/2026', 'Collection date must be a date such as 2026-05-01'],
  ])('refuses collection date %s naming the field', async (collectionDate, message) => {
    const res = await t.post('/api/v1/quotes', domestic({ collectionDate }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ path: 'collectionDate', message });
  });

  it('bills a bulky parcel by volume and leaves out services it does not fit', async () => {
    // 50×40×40 / 5000 = 16 kg volumetric against 3 kg actual: priced on the 20 kg (and DPD's 30 kg) tiers.
    const bulky = await t.post(
      '/api/v1/quotes',
      domestic({ parcels: [{ length: 50, width: 40, height: 40, weight: 3 }] }),
    );
    expect(bulky.status).toBe(201);
    for (const option of bulky.body.options) {
      expect(option).toMatchObject({ billedBy: 'volumetric', chargeableWeightKg: 16 });
    }
    // UPS Standard 20 kg £19.99, UPS Promotion 20 kg £17.49, DPD 30 kg £24.50.
    expect(names(bulky.body)).toEqual(['UPS Promotion', 'UPS Standard', 'DPD Next Day']);

    // 81 cm long is 1 cm over UPS Promotion's 80 cm limit.
    const long = await t.post('/api/v1/quotes', domestic({ parcels: [{ ...parcel, length: 81 }] }));
    expect(names(long.body)).toEqual(['UPS Standard', 'DPD Next Day']);

    const none = await t.post('/api/v1/quotes', domestic({ parcels: [{ ...parcel, weight: 31 }] }));
    expect(none.status).toBe(201);
    expect(none.body.options).toEqual([]);
  });

  it('names the volumetric divisor each option was billed with, when quoted and when read back', async () => {
    await addService(await vendorIdOf('vendor@consign.example'), {
      name: 'Bulky Freight',
      volumetricDivisor: 4000,
    });
    const bulky = domestic({ parcels: [{ length: 50, width: 40, height: 40, weight: 3 }] });
    const res = await t.post('/api/v1/quotes', bulky);
    const divisors = (body: { options: QuoteOptionDto[] }) =>
      Object.fromEntries(body.options.map((o) => [o.courierService.name, o.limits.volumetricDivisor]));
    expect(divisors(res.body)).toMatchObject({ 'Bulky Freight': 4000, 'UPS Standard': 5000 });
    // 50×40×40 / 4000 = 20 kg: the divisor explains the chargeable weight.
    const freight = res.body.options.find((o: QuoteOptionDto) => o.courierService.name === 'Bulky Freight');
    expect(freight).toMatchObject({ billedBy: 'volumetric', chargeableWeightKg: 20 });
    expect(divisors((await t.get(`/api/v1/quotes/${res.body.id}`)).body)).toEqual(divisors(res.body));
  });

  it('matches routes: a service collecting only in England is not offered from Scotland', async () => {
    const res = await t.post('/api/v1/quotes', domestic({ from: 'Scotland', to: 'England' }));
    expect(names(res.body)).toEqual(['UPS Standard', 'DPD Next Day']);
  });

  it('prices several parcels and international without VAT', async () => {
    const res = await t.post('/api/v1/quotes', {
      serviceType: 'international',
      to: 'AL',
      parcels: [parcel, { length: 10, width: 10, height: 10, weight: 0.5 }],
    });
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({ serviceType: 'international', from: 'GB', to: 'AL' });
    expect(names(res.body)).toEqual(['UPS Worldwide Saver']);
    // £39.99 (5 kg tier) + £24.99 (1 kg tier), zero-rated export.
    expect(res.body.options[0].price).toEqual({ net: 6498, vat: 0, total: 6498, currency: 'GBP' });
    expect(res.body.options[0].chargeableWeightKg).toBe(2.5);
    expect(res.body.options[0].badges).toEqual(['cheapest', 'fastest']);
  });

  it('says whether any service covers the route: a parcel too big for all is not an unserved country', async () => {
    // Only France and Germany are served by the one international service left active.
    await t.deps.db
      .update(courierServices)
      .set({ toLocation: ['FR', 'DE'] })
      .where(eq(courierServices.serviceType, 'international'));
    await bumpCatalogVersion(t.deps.db);
    t.deps.catalog.invalidate();
    const to = (country: string, weight = 2) => ({
      serviceType: 'international',
      to: country,
      parcels: [{ ...parcel, weight }],
    });

    const albania = await t.post('/api/v1/quotes', to('AL'));
    expect(albania.status).toBe(201);
    expect(albania.body).toMatchObject({ options: [], routeServed: false });
    // The same answer when the stored quote is read again.
    expect((await t.get(`/api/v1/quotes/${albania.body.id}`)).body.routeServed).toBe(false);

    const france = await t.post('/api/v1/quotes', to('FR'));
    expect(france.body.routeServed).toBe(true);
    expect(france.body.options.length).toBeGreaterThan(0);

    const heavy = await t.post('/api/v1/quotes', to('FR', 500));
    expect(heavy.body).toMatchObject({ options: [], routeServed: true });
  });

  it('never quotes a pending vendor or an inactive service, and quotes a vendor once an admin activates it', async () => {
    const pendingVendor = await vendorIdOf('pending@consign.example');
    await addService(pendingVendor, { name: 'Pending Express' });
    await addService(await vendorIdOf('vendor@consign.example'), {
      name: 'Paused Express',
      status: 'inactive',
    });

    const before = await t.post('/api/v1/quotes', domestic());
    expect(names(before.body)).not.toContain('Pending Express');
    expect(names(before.body)).not.toContain('Paused Express');
    expect(before.body.options).toHaveLength(3);

    const activated = await t.post(
      `/api/v1/admin/vendors/${pendingVendor}/activate`,
      { reason: 'Checks passed' },
      await adminAuth(),
    );
    expect(activated.status).toBe(200);

    const after = await t.post('/api/v1/quotes', domestic());
    // £1.00 + VAT: now the cheapest, and (1 working day) joint fastest with DPD.
    expect(names(after.body)).toEqual(['Pending Express', 'UPS Standard', 'UPS Promotion', 'DPD Next Day']);
    expect(after.body.options[0]).toMatchObject({
      price: { net: 100, vat: 20, total: 120 },
      badges: ['cheapest', 'fastest'],
      vendor: { id: pendingVendor, name: 'Pending Parcels' },
    });
    expect(after.body.options[3].badges).toEqual(['fastest']);
    expect(names(after.body)).not.toContain('Paused Express');
  });

  it('stores the quote as one compact row with its log line: the price lock', async () => {
    const res = await t.post('/api/v1/quotes', domestic());
    const [stored] = await t.deps.db.select().from(quotes).where(eq(quotes.id, res.body.id));
    expect(stored).toMatchObject({ serviceType: 'domestic', userId: null, partnerId: null, bookedAt: null });
    expect(stored!.request).toEqual({ ...domestic(), collectionDate: '2026-03-11' });
    // One short array per option, with the price a booking re-reads.
    expect(stored!.options).toHaveLength(3);
    expect(stored!.options.map(([, net, vat, total]) => ({ net, vat, total }))).toEqual(
      (res.body.options as QuoteOptionDto[]).map(({ price: { net, vat, total } }) => ({ net, vat, total })),
    );
    expect((res.body.options as QuoteOptionDto[]).map((o) => o.id)).toEqual(
      [0, 1, 2].map((position) => `${res.body.id}.${position}`),
    );
    const [log] = await t.deps.db.select().from(quoteLog).where(eq(quoteLog.id, res.body.id));
    expect(log).toMatchObject({
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [parcel],
      optionCount: 3,
      cheapestTotal: res.body.options[0].price.total,
      currency: 'GBP',
    });

    // A vendor raising prices and renaming the service afterwards changes new quotes, not this one.
    await t.deps.db
      .update(courierServices)
      .set({ weightTiers: [{ maxKg: 20, price: 5000 }], name: 'Renamed', logoUrl: '/uploads/new.png' })
      .where(eq(courierServices.id, res.body.options[0].courierService.id));
    await bumpCatalogVersion(t.deps.db);
    t.deps.catalog.invalidate();
    const fresh = await t.post('/api/v1/quotes', domestic());
    expect(names(fresh.body)).toEqual(['UPS Promotion', 'DPD Next Day', 'Renamed']);
    const again = await t.get(`/api/v1/quotes/${res.body.id}`);
    expect(again.body).toEqual(res.body);
  });

  it('reads back exactly as shown in a process that never saw the quote made', async () => {
    const res = await t.post('/api/v1/quotes', domestic({ parcels: [parcel, { ...parcel, length: 80 }] }));
    const other = await createTestApp({ DATA_DIR: t.dir });
    try {
      other.deps.now = () => now;
      const read = await other.get(`/api/v1/quotes/${res.body.id}`);
      expect(read.body).toEqual(res.body);
    } finally {
      other.close();
    }
  });

  it('records the signed-in caller, and refuses a bad token rather than ignoring it', async () => {
    const session = await signUpVerified(t, 'quoter@example.com');
    const mine = await t.post('/api/v1/quotes', domestic(), t.bearer(session.accessToken));
    expect(mine.status).toBe(201);
    const [row] = await t.deps.db.select().from(quotes).where(eq(quotes.id, mine.body.id));
    expect(row!.userId).toBe(session.user.id);

    const bad = await t.post('/api/v1/quotes', domestic(), t.bearer('not-a-token'));
    expect(bad.status).toBe(401);
    const anonymous = await t.post('/api/v1/quotes', domestic());
    const [anonymousRow] = await t.deps.db.select().from(quotes).where(eq(quotes.id, anonymous.body.id));
    expect(anonymousRow!.userId).toBeNull();
  });
});

describe('GET /quotes/{id}', () => {
  it('reads a stored quote as it was created', async () => {
    const created = await t.post('/api/v1/quotes', domestic());
    const read = await t.get(`/api/v1/quotes/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it('still reads a quote after 30 minutes, marked expired', async () => {
    const created = await t.post('/api/v1/quotes', domestic());
    now = new Date(NOW.getTime() + QUOTE_TTL_MS - 1);
    expect((await t.get(`/api/v1/quotes/${created.body.id}`)).body.expired).toBe(false);
    now = new Date(NOW.getTime() + QUOTE_TTL_MS);
    const expired = await t.get(`/api/v1/quotes/${created.body.id}`);
    expect(expired.status).toBe(200);
    expect(expired.body).toEqual({ ...created.body, expired: true });
  });

  it('answers 404 for an unknown quote', async () => {
    const res = await t.get('/api/v1/quotes/0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('quote request validation', () => {
  const paths = (body: { errors: { path: string }[] }) => body.errors.map((e) => e.path);

  const cases: [string, unknown, string, RegExp][] = [
    [
      'no service type',
      { from: 'England', to: 'Scotland', parcels: [parcel] },
      'serviceType',
      /service type/,
    ],
    ['an unknown service type', domestic({ serviceType: 'overnight' }), 'serviceType', /service type/],
    ['a bad nation', domestic({ to: 'Narnia' }), 'to', /England, Northern Ireland, Scotland, Wales/],
    [
      'a missing nation',
      { serviceType: 'domestic', from: 'England', parcels: [parcel] },
      'to',
      /Choose one of/,
    ],
    [
      'a destination not in the list',
      { serviceType: 'international', to: 'XX', parcels: [parcel] },
      'to',
      /destination/,
    ],
    [
      'an international origin other than GB',
      { serviceType: 'international', from: 'FR', to: 'AL', parcels: [parcel] },
      'from',
      /GB/,
    ],
    [
      'a malformed postcode',
      { serviceType: 'same_day', fromPostcode: 'NOT A CODE', toPostcode: 'EC1A 1BB', parcels: [parcel] },
      'fromPostcode',
      /valid UK postcode/,
    ],
    [
      'a missing postcode',
      { serviceType: 'same_day', fromPostcode: 'SW1A 1AA', parcels: [parcel] },
      'toPostcode',
      /required/,
    ],
    ['a zero weight', domestic({ parcels: [{ ...parcel, weight: 0 }] }), 'parcels.0.weight', /more than 0/],
    [
      'a negative length',
      domestic({ parcels: [parcel, { ...parcel, length: -1 }] }),
      'parcels.1.length',
      /more than 0/,
    ],
    [
      'a missing height',
      domestic({ parcels: [{ length: 1, width: 1, weight: 1 }] }),
      'parcels.0.height',
      /Height is required/,
    ],
    ['a weight as text', domestic({ parcels: [{ ...parcel, weight: '2' }] }), 'parcels.0.weight', /number/],
    [
      'an absurd weight',
      domestic({ parcels: [{ ...parcel, weight: 1001 }] }),
      'parcels.0.weight',
      /at most 1000/,
    ],
    ['an absurd size', domestic({ parcels: [{ ...parcel, width: 501 }] }), 'parcels.0.width', /at most 500/],
    ['no parcels', domestic({ parcels: [] }), 'parcels', /at least one/],
    ['21 parcels', domestic({ parcels: Array(21).fill(parcel) }), 'parcels', /at most 20/],
    ['an unknown field', domestic({ price: 1 }), '(body)', /Unknown field.*price/],
    [
      'an unknown parcel field',
      domestic({ parcels: [{ ...parcel, value: 10 }] }),
      'parcels.0',
      /Unknown field.*value/,
    ],
    [
      'postcodes on a domestic quote',
      domestic({ fromPostcode: 'SW1A 1AA' }),
      '(body)',
      /Unknown field.*fromPostcode/,
    ],
  ];
  it.each(cases.map(([name, body, path, message]) => ({ name, body, path, message })))(
    'rejects $name with a 422 naming $path',
    async ({ body, path, message }) => {
      const res = await t.post('/api/v1/quotes', body);
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(paths(res.body)).toContain(path);
      expect(res.body.errors.find((e: { path: string }) => e.path === path).message).toMatch(message);
    },
  );

  it('stores nothing for a rejected request', async () => {
    await t.post('/api/v1/quotes', domestic({ to: 'Narnia' }));
    expect(await t.deps.db.select().from(quotes)).toEqual([]);
  });
});

describe('same-day quotes', () => {
  const sameDay = (over: Record<string, unknown> = {}) => ({
    serviceType: 'same_day',
    fromPostcode: 'sw1a1aa',
    toPostcode: 'EC1A 1BB',
    parcels: [parcel],
    ...over,
  });
  /** City Sprint: £15 + £1.20 a mile, at least £20, plus the 5 kg tier (£0); 20% VAT. */
  const citySprintNet = (miles: number) => Math.max(2000, Math.round(1500 + 120 * miles));

  it('prices by the estimated distance between postcode areas, marked as an estimate', async () => {
    const expected = await createEstimateDistanceProvider().milesBetween('SW1A 1AA', 'EC1A 1BB');
    expect(expected.miles).toBeGreaterThan(0);
    const res = await t.post('/api/v1/quotes', sameDay());
    expect(res.status).toBe(201);
    expect(res.body.request).toMatchObject({ fromPostcode: 'SW1A 1AA', toPostcode: 'EC1A 1BB' });
    expect(names(res.body)).toEqual(['City Sprint']);
    const [option] = res.body.options;
    expect(option.distance).toEqual({ miles: expected.miles, source: 'estimate' });
    const net = citySprintNet(expected.miles);
    expect(option.price).toEqual({
      net,
      vat: Math.round(net * 0.2),
      total: net + Math.round(net * 0.2),
      currency: 'GBP',
    });
    // Before 14:00 UK time: delivered today.
    expect(option.estimatedDelivery).toBe('2026-03-11');
  });

  it('uses imported postcode centroids for the estimate', async () => {
    const sw1a: LatLon = { lat: 51.501009, lon: -0.141588 };
    const ec1a: LatLon = { lat: 51.520271, lon: -0.097714 };
    await importPostcodes(t.deps.db, [
      { postcode: 'SW1A 1AA', outward: 'SW1A', area: 'SW', ...sw1a },
      { postcode: 'EC1A 7BE', outward: 'EC1A', area: 'EC', ...ec1a },
    ]);
    // SW1A 1AA exactly; EC1A 1BB is not in the file, so its district's average.
    const miles = roundMiles(haversineMiles(sw1a, ec1a) * ROAD_FACTOR);
    const areaMiles = roundMiles(haversineMiles(POSTCODE_AREAS.SW!, POSTCODE_AREAS.EC!) * ROAD_FACTOR);
    expect(miles).not.toBe(areaMiles);
    const res = await t.post('/api/v1/quotes', sameDay());
    expect(res.body.options[0].distance).toEqual({ miles, source: 'estimate' });
  });

  it('after the 14:00 cut-off delivers the next working day', async () => {
    now = new Date('2026-03-13T14:01:00Z'); // Friday 14:01 GMT
    const res = await t.post('/api/v1/quotes', sameDay());
    expect(res.body.options[0].estimatedDelivery).toBe('2026-03-16');
  });

  it('checks the nations a same-day service covers, from the postcodes when not given', async () => {
    await addService(await vendorIdOf('vendor@consign.example'), {
      name: 'Glasgow Dash',
      serviceType: 'same_day',
      fromLocation: 'Scotland',
      toLocation: 'Scotland',
      sameDay: { baseFee: 1000, perMile: 100, minimumFee: 1500 },
    });
    const london = await t.post('/api/v1/quotes', sameDay());
    expect(names(london.body)).toEqual(['City Sprint']);
    const glasgow = await t.post('/api/v1/quotes', sameDay({ fromPostcode: 'G1 1XQ', toPostcode: 'G2 1DU' }));
    expect(names(glasgow.body).sort()).toEqual(['City Sprint', 'Glasgow Dash']);
  });

  it('leaves out a same-day service whose maximum distance is below the journey', async () => {
    await addService(await vendorIdOf('vendor@consign.example'), {
      name: 'Local Dash',
      serviceType: 'same_day',
      sameDay: { baseFee: 1000, perMile: 100, minimumFee: 1500, maxMiles: 50 },
    });
    // Across London: within 50 miles.
    expect(names((await t.post('/api/v1/quotes', sameDay())).body).sort()).toEqual([
      'City Sprint',
      'Local Dash',
    ]);
    // London to Manchester: about 200 miles, so only the unlimited service.
    const far = await t.post('/api/v1/quotes', sameDay({ toPostcode: 'M1 1AE' }));
    expect(far.status).toBe(201);
    expect(names(far.body)).toEqual(['City Sprint']);
    expect(far.body.options[0].distance.miles).toBeGreaterThan(150);
  });

  describe('with Google Distance Matrix', () => {
    let server: Server;
    let baseUrl: string;
    let reply: unknown;
    let calls = 0;
    beforeAll(async () => {
      server = createServer((req, res) => {
        calls += 1;
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (
          url.pathname !== '/maps/api/distancematrix/json' ||
          url.searchParams.get('key') !== 'test-maps-key'
        ) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const element = (e: unknown, status = 'OK') => ({ status, rows: [{ elements: [e] }] });
    let maps: TestApp;
    beforeEach(async () => {
      calls = 0;
      maps = await freshApp({
        distance: createDistanceProvider({ googleMapsApiKey: 'test-maps-key', baseUrl }),
      });
    });
    afterEach(() => maps.close());

    it('prices by the routed distance, marked maps', async () => {
      reply = element({ status: 'OK', distance: { value: 16093 } }); // 10.0 miles
      const res = await maps.post('/api/v1/quotes', sameDay());
      expect(res.status).toBe(201);
      expect(calls).toBe(1);
      expect(res.body.options[0].distance).toEqual({ miles: 10, source: 'maps' });
      expect(res.body.options[0].price).toEqual({ net: 2700, vat: 540, total: 3240, currency: 'GBP' });
    });

    it('falls back to the estimate when Google fails', async () => {
      reply = { status: 'REQUEST_DENIED', error_message: 'key expired', rows: [] };
      const res = await maps.post('/api/v1/quotes', sameDay());
      expect(res.status).toBe(201);
      expect(calls).toBe(1);
      const expected = await createEstimateDistanceProvider().milesBetween('SW1A 1AA', 'EC1A 1BB');
      expect(res.body.options[0].distance).toEqual({ miles: expected.miles, source: 'estimate' });
    });

    it.each([
      ['NOT_FOUND', /could not find/],
      ['ZERO_RESULTS', /no road route/],
    ])('answers 422 naming the postcodes when Google says %s', async (status, message) => {
      reply = element({ status });
      const res = await maps.post('/api/v1/quotes', sameDay());
      expect(res.status).toBe(422);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['fromPostcode', 'toPostcode']);
      expect(res.body.detail).toMatch(message);
      expect(await maps.deps.db.select().from(quotes)).toEqual([]);
    });
  });
});

describe('GET /admin/quotes (the quote log)', () => {
  async function quoteAt(at: string, body: Record<string, unknown>) {
    now = new Date(at);
    const res = await t.post('/api/v1/quotes', body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  it('lists every quote request, ra-data-simple-rest style, filtered by type and date', async () => {
    const first = await quoteAt('2026-03-01T09:00:00Z', domestic());
    const second = await quoteAt('2026-03-02T09:00:00Z', {
      serviceType: 'international',
      to: 'FR',
      parcels: [parcel, parcel],
    });
    // 23:30 UTC on 31 March is 00:30 on 1 April in the UK (BST).
    const third = await quoteAt('2026-03-31T23:30:00Z', {
      serviceType: 'same_day',
      fromPostcode: 'SW1A 1AA',
      toPostcode: 'EC1A 1BB',
      parcels: [parcel],
    });
    const nothing = await quoteAt('2026-04-02T09:00:00Z', domestic({ parcels: [{ ...parcel, weight: 99 }] }));
    const auth = await adminAuth();

    const all = await t.get('/api/v1/admin/quotes', auth);
    expect(all.status).toBe(200);
    expect(all.body.map((q: { id: string }) => q.id)).toEqual([nothing, third, second, first]);
    expect(all.headers.get('content-range')).toBe('quotes 0-3/4');
    expect(all.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(all.body[2]).toEqual({
      id: second,
      createdAt: '2026-03-02T09:00:00.000Z',
      expiresAt: '2026-03-02T09:30:00.000Z',
      serviceType: 'international',
      from: 'GB',
      to: 'FR',
      route: 'GB → FR',
      parcels: [parcel, parcel],
      parcelCount: 2,
      totalWeightKg: 4,
      userId: null,
      partnerId: null,
      optionCount: 1,
      cheapestPrice: { amount: all.body[2].cheapestPrice.amount, currency: 'GBP' },
    });
    expect(all.body[0].cheapestPrice).toBeNull();
    expect(all.body[1]).toMatchObject({ route: 'SW1A 1AA → EC1A 1BB', optionCount: 1 });
    expect(all.body[0]).toMatchObject({ route: 'England → Scotland', optionCount: 0 });

    const q = (params: Record<string, unknown>) =>
      `/api/v1/admin/quotes?${new URLSearchParams(
        Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])),
      )}`;
    const ids = (res: { body: { id: string }[] }) => res.body.map((r) => r.id);

    const domesticOnly = await t.get(q({ filter: { serviceType: 'domestic' } }), auth);
    expect(ids(domesticOnly)).toEqual([nothing, first]);
    expect(domesticOnly.headers.get('content-range')).toBe('quotes 0-1/2');

    // UK days: 1 April starts at 23:00 UTC on 31 March.
    const april = await t.get(
      q({ filter: { createdAt_gte: '2026-04-01', createdAt_lte: '2026-04-01' } }),
      auth,
    );
    expect(ids(april)).toEqual([third]);
    const march = await t.get(q({ filter: { createdAt_lte: '2026-03-31' } }), auth);
    expect(ids(march)).toEqual([second, first]);
    const instant = await t.get(
      q({ filter: { createdAt_gte: '2026-03-01T09:00:00Z', createdAt_lte: '2026-03-02T08:59:59Z' } }),
      auth,
    );
    expect(ids(instant)).toEqual([first]);

    const page = await t.get(q({ sort: ['createdAt', 'ASC'], range: [1, 2] }), auth);
    expect(ids(page)).toEqual([second, third]);
    expect(page.headers.get('content-range')).toBe('quotes 1-2/4');
    const byOptions = await t.get(q({ sort: ['optionCount', 'ASC'], range: [0, 0] }), auth);
    expect(ids(byOptions)).toEqual([nothing]);
    const empty = await t.get(q({ filter: { serviceType: 'same_day', createdAt_lte: '2026-03-01' } }), auth);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get('content-range')).toBe('quotes */0');
    const many = await t.get(q({ filter: { id: [first, third] } }), auth);
    expect(ids(many).sort()).toEqual([first, third].sort());

    const one = await t.get(`/api/v1/admin/quotes/${second}`, auth);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: second,
      expired: true,
      request: { to: 'FR' },
      options: [{ price: { vat: 0 } }],
      optionsKept: true,
    });
    expect(all.body[2].cheapestPrice.amount).toBe(one.body.options[0].price.total);
  });

  it('answers 422 for filters and sorts it does not support', async () => {
    const auth = await adminAuth();
    for (const query of [
      'filter={"serviceType":"overnight"}',
      'filter={"createdAt_gte":"yesterday"}',
      'filter={"price":1}',
      'sort=["request","ASC"]',
      'range=[5,1]',
      'filter=not-json',
    ]) {
      const res = await t.get(`/api/v1/admin/quotes?${encodeURI(query)}`, auth);
      expect(res.status, query).toBe(422);
      expect(res.body.errors.length, query).toBeGreaterThan(0);
    }
  });

  it('is for admins only', async () => {
    expect((await t.get('/api/v1/admin/quotes')).status).toBe(401);
    const customer = await signUpVerified(t, 'nosy@example.com');
    expect((await t.get('/api/v1/admin/quotes', t.bearer(customer.accessToken))).status).toBe(403);
    const created = await t.post('/api/v1/quotes', domestic());
    expect(
      (await t.get(`/api/v1/admin/quotes/${created.body.id}`, t.bearer(customer.accessToken))).status,
    ).toBe(403);
  });
});
