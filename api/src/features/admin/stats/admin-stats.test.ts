import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { paidOrder, signUpAdmin, signUpVendor } from '../admin.fixtures';

// A Tuesday in summer (UK time is UTC+1), just after UK midnight: still Monday in UTC.
const TODAY = '2026-06-16';
let t: TestApp;
let now: Date;
beforeEach(async () => {
  t = await createTestApp();
  now = new Date('2026-06-15T23:30:00Z');
  t.deps.now = () => now;
});
afterEach(() => t.close());

describe('GET /admin/stats/dashboard', () => {
  it('counts pending vendors, orders and GBP revenue today and per UK day, and quotes per day', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    await signUpVendor(t, 'waiting@example.com');
    const first = await paidOrder(t, TODAY);
    const second = await paidOrder(t, TODAY);

    const res = await t.get('/api/v1/admin/stats/dashboard', admin);
    expect(res.status).toBe(200);
    expect(res.body.today).toBe(TODAY);
    expect(res.body.revenueByDay).toHaveLength(30);
    expect(res.body.revenueByDay.at(-1)).toEqual({ day: TODAY, amount: first.total + second.total });
    expect(res.body.revenueByDay.at(-2)).toEqual({ day: '2026-06-15', amount: 0 });
    expect(res.body.quotesByDay.at(-1)).toEqual({ day: TODAY, count: 2 });
    // The pending one signed up here; the vendors of the two orders were activated by fixtures.
    expect(res.body).toMatchObject({
      vendorsPending: 1,
      ordersToday: 2,
      revenueToday: { amount: first.total + second.total, currency: 'GBP' },
    });

    // A refunded (cancelled) order earned nothing.
    await t.post(`/api/v1/admin/orders/${first.id}/refund`, { reason: 'Missed collection' }, admin);
    const after = await t.get('/api/v1/admin/stats/dashboard', admin);
    expect(after.body.revenueToday.amount).toBe(second.total);
    expect(after.body.ordersToday).toBe(1);
  });
});
