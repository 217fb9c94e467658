/**
 * A job paid through the real PayPal client against the local fake PayPal (built from PayPal's
 * published contracts), refunded in PayPal's dashboard: the job closes as any withdrawal does.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs, outboxEvents, payments } from '../../db/schema';
import { type FakePayPal, payPalEnv, startFakePayPal } from '../../test/fake-paypal/server';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { address, deliveryAddress } from '../orders/orders.testing';

let fake: FakePayPal;
let t: TestApp;
const TODAY = '2026-03-10';

beforeEach(async () => {
  fake = await startFakePayPal();
  t = await createTestApp(payPalEnv(fake));
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});

afterEach(async () => {
  t.close();
  expect(fake.problems).toEqual([]);
  await fake.close();
});

function webhook(event: Record<string, unknown>) {
  const { headers, rawBody } = fake.signWebhook(event);
  return t.app.request('/api/v1/webhooks/paypal', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: rawBody,
  });
}

describe('a job whose payment was refunded in PayPal’s dashboard', () => {
  it('is withdrawn, publishes job.closed, and its customer is told of the refund', async () => {
    const email = 'jobs@example.com';
    const auth = t.bearer((await signUpVerified(t, email)).accessToken);
    const posted = await t.post(
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
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const job = posted.body;
    const start = await t.post(`/api/v1/jobs/${job.id}/payment`, undefined, auth);
    expect(start.status).toBe(200);
    fake.approve(start.body.providerOrderId);
    const captured = await t.post(`/api/v1/jobs/${job.id}/payment/capture`, undefined, auth);
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect(captured.body.status).toBe('open');

    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.jobId, job.id));
    const refund = await t.deps.payments.refund(payment!.captureId!, {
      currency: 'GBP',
      requestId: 'dashboard-refund-job',
    });
    const res = await webhook({
      id: 'WH-JOB-REFUND',
      event_version: '1.0',
      resource_type: 'refund',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      summary: 'A GBP 24.00 GBP capture payment was refunded',
      resource: {
        id: refund.refundId,
        status: 'COMPLETED',
        amount: { currency_code: 'GBP', value: '24.00' },
        links: [{ href: `${fake.url}/v2/payments/captures/${payment!.captureId}`, rel: 'up', method: 'GET' }],
      },
    });
    expect(await res.json()).toMatchObject({ outcome: 'refund recorded' });

    const row = await t.deps.db.query.jobs.findFirst({ where: eq(jobs.id, job.id) });
    expect(row).toMatchObject({ status: 'withdrawn', closedAt: t.deps.now() });
    const closed = await t.deps.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'job.closed'));
    expect(closed.map((e) => e.data)).toEqual([{ jobId: job.id, status: 'withdrawn', wasOpen: true }]);
    const mail = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items as {
      subject: string;
      text: string;
    }[];
    const withdrawn = mail.find((m) => m.subject === `Job ${job.reference} withdrawn`);
    expect(withdrawn?.text).toContain('Your payment of £24.00 has been refunded.');
  });
});
