import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUpAdmin, signUpVendor } from '../admin/admin.fixtures';
import { dropOffCourier, importPlaces, pointBody, publishPoint, weekHours } from './dropoff-points.testing';

let t: TestApp;
// Monday 1 June 2026, 11:00 in London.
const TODAY = '2026-06-01';

beforeEach(async () => {
  t = await createTestApp();
  t.deps.now = () => new Date(`${TODAY}T10:00:00Z`);
  await importPlaces(t);
});
afterEach(() => t.close());

const POINTS = '/api/v1/vendor/dropoff-points';
const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));
const search = (query: Record<string, string>) =>
  t.get(`/api/v1/dropoff-points?${new URLSearchParams(query)}`);

describe('a courier publishing drop-off points', () => {
  it('creates, reads, changes and closes a point; the list leaves closed ones out', async () => {
    const courier = await dropOffCourier(t);
    const created = await t.post(
      POINTS,
      pointBody([courier.service.id], {
        address: { line1: ' 1 Buckingham Gate ', line2: 'Unit 4', town: 'London', postcode: 'sw1e5dj' },
        closedDates: [{ date: '2026-12-25', reason: 'Christmas Day' }, { date: '2026-06-05' }],
      }),
      courier.auth,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      vendorId: courier.vendorId,
      code: 'P1',
      name: 'Corner Shop',
      address: { line1: '1 Buckingham Gate', line2: 'Unit 4', town: 'London', postcode: 'SW1E 5DJ' },
      openingHours: { ...weekHours(), sunday: [] },
      // Kept in date order, whatever order they came in.
      closedDates: [
        { date: '2026-06-05', reason: null },
        { date: '2026-12-25', reason: 'Christmas Day' },
      ],
      maxWeightKg: 20,
      serviceIds: [courier.service.id],
      status: 'active',
      suspendedReason: null,
    });
    const url = `${POINTS}/${created.body.id}`;
    expect((await t.get(url, courier.auth)).body).toEqual(created.body);

    const patched = await t.patch(url, { name: 'Corner Shop & Post', maxWeightKg: 25 }, courier.auth);
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Corner Shop & Post', maxWeightKg: 25, code: 'P1' });
    expect((await t.get(POINTS, courier.auth)).body.items.map((p: { id: string }) => p.id)).toEqual([
      created.body.id,
    ]);

    expect((await t.del(url, courier.auth)).status).toBe(204);
    expect((await t.get(url, courier.auth)).status).toBe(404);
    expect((await t.get(POINTS, courier.auth)).body.items).toEqual([]);
  });

  it('refuses every bad field by name, and writes nothing', async () => {
    const courier = await dropOffCourier(t);
    const collected = await dropOffCourier(t, { handover: 'collection' });
    await publishPoint(t, courier.auth, [courier.service.id]);
    const res = await t.post(
      POINTS,
      pointBody([courier.service.id, collected.service.id], {
        code: 'P1',
        name: '',
        address: { line1: '1 High St', town: 'London', postcode: 'XX1 1XX' },
        maxWeightKg: 0,
      }),
      courier.auth,
    );
    expect(res.status).toBe(422);
    expect(errorsOf(res.body)).toEqual({
      name: 'Name is required',
      'address.postcode': 'Enter a valid UK postcode, such as SW1A 1AA',
      maxWeightKg: 'Heaviest parcel must be more than 0 kg',
    });
    const rules = await t.post(
      POINTS,
      pointBody([courier.service.id, collected.service.id], {
        openingHours: {
          friday: [{ opens: '17:00', closes: '09:00' }],
          monday: [{ opens: '9am', closes: '17:00' }],
        },
      }),
      courier.auth,
    );
    expect(errorsOf(rules.body)).toEqual({
      'openingHours.monday.0.opens': 'Opening time must be HH:MM, such as 09:00',
      'openingHours.friday.0.closes': 'Closes at 09:00, which is not after it opens (17:00)',
      // Another courier's service is not one of this courier's.
      'serviceIds.1': `No courier service of yours has the id ${collected.service.id}`,
      code: 'Another of your points has the code P1',
    });
    const ownCollected = await t.post(
      '/api/v1/couriers',
      {
        name: 'Door to Door',
        serviceType: 'domestic',
        handover: 'collection',
        weightTiers: [{ maxKg: 5, price: 500 }],
      },
      courier.auth,
    );
    const never = await t.post(
      POINTS,
      pointBody([ownCollected.body.id], { code: 'P2', openingHours: {} }),
      courier.auth,
    );
    expect(errorsOf(never.body)).toEqual({
      openingHours: 'A drop-off point must open on at least one day of the week',
      'serviceIds.0':
        'Door to Door is collected from the door only; set its handover to drop_off or both first',
    });
    expect(
      (await t.post(POINTS, { ...pointBody([courier.service.id]), colour: 'red' }, courier.auth)).status,
    ).toBe(422);
    expect((await t.get(POINTS, courier.auth)).body.items).toHaveLength(1);
  });

  it('keeps each courier to its own points', async () => {
    const courier = await dropOffCourier(t);
    const other = await dropOffCourier(t);
    const point = await publishPoint(t, courier.auth, [courier.service.id]);
    const url = `${POINTS}/${point.id}`;
    expect((await t.get(url, other.auth)).status).toBe(404);
    expect((await t.patch(url, { name: 'Mine now' }, other.auth)).status).toBe(404);
    expect((await t.del(url, other.auth)).status).toBe(404);
    expect((await t.get(POINTS, other.auth)).body.items).toEqual([]);
    const customer = await signUpAdmin(t, 'staff@example.com');
    expect((await t.get(POINTS, t.bearer(customer.accessToken))).status).toBe(403);
    expect((await t.get(POINTS)).status).toBe(401);
  });
});

