/**
 * Each courier's record (issue 49) through real HTTP over a real database: orders paid,
 * adjustments filed, claims filed and decided move the figures a quote option and the public
 * profile show, at once, and the 90-day window slides by UK day on a clock the test sets.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { courierServices } from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { signUpAdmin } from '../admin/admin.fixtures';
import { bookingBody, createVendorWithService, quoteOptionFor } from '../orders/orders.testing';
import { uploadedImage } from '../uploads/uploads.testing';
import { recordOf } from './scores';

let t: TestApp;
let now: Date;
// A Tuesday in winter (UK time is UTC): orders are paid on the 10th, delivered and claimed on the 11th.
const PAID = '2026-03-10';
const DELIVERED = '2026-03-11';

beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${PAID}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

const at = (iso: string) => {
  now = new Date(iso);
};

type Vendor = Awaited<ReturnType<typeof createVendorWithService>>;
let customers = 0;

/** A vendor whose card prices 2 kg at £10, 5 kg at £15 and 30 kg at £20 (an adjustment has a price). */
async function vendorWithCard() {
  const vendor = await createVendorWithService(t);
  await t.deps.catalog.write((tx) =>
    tx
      .update(courierServices)
      .set({
        weightTiers: [
          { maxKg: 2, price: 1000 },
          { maxKg: 5, price: 1500 },
          { maxKg: 30, price: 2000 },
        ],
      })
      .where(eq(courierServices.id, vendor.service.id)),
  );
  return vendor;
}

/** A new customer books a 2 kg parcel with the vendor and pays (TEST MODE). */
async function paidOrder(vendor: Vendor) {
  customers += 1;
  const customer = await signUpVerified(t, `record${customers}@example.com`);
  const auth = t.bearer(customer.accessToken);
  const { option } = await quoteOptionFor(t, vendor.service.id);
  const created = await t.post('/api/v1/orders', bookingBody(option.id, PAID), auth);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  expect((await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, auth)).status).toBe(200);
  return { id, auth };
}
type Order = Awaited<ReturnType<typeof paidOrder>>;

async function move(vendor: Vendor, id: string, to: 'in_transit' | 'delivered') {
  const auth = t.bearer(vendor.owner.accessToken);
  const path = to === 'in_transit' ? ['confirmed', 'in_transit'] : ['confirmed', 'in_transit', 'delivered'];
  for (const status of path) {
    expect((await t.patch(`/api/v1/vendor/orders/${id}`, { status }, auth)).status).toBe(200);
  }
}

