import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { paidOrder, signUpAdmin } from '../admin/admin.fixtures';
import { orderMoney } from './order-money';

describe('orderMoney', () => {
  it('is what was paid less what was refunded, and nothing for a cancelled order', () => {
    expect(orderMoney({ status: 'delivered', paid: 1200, refunded: 0 })).toEqual({
      paid: 1200,
      refunded: 0,
      net: 1200,
    });
    expect(orderMoney({ status: 'delivered', paid: 1200, refunded: 500 })).toEqual({
      paid: 1200,
      refunded: 500,
      net: 700,
    });
    expect(orderMoney({ status: 'delivered', paid: 1200, refunded: 1200 }).net).toBe(0);
    expect(orderMoney({ status: 'cancelled', paid: 1200, refunded: 0 }).net).toBe(0);
    // A refund is never counted as more than was paid.
    expect(orderMoney({ status: 'delivered', paid: 1200, refunded: 5000 })).toEqual({
      paid: 1200,
      refunded: 1200,
      net: 0,
    });
    expect(orderMoney({ status: 'awaiting_payment', paid: 0, refunded: 0 }).net).toBe(0);
  });
});

// A Tuesday; the orders are paid and collected the same UK day.
const TODAY = '2026-06-16';
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

/** Moves an order as staff through to delivered: a refund then keeps its status. */
async function deliver(admin: Record<string, string>, id: string) {
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    const res = await t.post(`/api/v1/admin/orders/${id}/status`, { status, reason: 'Test run' }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

describe('a refunded order is not revenue', () => {
  it('leaves the admin dashboard, the courier’s stats and the customer’s total spent', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const kept = await paidOrder(t, TODAY);
    const refunded = await paidOrder(t, TODAY);
    const vendor = t.bearer(refunded.f.vendor.owner.accessToken);
    await deliver(admin, refunded.id);

    const dashboard = async () => (await t.get('/api/v1/admin/stats/dashboard', admin)).body;
    const stats = async () => (await t.get('/api/v1/vendor/orders/stats', vendor)).body;
    const spent = async () => (await t.get('/api/v1/orders', refunded.f.auth)).body.totals.sum;

    expect((await dashboard()).revenueToday.amount).toBe(kept.total + refunded.total);
    expect((await stats()).totalRevenue).toEqual({ amount: refunded.total, currency: 'GBP' });
    expect(await spent()).toEqual([{ currency: 'GBP', amount: refunded.total }]);

    const res = await t.post(`/api/v1/admin/orders/${refunded.id}/refund`, { reason: 'Lost parcel' }, admin);
    expect(res.status).toBe(200);
    // Delivered, so it stays delivered; its money says what happened.
    expect(res.body.status).toBe('delivered');
    expect(res.body.money).toEqual({ paid: refunded.total, refunded: refunded.total, net: 0 });

    expect((await dashboard()).revenueToday.amount).toBe(kept.total);
    const after = await stats();
    expect(after.totalRevenue).toEqual({ amount: 0, currency: 'GBP' });
    expect(after.deliveredOrders).toBe(1);
    expect(await spent()).toEqual([{ currency: 'GBP', amount: 0 }]);
    // The customer's own order says it was refunded too.
    const own = await t.get(`/api/v1/orders/${refunded.id}`, refunded.f.auth);
    expect(own.body.money).toEqual({ paid: refunded.total, refunded: refunded.total, net: 0 });
    expect(own.body.customerId).toBeUndefined();
  });

  it('names the customer to staff only, and counts the cover fee in what was paid', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const order = await paidOrder(t, TODAY);
    const staff = await t.get(`/api/v1/admin/orders/${order.id}`, admin);
    expect(staff.body.customerId).toBe(order.f.customer.user.id);
    expect(staff.body.money.paid).toBe(staff.body.price.total);
    expect(staff.body.price.total).toBe(
      staff.body.price.net + staff.body.price.vat + staff.body.price.coverFee,
    );
  });
});
