import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { dropOffCourier, importPlaces, publishPoint } from '../../dropoff-points/dropoff-points.testing';
import { signUpAdmin } from '../admin.fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await importPlaces(t);
});
afterEach(() => t.close());

const LIST = '/api/v1/admin/dropoff-points';
const f = (filter: unknown, extra = '') => `?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

/** Two couriers' points: one active, one suspended, one closed. */
async function points() {
  const a = await dropOffCourier(t);
  const b = await dropOffCourier(t);
  const kiosk = await publishPoint(t, a.auth, [a.service.id], { code: 'KIOSK', name: 'Palace Kiosk' });
  const lockers = await publishPoint(t, a.auth, [a.service.id], {
    code: 'LOCKERS',
    name: 'Waterloo Lockers',
    address: { line1: '3 York Road', town: 'London', postcode: 'SE1 7PB' },
  });
  const shop = await publishPoint(t, b.auth, [b.service.id], { code: 'SHOP', name: 'Corner Shop' });
  const admin = t.bearer((await signUpAdmin(t)).accessToken);
  expect(
    (await t.post(`${LIST}/${lockers.id}/suspend`, { reason: 'Parcels left outside' }, admin)).status,
  ).toBe(200);
  expect((await t.del(`/api/v1/vendor/dropoff-points/${shop.id}`, b.auth)).status).toBe(204);
  return { a, b, kiosk, lockers, shop, admin };
}

describe('admin drop-off points', () => {
  it('lists every courier’s points in every status, with the courier’s name and the total', async () => {
    const { kiosk, lockers, shop, admin } = await points();
    const all = await t.get(`${LIST}?sort=${encodeURIComponent('["name","ASC"]')}`, admin);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('dropoff-points 0-2/3');
    expect(all.body.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([
      [shop.id, 'closed'],
      [kiosk.id, 'active'],
      [lockers.id, 'suspended'],
    ]);
    expect(all.body[2]).toMatchObject({
      name: 'Waterloo Lockers',
      code: 'LOCKERS',
      suspendedReason: 'Parcels left outside',
      address: { postcode: 'SE1 7PB' },
    });
    expect(typeof all.body[0].vendorName).toBe('string');
  });

  it('filters by status, courier and text, and pages', async () => {
    const { a, kiosk, lockers, shop, admin } = await points();
    const ids = async (query: string) =>
      (await t.get(`${LIST}${query}`, admin)).body.map((p: { id: string }) => p.id).sort();
    expect(await ids(f({ status: 'suspended' }))).toEqual([lockers.id]);
    expect(await ids(f({ status: 'closed' }))).toEqual([shop.id]);
    expect(await ids(f({ vendorId: a.vendorId }))).toEqual([kiosk.id, lockers.id].sort());
    expect(await ids(f({ q: 'se1 7' }))).toEqual([lockers.id]);
    expect(await ids(f({ q: 'kiosk' }))).toEqual([kiosk.id]);
    const page = await t.get(`${LIST}${f({}, `&range=${encodeURIComponent('[1,1]')}`)}`, admin);
    expect(page.body).toHaveLength(1);
    expect(page.headers.get('content-range')).toBe('dropoff-points 1-1/3');
    const bad = await t.get(`${LIST}${f({ status: 'open' })}`, admin);
    expect(bad.status).toBe(422);
  });

  it('shows one point, 404 for none, and is for staff only', async () => {
    const { a, lockers, admin } = await points();
    const one = await t.get(`${LIST}/${lockers.id}`, admin);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: lockers.id, status: 'suspended', serviceIds: [a.service.id] });
    expect((await t.get(`${LIST}/nope`, admin)).status).toBe(404);
    expect((await t.get(LIST, a.auth)).status).toBe(403);
    expect((await t.get(`${LIST}/${lockers.id}`, a.auth)).status).toBe(403);
    expect((await t.get(LIST)).status).toBe(401);
  });
});
