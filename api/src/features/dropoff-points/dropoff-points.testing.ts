/**
 * Test fixtures for drop-off points: a courier with a drop-off service, points in known places
 * (postcode centroids written to the postcode table, as `pnpm postcodes:import` would), and a
 * week of opening hours. For tests only.
 */
import { eq } from 'drizzle-orm';
import { courierServices, postcodes } from '../../db/schema';
import type { TestApp } from '../../test/harness';
import { createVendorWithService } from '../orders/orders.testing';

/** Real ONSPD centroids around Westminster, nearest to SW1A 1AA first. */
export const PLACES = {
  'SW1A 1AA': { lat: 51.501009, lon: -0.141588 },
  'SW1A 2AA': { lat: 51.50354, lon: -0.127695 },
  'SW1E 5DJ': { lat: 51.49725, lon: -0.13856 },
  'SE1 7PB': { lat: 51.50108, lon: -0.11817 },
  'EC1A 1BB': { lat: 51.520199, lon: -0.09742 },
} as const;

/** Puts the places into the postcode table, as an ONSPD import would. */
export async function importPlaces(t: TestApp) {
  await t.deps.db
    .insert(postcodes)
    .values(
      Object.entries(PLACES).map(([postcode, at]) => ({
        postcode,
        outward: postcode.split(' ')[0] as string,
        ...at,
      })),
    )
    .onConflictDoNothing();
}

export const WEEKDAY_HOURS = [{ opens: '09:00', closes: '17:30' }];

/** Open 09:00–17:30 on weekdays, mornings on Saturday, closed on Sunday. */
export const weekHours = () => ({
  monday: WEEKDAY_HOURS,
  tuesday: WEEKDAY_HOURS,
  wednesday: WEEKDAY_HOURS,
  thursday: WEEKDAY_HOURS,
  friday: WEEKDAY_HOURS,
  saturday: [{ opens: '09:00', closes: '12:00' }],
});

/** An active courier whose one service is `handover` (drop-off only unless said), with its vendor session. */
export async function dropOffCourier(
  t: TestApp,
  options: { handover?: 'drop_off' | 'both' | 'collection'; labelMode?: 'printed' | 'printerless' } = {},
) {
  const courier = await createVendorWithService(t);
  await t.deps.catalog.write((tx) =>
    tx
      .update(courierServices)
      .set({ handover: options.handover ?? 'drop_off', labelMode: options.labelMode ?? 'printed' })
      .where(eq(courierServices.id, courier.service.id)),
  );
  return { ...courier, auth: t.bearer(courier.owner.accessToken) };
}

export const pointBody = (serviceIds: string[], overrides: Record<string, unknown> = {}) => ({
  code: 'P1',
  name: 'Corner Shop',
  address: { line1: '1 Buckingham Gate', town: 'London', postcode: 'SW1E 5DJ' },
  openingHours: weekHours(),
  maxWeightKg: 20,
  serviceIds,
  ...overrides,
});

/** Publishes a point through the vendor route; returns its wire form. */
export async function publishPoint(
  t: TestApp,
  auth: Record<string, string>,
  serviceIds: string[],
  overrides: Record<string, unknown> = {},
) {
  const res = await t.post('/api/v1/vendor/dropoff-points', pointBody(serviceIds, overrides), auth);
  if (res.status !== 201) throw new Error(`point not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string; code: string };
}
