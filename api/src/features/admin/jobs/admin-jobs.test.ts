import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../../test/harness';
import { address, deliveryAddress } from '../../orders/orders.testing';
import { signUpAdmin } from '../admin.fixtures';

// A Tuesday morning in winter: UK time is UTC.
const TODAY = '2026-01-13';
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

/** A customer posts a job and pays its asking price with the TEST MODE provider: it is open. */
async function openJob() {
  const session = await signUpVerified(t, 'cust@example.com');
  const auth = t.bearer(session.accessToken);
  const job = await t.post(
    '/api/v1/jobs',
    {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
      collectionAddress: address(),
      deliveryAddress: deliveryAddress(),
      collectionDate: TODAY,
      contents: 'Books',
      contentValue: 2500,
      askingPrice: { amount: 2400, currency: 'GBP' },
    },
    auth,
  );
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  const start = await t.post(`/api/v1/jobs/${job.body.id}/payment`, undefined, auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  const paid = await t.post(`/api/v1/jobs/${job.body.id}/payment/capture`, undefined, auth);
  expect(paid.body.status).toBe('open');
  return job.body.id as string;
}

describe('admin jobs', () => {
  it('lists jobs and refunds an open one with a reason: withdrawn, refunded once, audited', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const id = await openJob();
    const list = await t.get(`/api/v1/admin/jobs?filter=${encodeURIComponent('{"status":"open"}')}`, admin);
    expect(list.headers.get('content-range')).toBe('jobs 0-0/1');
    expect(list.body[0]).toMatchObject({ id, status: 'open' });

    const refunded = await t.post(
      `/api/v1/admin/jobs/${id}/refund`,
      { reason: 'Customer asked by phone' },
      { ...admin, 'Idempotency-Key': 'job-refund-1' },
    );
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'withdrawn', payment: { status: 'refunded' } });
    const again = await t.post(`/api/v1/admin/jobs/${id}/refund`, { reason: 'again' }, admin);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_refunded');
    const log = await t.get(
      `/api/v1/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ entityId: id }))}`,
      admin,
    );
    expect(log.body).toMatchObject([
      {
        action: 'job.refund',
        reason: 'Customer asked by phone',
        before: { status: 'open' },
        after: { status: 'withdrawn' },
      },
    ]);
    expect((await t.get('/api/v1/admin/jobs/nope', admin)).status).toBe(404);
  });
});