describe('finding the nearest points (GET /dropoff-points)', () => {
  async function network() {
    const courier = await dropOffCourier(t);
    const other = await signUpVendor(t, 'solo@example.com');
    // Published out of distance order, so the answer's order is the sort's.
    const far = await publishPoint(t, courier.auth, [courier.service.id], {
      code: 'FAR',
      name: 'Barbican Newsagent',
      address: { line1: '1 Long Lane', town: 'London', postcode: 'EC1A 1BB' },
      maxWeightKg: 30,
    });
    const near = await publishPoint(t, courier.auth, [courier.service.id], {
      code: 'NEAR',
      name: 'Palace Kiosk',
      address: { line1: '2 The Mall', town: 'London', postcode: 'SW1A 2AA' },
      maxWeightKg: 5,
      closedDates: [{ date: '2026-06-05', reason: 'Stocktaking' }],
    });
    const middle = await publishPoint(t, courier.auth, [courier.service.id], {
      code: 'MID',
      name: 'Waterloo Lockers',
      address: { line1: '3 York Road', town: 'London', postcode: 'SE1 7PB' },
      openingHours: { ...weekHours(), sunday: [{ opens: '10:00', closes: '16:00' }] },
    });
    return { courier, other, far, near, middle };
  }

  it('sorts by distance from the postcode, with each point’s hours on the date and whether it takes the weight', async () => {
    const { courier, far, near, middle } = await network();
    const res = await search({
      postcode: 'sw1a1aa',
      serviceId: courier.service.id,
      date: '2026-06-02',
      weightKg: '8',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ postcode: 'SW1A 1AA', date: '2026-06-02', centroid: 'imported' });
    const items = res.body.items as {
      id: string;
      distanceMiles: number;
      takesWeight: boolean;
      available: boolean;
      unavailableReason: string | null;
    }[];
    expect(items.map((p) => p.id)).toEqual([near.id, middle.id, far.id]);
    const miles = items.map((p) => p.distanceMiles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles[0]).toBeGreaterThan(0.5);
    expect(miles[0]).toBeLessThan(1.2);
    expect(res.body.items[0]).toMatchObject({
      name: 'Palace Kiosk',
      vendorName: expect.stringMatching(/^Speedy Parcels/),
      address: { line1: '2 The Mall', line2: null, town: 'London', postcode: 'SW1A 2AA' },
      hoursOnDate: {
        date: '2026-06-02',
        weekday: 'tuesday',
        open: true,
        openings: [{ opens: '09:00', closes: '17:30' }],
        closedReason: null,
      },
      maxWeightKg: 5,
      takesWeight: false,
      available: false,
      unavailableReason: 'Palace Kiosk takes parcels up to 5 kg; the heaviest parcel is 8 kg',
    });
    expect(items[1]).toMatchObject({ takesWeight: true, available: true, unavailableReason: null });
  });

  it('applies a closed date and the weekly day off to the hours of that date', async () => {
    const { courier, near, middle } = await network();
    const friday = await search({ postcode: 'SW1A 1AA', serviceId: courier.service.id, date: '2026-06-05' });
    const kiosk = friday.body.items.find((p: { id: string }) => p.id === near.id);
    expect(kiosk).toMatchObject({
      hoursOnDate: { weekday: 'friday', open: false, openings: [], closedReason: 'Stocktaking' },
      // No weight asked: nothing said about it.
      takesWeight: null,
      available: false,
      unavailableReason:
        'Palace Kiosk is closed on Fri, 5 Jun 2026 (Stocktaking); choose another drop-off point',
    });
    const sunday = await search({ postcode: 'SW1A 1AA', serviceId: courier.service.id, date: '2026-06-07' });
    const open = sunday.body.items.filter((p: { available: boolean }) => p.available);
    expect(open.map((p: { id: string }) => p.id)).toEqual([middle.id]);
    expect(open[0].hoursOnDate).toMatchObject({
      weekday: 'sunday',
      openings: [{ opens: '10:00', closes: '16:00' }],
    });
    // Without a date: today, UK time (a Monday).
    const today = await search({ postcode: 'SW1A 1AA', serviceId: courier.service.id });
    expect(today.body.date).toBe(TODAY);
    expect(today.body.items[0].hoursOnDate.weekday).toBe('monday');
  });

  it('lists only points linked to the service, never suspended or closed ones', async () => {
    const { courier, near, middle, far } = await network();
    const second = await t.post(
      '/api/v1/couriers',
      {
        name: 'Parcel Saver',
        serviceType: 'domestic',
        handover: 'both',
        weightTiers: [{ maxKg: 5, price: 500 }],
      },
      courier.auth,
    );
    await t.patch(
      `${POINTS}/${middle.id}`,
      { serviceIds: [courier.service.id, second.body.id] },
      courier.auth,
    );
    const saver = await search({ postcode: 'SW1A 1AA', serviceId: second.body.id });
    expect(saver.body.items.map((p: { id: string }) => p.id)).toEqual([middle.id]);

    await t.del(`${POINTS}/${far.id}`, courier.auth);
    const admin = await signUpAdmin(t);
    const suspended = await t.post(
      `/api/v1/admin/dropoff-points/${near.id}/suspend`,
      { reason: 'Parcels left outside overnight' },
      t.bearer(admin.accessToken),
    );
    expect(suspended.status).toBe(200);
    const res = await search({ postcode: 'SW1A 1AA', serviceId: courier.service.id });
    expect(res.body.items.map((p: { id: string }) => p.id)).toEqual([middle.id]);
  });

  it('refuses a bad postcode, an unknown or collected service and a past date, by name', async () => {
    const { courier } = await network();
    const collected = await dropOffCourier(t, { handover: 'collection' });
    const bad = await search({ postcode: 'NOT A CODE', serviceId: courier.service.id, date: '2026-02-30' });
    expect(bad.status).toBe(422);
    expect(errorsOf(bad.body)).toEqual({
      postcode: 'Enter a valid UK postcode, such as SW1A 1AA',
      date: 'Date is not a real date',
    });
    expect(errorsOf((await search({ postcode: 'SW1A 1AA', serviceId: 'nope' })).body)).toEqual({
      serviceId: 'No courier service that can be booked has this id',
    });
    expect(
      errorsOf(
        (await search({ postcode: 'SW1A 1AA', serviceId: collected.service.id, date: '2026-05-31' })).body,
      ),
    ).toEqual({
      serviceId: `${collected.service.name} collects from the door; it has no drop-off points`,
      date: 'Date cannot be before today (UK time)',
    });
    expect(
      errorsOf((await search({ postcode: 'SW1A 1AA', serviceId: courier.service.id, weightKg: 'x' })).body),
    ).toEqual({
      weightKg: 'weightKg must be a number of kg',
    });
  });
});

