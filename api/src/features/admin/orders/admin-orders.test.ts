import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { paidOrder as bookAndPay, signUpAdmin } from '../admin.fixtures';

// A Tuesday morning in winter: UK time is UTC.
const TODAY = '2026-01-13';
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

const ORDERS = '/api/v1/admin/orders';

const paidOrder = () => bookAndPay(t, TODAY);

async function audit(auth: Record<string, string>, id: string) {
  const res = await t.get(
    `/api/v1/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ entityId: id }))}`,
    auth,
  );
  return res.body as { action: string; reason: string; before: unknown; after: unknown }[];
}

describe('admin orders', () => {
  it('lists every order with filters and shows one with its timeline and payment', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const { id } = await paidOrder();
    const list = await t.get(`${ORDERS}?filter=${encodeURIComponent('{"status":"pending"}')}`, admin);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe('orders 0-0/1');
    expect(list.body[0]).toMatchObject({ id, status: 'pending', payment: { status: 'captured' } });
    const none = await t.get(`${ORDERS}?filter=${encodeURIComponent('{"status":"delivered"}')}`, admin);
    expect(none.body).toEqual([]);
    const bad = await t.get(`${ORDERS}?filter=${encodeURIComponent('{"from":"yesterday"}')}`, admin);
    expect(bad.status).toBe(422);

    const one = await t.get(`${ORDERS}/${id}`, admin);
    expect(one.body.events.map((e: { to: string }) => e.to)).toEqual(['awaiting_payment', 'pending']);
    expect((await t.get(`${ORDERS}/nope`, admin)).status).toBe(404);
  });

  it('changes the status within the machine with a reason, idempotently, and audits it', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const { id } = await paidOrder();
    const key = { ...admin, 'Idempotency-Key': 'status-1' };
    const body = { status: 'confirmed', reason: 'Vendor confirmed by phone' };
    const moved = await t.post(`${ORDERS}/${id}/status`, body, key);
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe('confirmed');
    expect(moved.body.events.at(-1)).toMatchObject({
      to: 'confirmed',
      note: 'Staff: Vendor confirmed by phone',
    });
    // The same request again is replayed, not applied twice.
    const replay = await t.post(`${ORDERS}/${id}/status`, body, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    // Outside the machine: 409 with its reason; without a reason: 422 naming it.
    const illegal = await t.post(
      `${ORDERS}/${id}/status`,
      { status: 'awaiting_payment', reason: 'x' },
      admin,
    );
    expect(illegal.status).toBe(409);
    const missing = await t.post(`${ORDERS}/${id}/status`, { status: 'in_transit' }, admin);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(['reason']);

    expect(await audit(admin, id)).toMatchObject([
      {
        action: 'order.status',
        reason: 'Vendor confirmed by phone',
        before: { status: 'pending' },
        after: { status: 'confirmed' },
      },
    ]);
  });

  it('refunds a paid order through the payments path once, cancelling it, and audits the reason', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const { id } = await paidOrder();
    const refunded = await t.post(`${ORDERS}/${id}/refund`, { reason: 'Collection missed twice' }, admin);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    const again = await t.post(`${ORDERS}/${id}/refund`, { reason: 'again' }, admin);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_refunded');
    expect(await audit(admin, id)).toMatchObject([
      {
        action: 'order.refund',
        reason: 'Collection missed twice',
        before: { status: 'pending' },
        after: { status: 'cancelled' },
      },
    ]);
  });

  // Issue 44, finding 5: six staff refunds at once refund once, with one timeline entry and one audit row.
  it.each([
    ['an order under way', [] as string[], 'cancelled'],
    ['a delivered order', ['confirmed', 'in_transit', 'delivered'], 'delivered'],
  ])(
    'refunds %s once when six staff ask at the same moment; the others answer 409 already_refunded',
    async (_name, moves, status) => {
      const admin = t.bearer((await signUpAdmin(t)).accessToken);
      const { id } = await paidOrder();
      for (const to of moves)
        await t.post(`${ORDERS}/${id}/status`, { status: to, reason: 'moving on' }, admin);
      const eventsBefore = (await t.get(`${ORDERS}/${id}`, admin)).body.events.length;
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          t.post(`${ORDERS}/${id}/refund`, { reason: `Refund ${i}` }, admin),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409))
        expect(refused.body.code).toBe('already_refunded');
      const order = (await t.get(`${ORDERS}/${id}`, admin)).body;
      expect(order).toMatchObject({ status, payment: { status: 'refunded' } });
      expect(order.events.length).toBe(eventsBefore + 1);
      expect((await audit(admin, id)).filter((row) => row.action === 'order.refund')).toHaveLength(1);
    },
  );

  it('refunds a delivered order without changing its status', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const { id } = await paidOrder();
    for (const status of ['confirmed', 'in_transit', 'delivered']) {
      expect((await t.post(`${ORDERS}/${id}/status`, { status, reason: 'moving on' }, admin)).status).toBe(
        200,
      );
    }
    const refunded = await t.post(`${ORDERS}/${id}/refund`, { reason: 'Parcel arrived damaged' }, admin);
    expect(refunded.body).toMatchObject({ status: 'delivered', payment: { status: 'refunded' } });
    expect(refunded.body.events.at(-1).note).toBe('Refunded by staff: Parcel arrived damaged');
    expect((await audit(admin, id))[0]).toMatchObject({
      action: 'order.refund',
      before: { payment: 'captured' },
      after: { payment: 'refunded' },
    });
  });
});
