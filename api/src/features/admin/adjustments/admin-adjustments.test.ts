/**
 * The staff adjustments list and page over real HTTP and a real database: adjustments of every
 * status (rows on a real paid order, so every shape is there without a whole story for each),
 * the disputed queue oldest first, the search by reference, bad filters, and staff only.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adjustments, orders } from '../../../db/schema';
import { ADJUSTMENT_STATUSES, type AdjustmentStatus } from '../../../domain/statuses';
import { createTestApp, signUpVerified, type TestApp } from '../../../test/harness';
import { paidOrder, signUpAdmin } from '../admin.fixtures';

const TODAY = '2026-01-13';
const LIST = '/api/v1/admin/adjustments';
const f = (filter: unknown, extra = '') => `?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

let t: TestApp;
let now: Date;
beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

async function order() {
  const { id, f: fixture } = await paidOrder(t, TODAY);
  const row = await t.deps.db.query.orders.findFirst({ where: eq(orders.id, id) });
  if (!row) throw new Error('order not found');
  return { row, customerEmail: fixture.customerEmail };
}
type Order = Awaited<ReturnType<typeof order>>;

/** An adjustment row in `status` on the order, filed `hoursAgo` before now. */
async function adjustmentRow(o: Order, status: AdjustmentStatus, hoursAgo: number) {
  const filed = new Date(now.getTime() - hoursAgo * 3_600_000);
  const parcel = { length: 30, width: 20, height: 10, weight: 2 };
  const [row] = await t.deps.db
    .insert(adjustments)
    .values({
      orderId: o.row.id,
      customerId: o.row.customerId,
      vendorId: o.row.vendorId,
      status,
      bookedParcels: [parcel],
      measuredParcels: [{ ...parcel, weight: 4 }],
      bookedChargeableKg: 2,
      measuredChargeableKg: 4,
      photos: ['/uploads/scales.png'],
      note: 'Weighed at the depot',
      currency: 'GBP',
      bookedPrice: 1200,
      adjustedPrice: 1200 + hoursAgo,
      difference: hoursAgo,
      disputeReason: status === 'disputed' ? 'It weighed 2 kg at home' : null,
      disputedAt: status === 'disputed' ? filed : null,
      createdAt: filed,
      updatedAt: filed,
    })
    .returning();
  if (!row) throw new Error('adjustment insert returned nothing');
  return row;
}

const ids = (body: { id: string }[]) => body.map((a) => a.id);

describe('the staff adjustments list', () => {
  it('lists every status oldest first with its parties; the disputed queue; one page; search; bad filters', async () => {
    const o = await order();
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const byStatus = new Map<AdjustmentStatus, string>();
    for (const [i, status] of ADJUSTMENT_STATUSES.entries()) {
      byStatus.set(status, (await adjustmentRow(o, status, 100 - i)).id);
    }
    const later = await adjustmentRow(o, 'disputed', 2);

    const all = await t.get(LIST, admin);
    expect(all.status).toBe(200);
    const total = ADJUSTMENT_STATUSES.length + 1;
    expect(all.headers.get('content-range')).toBe(`adjustments 0-${total - 1}/${total}`);
    expect(ids(all.body)).toEqual([...ADJUSTMENT_STATUSES.map((s) => byStatus.get(s)), later.id]);

    const queue = await t.get(`${LIST}${f({ status: 'disputed' })}`, admin);
    expect(ids(queue.body)).toEqual([byStatus.get('disputed'), later.id]);
    expect(queue.body[0]).toEqual(
      expect.objectContaining({
        status: 'disputed',
        orderReference: `#${o.row.id.slice(-8)}`,
        bookedChargeableKg: 2,
        measuredChargeableKg: 4,
        bookedPrice: { amount: 1200, currency: 'GBP' },
        difference: { amount: 98, currency: 'GBP' },
        photos: ['/uploads/scales.png'],
        disputeReason: 'It weighed 2 kg at home',
        customerId: o.row.customerId,
        customerName: o.customerEmail,
        customerEmail: o.customerEmail,
        vendorId: o.row.vendorId,
        courierName: o.row.vendorName,
      }),
    );
    const newest = await t.get(`${LIST}${f({ status: 'disputed' }, '&sort=["createdAt","DESC"]')}`, admin);
    expect(ids(newest.body)).toEqual([later.id, byStatus.get('disputed')]);

    const found = await t.get(`${LIST}${f({ q: `#${later.id.slice(-8)}` })}`, admin);
    expect(ids(found.body)).toEqual([later.id]);

    const one = await t.get(`${LIST}/${later.id}`, admin);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: later.id, status: 'disputed', courierName: o.row.vendorName });
    expect((await t.get(`${LIST}/nope`, admin)).status).toBe(404);

    const bad = await t.get(`${LIST}${f({ status: 'lost' })}`, admin);
    expect(bad.status).toBe(422);
    const unknown = await t.get(`${LIST}${f({ colour: 'red' })}`, admin);
    expect(unknown.status).toBe(422);

    const customer = t.bearer((await signUpVerified(t, 'nosy@example.com')).accessToken);
    expect((await t.get(LIST, customer)).status).toBe(403);
    expect((await t.get(`${LIST}/${later.id}`, customer)).status).toBe(403);
  });
});