const CSV_HEADER =
  'code,name,line1,line2,town,postcode,monday,tuesday,wednesday,thursday,friday,saturday,sunday,closed_dates,max_weight_kg,services';

describe('importing points from a CSV file', () => {
  it('saves every row, then a second file updates the points with the same codes', async () => {
    const courier = await dropOffCourier(t);
    const name = courier.service.name;
    const text = [
      CSV_HEADER,
      `K1,Palace Kiosk,2 The Mall,,London,SW1A 2AA,09:00-17:30,09:00-17:30,09:00-17:30,09:00-17:30,09:00-12:30 13:30-17:30,closed,,2026-12-25 Christmas Day; 2026-12-26,10,${name}`,
      `K2,"Lockers, Waterloo",3 York Road,Arch 5,London,se17pb,07:00-22:00,07:00-22:00,07:00-22:00,07:00-22:00,07:00-22:00,08:00-20:00,08:00-20:00,,25,${courier.service.id}`,
    ].join('\n');
    const dry = await t.post(`${POINTS}/import`, { text, dryRun: true }, courier.auth);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dryRun: true, created: 2, updated: 0 });
    expect((await t.get(POINTS, courier.auth)).body.items).toEqual([]);

    const saved = await t.post(`${POINTS}/import`, { text }, courier.auth);
    expect(saved.body).toMatchObject({ dryRun: false, created: 2, updated: 0 });
    expect(saved.body.items[0]).toMatchObject({
      code: 'K1',
      address: { line1: '2 The Mall', line2: null, postcode: 'SW1A 2AA' },
      openingHours: {
        friday: [
          { opens: '09:00', closes: '12:30' },
          { opens: '13:30', closes: '17:30' },
        ],
        saturday: [],
        sunday: [],
      },
      closedDates: [
        { date: '2026-12-25', reason: 'Christmas Day' },
        { date: '2026-12-26', reason: null },
      ],
      maxWeightKg: 10,
      serviceIds: [courier.service.id],
    });
    expect(saved.body.items[1]).toMatchObject({
      code: 'K2',
      name: 'Lockers, Waterloo',
      address: { line2: 'Arch 5' },
    });

    const again = await t.post(
      `${POINTS}/import`,
      { text: `${CSV_HEADER}\nK1,Palace Kiosk,2 The Mall,,London,SW1A 2AA,8:00-18:00,,,,,,,,12,${name}` },
      courier.auth,
    );
    expect(again.body).toMatchObject({ created: 0, updated: 1 });
    const list = (await t.get(POINTS, courier.auth)).body.items;
    expect(list).toHaveLength(2);
    expect(list.find((p: { code: string }) => p.code === 'K1')).toMatchObject({
      openingHours: { monday: [{ opens: '08:00', closes: '18:00' }], tuesday: [] },
      maxWeightKg: 12,
    });
  });

  it('names each problem by line and column, and saves nothing', async () => {
    const courier = await dropOffCourier(t);
    const text = [
      CSV_HEADER,
      `A1,Good Shop,1 High St,,London,SW1A 2AA,09:00-17:00,,,,,,,,10,${courier.service.name}`,
      'A2,Bad Shop,1 Low St,,London,QQ1 1QQ,9 till 5,,,,,,,someday,heavy,Pigeon Post',
      `A1,Twin,1 Mid St,,London,SW1A 2AA,09:00-17:00,,,,,,,,10,${courier.service.name}`,
    ].join('\n');
    const res = await t.post(`${POINTS}/import`, { text }, courier.auth);
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/nothing was saved/);
    expect(errorsOf(res.body)).toEqual({
      'rows.3.monday':
        'Line 3, monday: write openings as 09:00-17:30 (several separated by spaces), or closed',
      'rows.3.closed_dates':
        'Line 3, closed_dates: write dates as 2026-12-25, each with an optional reason, separated by semicolons',
      'rows.3.services': 'Line 3, services: you have no service called Pigeon Post',
      'rows.3.postcode': 'Line 3, postcode: Enter a valid UK postcode, such as SW1A 1AA',
      'rows.3.max_weight_kg': 'Line 3, max_weight_kg: Heaviest parcel must be a number of kg',
      'rows.4.code': 'Line 4, code: A1 is already on line 2',
    });
    expect((await t.get(POINTS, courier.auth)).body.items).toEqual([]);
    const noHeader = await t.post(`${POINTS}/import`, { text: 'a,b\n1,2' }, courier.auth);
    expect(errorsOf(noHeader.body).text).toMatch(
      /missing: code, name, line1, town, postcode, max_weight_kg, services/,
    );
  });
});
