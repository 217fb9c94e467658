/**
 * The loss claim offer on the public tracking answer (docs/claims-and-returns.md, "The prefilled
 * loss claim"), over real HTTP on a clock the test sets, with LOSS_CLAIM_NO_SCAN_WORKING_DAYS=2:
 * none, a tracking exception, no scan for days; and the signed-in lookup of one's own order by
 * its code that the page's "Claim for a lost parcel" opens.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { bookingFixture } from '../orders/orders.testing';
import { bookAndPay, courierMoves, type PaidFixture } from './tracking.testing';

// Tuesday 13 January 2026: UK time is UTC.
const TODAY = '2026-01-13';
let t: TestApp;
let f: PaidFixture;
let now: Date;
beforeEach(async () => {
  t = await createTestApp({ LOSS_CLAIM_NO_SCAN_WORKING_DAYS: '2' });
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
  f = await bookingFixture(t);
});
afterEach(() => t.close());

/** A paid order collected today, as the public page reads it. */
async function collected() {
  const order = await bookAndPay(t, f, TODAY);
  await courierMoves(t, f, order.id, 'confirmed', 'in_transit');
  return order;
}

const tracking = async (code: string) => {
  const res = await t.get(`/api/v1/tracking/${code}`);
  expect(res.status).toBe(200);
  return res.body;
};

describe('the loss claim offer on the public tracking answer', () => {
  it('offers nothing while the parcel moves, and says nothing of who booked it', async () => {
    const order = await collected();
    const body = await tracking(order.trackingCode);
    expect(body.lossClaim).toEqual({ offered: false, reason: null, since: null });
    expect(JSON.stringify(body)).not.toContain(f.customerEmail);
  });

  it('offers a loss claim at once after a tracking exception, until the next scan', async () => {
    const order = await collected();
    const vendor = t.bearer(f.vendor.owner.accessToken);
    const exception = await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'exception', note: 'Label unreadable at the depot' },
      vendor,
    );
    expect(exception.status).toBe(201);
    expect((await tracking(order.trackingCode)).lossClaim).toEqual({
      offered: true,
      reason: 'exception',
      since: '2026-01-13T10:00:00.000Z',
    });

    now = new Date(`${TODAY}T12:00:00Z`);
    await t.post(`/api/v1/vendor/orders/${order.id}/events`, { kind: 'out_for_delivery' }, vendor);
    expect((await tracking(order.trackingCode)).lossClaim.offered).toBe(false);
  });

  it('offers a loss claim once the parcel has had no scan for the working days set', async () => {
    const order = await collected();
    // Thursday 15th: two working days without a scan are not over yet.
    now = new Date('2026-01-15T22:00:00Z');
    expect((await tracking(order.trackingCode)).lossClaim.offered).toBe(false);
    now = new Date('2026-01-16T09:00:00Z');
    expect((await tracking(order.trackingCode)).lossClaim).toEqual({
      offered: true,
      reason: 'no_scan',
      since: expect.stringMatching(/^2026-01-13T/),
    });
  });
});

describe('GET /tracking/{code}/loss-claim-offer', () => {
  it('answers the order and its offer to its customer only', async () => {
    const order = await collected();
    await t.post(
      `/api/v1/vendor/orders/${order.id}/events`,
      { kind: 'exception', note: 'Label unreadable at the depot' },
      t.bearer(f.vendor.owner.accessToken),
    );
    // Any case and spacing, as the page's address may carry it.
    const code = order.trackingCode.toLowerCase();
    const own = await t.get(`/api/v1/tracking/${code}/loss-claim-offer`, f.auth);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      orderId: order.id,
      offered: true,
      reason: 'exception',
      since: '2026-01-13T10:00:00.000Z',
    });

    const stranger = await signUpVerified(t, `stranger-${Date.now()}@example.com`);
    const other = await t.get(
      `/api/v1/tracking/${order.trackingCode}/loss-claim-offer`,
      t.bearer(stranger.accessToken),
    );
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(order.id);
    expect((await t.get(`/api/v1/tracking/${order.trackingCode}/loss-claim-offer`)).status).toBe(401);
    expect((await t.get('/api/v1/tracking/NOSUCHCODE12/loss-claim-offer', f.auth)).status).toBe(404);
  });
});
