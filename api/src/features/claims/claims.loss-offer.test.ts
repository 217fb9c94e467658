/**
 * The prefilled loss claim over real HTTP and a real database, on a clock the test sets: a
 * parcel under way with no scan for LOSS_CLAIM_NO_SCAN_WORKING_DAYS working days (set here to 2
 * through the config, as an operator would), or whose latest tracking entry is an exception, is
 * offered a loss claim (the route the dashboard reads, and a loss claim accepted at once), and
 * the claims sweep mails the customer the offer once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';
import { sweepClaims } from './index';

// Tuesday 13 January 2026.
const TODAY = '2026-01-13';
let t: TestApp;
let now: Date;
beforeEach(async () => {
  t = await createTestApp({ LOSS_CLAIM_NO_SCAN_WORKING_DAYS: '2' });
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

/** A paid order collected today (in transit), its last scan at 10:00. */
async function collected() {
  const f = await bookingFixture(t, { price: 5000 });
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const created = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
  const id = created.body.id as string;
  const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, f.auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  expect((await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth)).status).toBe(200);
  const vendor = t.bearer(f.vendor.owner.accessToken);
  for (const status of ['confirmed', 'in_transit'] as const) {
    expect((await t.patch(`/api/v1/vendor/orders/${id}`, { status }, vendor)).status).toBe(200);
  }
  return { id, f, vendor, customer: f.auth };
}

const offerOf = async (o: Awaited<ReturnType<typeof collected>>) =>
  (await t.get(`/api/v1/orders/${o.id}/loss-claim-offer`, o.customer)).body;

const loss = (o: Awaited<ReturnType<typeof collected>>) =>
  t.post(
    `/api/v1/orders/${o.id}/claims`,
    { kind: 'loss', description: 'The parcel has not moved for days', amountClaimed: 1000 },
    o.customer,
  );

async function offerMails(email: string) {
  const items = (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items as {
    subject: string;
    text: string;
  }[];
  return items.filter((m) => m.subject.includes('has your parcel gone missing?'));
}

describe('the prefilled loss claim', () => {
  it('is offered after the configured working days without a scan, mailed once, and lets a loss claim in at once', async () => {
    const o = await collected();
    expect(await offerOf(o)).toEqual({ offered: false, reason: null, since: null });
    // Thursday 15th: two working days (Wed, Thu) without a scan are not over yet.
    now = new Date('2026-01-15T22:00:00Z');
    expect((await offerOf(o)).offered).toBe(false);
    expect((await sweepClaims(t.deps)).lossOffers).toBe(0);
    const early = await loss(o);
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('claim_window');

    // Friday 16th: offered, before the promised date's grace would allow a loss claim.
    now = new Date('2026-01-16T09:00:00Z');
    expect(await offerOf(o)).toEqual({
      offered: true,
      reason: 'no_scan',
      since: expect.stringMatching(/^2026-01-13T/),
    });
    expect((await sweepClaims(t.deps)).lossOffers).toBe(1);
    const [mail] = await offerMails(o.f.customerEmail);
    expect(mail?.text).toContain('no tracking update for 2 working days');
    expect(mail?.text).toContain(`/dashboard?order=${o.id}`);
    // Once: the next sweeps send nothing more.
    now = new Date('2026-01-19T09:00:00Z');
    expect((await sweepClaims(t.deps)).lossOffers).toBe(0);
    expect(await offerMails(o.f.customerEmail)).toHaveLength(1);

    const filed = await loss(o);
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ kind: 'loss', status: 'with_courier' });
    // A claim open: no offer.
    expect((await offerOf(o)).offered).toBe(false);
  });

  it('is offered at once after a tracking exception, until the courier scans the parcel again', async () => {
    const o = await collected();
    const event = await t.post(
      `/api/v1/vendor/orders/${o.id}/events`,
      { kind: 'exception', note: 'Parcel damaged in the depot, awaiting inspection' },
      o.vendor,
    );
    expect(event.status).toBe(201);
    expect(await offerOf(o)).toMatchObject({ offered: true, reason: 'exception' });
    expect((await sweepClaims(t.deps)).lossOffers).toBe(1);
    const [mail] = await offerMails(o.f.customerEmail);
    expect(mail?.text).toContain('The courier reported a problem with your parcel');

    now = new Date('2026-01-13T12:00:00Z');
    const scanned = await t.post(
      `/api/v1/vendor/orders/${o.id}/events`,
      { kind: 'out_for_delivery' },
      o.vendor,
    );
    expect(scanned.status).toBe(201);
    expect((await offerOf(o)).offered).toBe(false);
    expect((await loss(o)).status).toBe(422);
  });

  it('answers 404 for another customer’s order, and offers nothing on a delivered one', async () => {
    const o = await collected();
    const other = await collected();
    expect((await t.get(`/api/v1/orders/${o.id}/loss-claim-offer`, other.customer)).status).toBe(404);
    expect((await t.patch(`/api/v1/vendor/orders/${o.id}`, { status: 'delivered' }, o.vendor)).status).toBe(
      200,
    );
    now = new Date('2026-02-13T10:00:00Z');
    expect((await offerOf(o)).offered).toBe(false);
    // The other, never scanned again, is offered; the delivered one is not mailed.
    expect((await sweepClaims(t.deps)).lossOffers).toBe(1);
    expect(await offerMails(o.f.customerEmail)).toHaveLength(0);
  });
});
