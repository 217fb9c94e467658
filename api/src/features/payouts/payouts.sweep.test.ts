/**
 * The scheduled run (TEST MODE payouts): off unless PAYOUT_SCHEDULE turns it on; weekly pays
 * whoever is due once a week, and the sweep holds the database lease like the other sweeps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { paidOrder } from '../admin/admin.fixtures';
import { bookingBody, quoteOptionFor } from '../orders/orders.testing';
import { sweepPayouts } from './payouts.sweep';

const TODAY = '2026-01-13';
let t: TestApp;
afterEach(() => t.close());

async function dueCourier(env: Record<string, string>) {
  t = await createTestApp({ PAYOUT_HOLD_DAYS: '0', ...env });
  let now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
  const { id, f } = await paidOrder(t, TODAY);
  const auth = t.bearer(f.vendor.owner.accessToken);
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    await t.patch(`/api/v1/vendor/orders/${id}`, { status }, auth);
  }
  await t.call('PUT', '/api/v1/vendor/payout-account', { paypalEmail: 'pay@speedy.example' }, auth);
  const mail = (await t.get('/api/v1/dev/mailbox?to=pay%40speedy.example')).body.items[0];
  await t.post('/api/v1/vendor/payout-account/verify', { code: mail.text.match(/\b(\d{6})\b/)[1] }, auth);
  const balance = async () => (await t.get('/api/v1/vendor/balance', auth)).body;
  const advance = (days: number) => {
    now = new Date(now.getTime() + days * 86_400_000);
  };
  return { f, auth, balance, advance };
}

const batches = async () => t.deps.db.query.payoutBatches.findMany();

describe('the scheduled payout run', () => {
  it('is off by default: the sweep pays nobody', async () => {
    const { balance } = await dueCourier({});
    await sweepPayouts(t.deps);
    expect(await batches()).toEqual([]);
    expect((await balance()).available).toBe(1080);
  });

  it('weekly: pays what is due, then waits a week (TEST MODE payouts)', async () => {
    const { f, auth, balance, advance } = await dueCourier({ PAYOUT_SCHEDULE: 'weekly' });
    await sweepPayouts(t.deps);
    expect(await batches()).toEqual([
      expect.objectContaining({ trigger: 'schedule', provider: 'test', itemCount: 1 }),
    ]);
    expect(await balance()).toMatchObject({ available: 0, paidOut: 1080 });

    // The courier earns again; the sweep the next day does not run again, a week later it does.
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const order = (await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth)).body;
    const start = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth);
    await t.call('POST', new URL(start.body.approveUrl).pathname);
    await t.post(`/api/v1/orders/${order.id}/payment/capture`, undefined, f.auth);
    for (const status of ['confirmed', 'in_transit', 'delivered']) {
      await t.patch(`/api/v1/vendor/orders/${order.id}`, { status }, auth);
    }
    advance(1);
    await sweepPayouts(t.deps);
    expect(await batches()).toHaveLength(1);
    expect((await balance()).available).toBe(1080);
    advance(6);
    await sweepPayouts(t.deps);
    expect(await batches()).toHaveLength(2);
    expect(await balance()).toMatchObject({ available: 0, paidOut: 2160 });
  });
});