async function damageClaim(order: Order) {
  const photo = await uploadedImage(t, order.auth);
  const res = await t.post(
    `/api/v1/orders/${order.id}/claims`,
    { kind: 'damage', description: 'The box arrived crushed', amountClaimed: 500, photos: [photo] },
    order.auth,
  );
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function answer(vendor: Vendor, claimId: string, body: Record<string, unknown>) {
  const res = await t.post(
    `/api/v1/vendor/claims/${claimId}/response`,
    { note: 'Our answer', ...body },
    t.bearer(vendor.owner.accessToken),
  );
  expect(res.status).toBe(200);
}

const optionRecord = async (vendor: Vendor) => (await quoteOptionFor(t, vendor.service.id)).option.record;
const profileRecord = async (vendor: Vendor) =>
  (await t.get(`/api/v1/couriers/${vendor.vendorId}/profile`)).body.record;

describe('recordOf', () => {
  it('shows shares only from 10 orders, and the share accepted from 3 decided claims', () => {
    const counts = { orders: 9, adjustments: 1, claims: 2, claimsDecided: 3, claimsAccepted: 2 };
    expect(recordOf(counts)).toEqual({
      orders: 9,
      adjustments: 1,
      adjustmentRate: null,
      claims: 2,
      claimsPerHundred: null,
      claimsDecided: 3,
      claimsAccepted: null,
    });
    expect(recordOf({ ...counts, orders: 10 })).toMatchObject({
      adjustmentRate: 0.1,
      claimsPerHundred: 20,
      claimsAccepted: 0.667,
    });
    expect(recordOf({ ...counts, orders: 300, claimsDecided: 2 })).toMatchObject({
      adjustmentRate: 0.003,
      claimsPerHundred: 0.7,
      claimsAccepted: null,
    });
  });
});

describe('a courier’s record', () => {
  it('moves as orders are paid, adjustments filed and claims filed and decided; the window slides by day', async () => {
    const vendor = await vendorWithCard();
    const other = await vendorWithCard();
    expect(await optionRecord(vendor)).toEqual({
      orders: 0,
      adjustments: 0,
      adjustmentRate: null,
      claims: 0,
      claimsPerHundred: null,
      claimsDecided: 0,
      claimsAccepted: null,
    });

    const orders: Order[] = [];
    for (let i = 0; i < 9; i++) orders.push(await paidOrder(vendor));
    await paidOrder(other);
    // Nine orders: counted, but too few to show a share.
    expect(await optionRecord(vendor)).toMatchObject({ orders: 9, adjustmentRate: null });

    orders.push(await paidOrder(vendor));
    expect(await optionRecord(vendor)).toMatchObject({ orders: 10, adjustments: 0, adjustmentRate: 0 });

    // An adjustment filed on the day of collection counts at once, whatever happens to it next.
    await move(vendor, orders[0]!.id, 'in_transit');
    const photo = await uploadedImage(t, t.bearer(vendor.owner.accessToken));
    const filed = await t.post(
      `/api/v1/vendor/orders/${orders[0]!.id}/adjustments`,
      { parcels: [{ length: 30, width: 20, height: 10, weight: 4 }], photos: [photo] },
      t.bearer(vendor.owner.accessToken),
    );
    expect(filed.status).toBe(201);
    expect(await optionRecord(vendor)).toMatchObject({ orders: 10, adjustments: 1, adjustmentRate: 0.1 });

    // Next day: three damage claims.
    at(`${DELIVERED}T10:00:00Z`);
    for (const o of orders.slice(1, 4)) await move(vendor, o.id, 'delivered');
    const [accepted, parted, rejected] = [
      await damageClaim(orders[1]!),
      await damageClaim(orders[2]!),
      await damageClaim(orders[3]!),
    ];
    expect(await optionRecord(vendor)).toMatchObject({
      claims: 3,
      claimsPerHundred: 30,
      claimsDecided: 0,
      claimsAccepted: null,
    });

    // The courier accepts one and part accepts another: decided. Its rejection is not final.
    await answer(vendor, accepted!, { decision: 'accept' });
    await answer(vendor, parted!, { decision: 'part_accept', amount: 200 });
    await answer(vendor, rejected!, { decision: 'reject' });
    expect(await optionRecord(vendor)).toMatchObject({ claims: 3, claimsDecided: 2, claimsAccepted: null });

    // Staff uphold the rejection: three decided, two of them accepted.
    const staff = t.bearer((await signUpAdmin(t)).accessToken);
    const decided = await t.post(
      `/api/v1/admin/claims/${rejected}/decision`,
      { decision: 'reject', reason: 'The photos show packing damage only' },
      staff,
    );
    expect(decided.status).toBe(200);
    const record = {
      orders: 10,
      adjustments: 1,
      adjustmentRate: 0.1,
      claims: 3,
      claimsPerHundred: 30,
      claimsDecided: 3,
      claimsAccepted: 0.667,
    };
    expect(await optionRecord(vendor)).toEqual(record);
    expect(await profileRecord(vendor)).toEqual(record);
    // Another courier's record is its own.
    expect(await optionRecord(other)).toMatchObject({ orders: 1, adjustments: 0, claims: 0 });

    // The window is the last 90 UK days: on 7 June, 10 March is its first day; on the 8th, the
    // orders and the adjustment of the 10th have left it, the claims of the 11th not yet.
    at('2026-06-07T10:00:00Z');
    expect(await optionRecord(vendor)).toEqual(record);
    at('2026-06-08T10:00:00Z');
    expect(await optionRecord(vendor)).toEqual({
      orders: 0,
      adjustments: 0,
      adjustmentRate: null,
      claims: 3,
      claimsPerHundred: null,
      claimsDecided: 3,
      claimsAccepted: null,
    });
    at('2026-06-09T10:00:00Z');
    expect(await profileRecord(vendor)).toMatchObject({ orders: 0, claims: 0, claimsDecided: 0 });
  });
});
