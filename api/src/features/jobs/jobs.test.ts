import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobs, orderEvents, orders, payments } from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { signUpAdmin, signUpVendor } from '../admin/admin.fixtures';
import { address, customsBody, deliveryAddress, itemBody } from '../orders/orders.testing';
import { reconcilePayments } from '../payments';
import { expireJobs } from './jobs.expiry';
import { splitGross } from './jobs.matching';

let t: TestApp;
let now: Date;
const TODAY = '2026-03-10';
const DAY = 24 * 60 * 60 * 1000;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeEach(async () => {
  t = await createTestApp();
  // A Tuesday morning in winter: UK time is UTC.
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

type Auth = Record<string, string>;

const PARCEL = { length: 30, width: 20, height: 10, weight: 2 };

const jobBody = (overrides: Record<string, unknown> = {}) => ({
  serviceType: 'domestic',
  from: 'England',
  to: 'Scotland',
  parcels: [PARCEL],
  collectionAddress: address(),
  deliveryAddress: deliveryAddress(),
  collectionDate: TODAY,
  contents: 'Books',
  contentValue: 2500,
  askingPrice: { amount: 2400, currency: 'GBP' },
  notes: 'Fragile spines',
  ...overrides,
});

/** Courier services by what they can carry of the standard job (England -> Scotland, one 2 kg parcel). */
const SERVICES = {
  fits: { name: 'Nationwide 48', serviceType: 'domestic', weightTiers: [{ maxKg: 5, price: 900 }] },
  tooHeavy: {
    name: 'Letters Plus',
    serviceType: 'domestic',
    maxWeightKg: 1,
    weightTiers: [{ maxKg: 30, price: 500 }],
  },
  noTier: { name: 'Featherweight', serviceType: 'domestic', weightTiers: [{ maxKg: 1, price: 400 }] },
  wrongRoute: {
    name: 'Valleys Express',
    serviceType: 'domestic',
    fromLocation: 'Wales',
    toLocation: 'Wales',
    weightTiers: [{ maxKg: 30, price: 900 }],
  },
  international: {
    name: 'World Saver',
    serviceType: 'international',
    weightTiers: [{ maxKg: 30, price: 2500 }],
  },
};

let admin: Auth | undefined;
async function adminAuth() {
  admin ??= t.bearer((await signUpAdmin(t)).accessToken);
  return admin;
}
beforeEach(() => {
  admin = undefined;
});

/** A vendor made through the real routes: sign-up, its courier services, and (unless told) activation. */
async function vendorWith(
  email: string,
  services: Record<string, unknown>[],
  options: { active?: boolean } = {},
) {
  const vendor = await signUpVendor(t, email);
  const ids: string[] = [];
  for (const service of services) {
    const res = await t.post('/api/v1/couriers', service, vendor.auth);
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  if (options.active ?? true) {
    const res = await t.post(
      `/api/v1/admin/vendors/${vendor.vendorId}/activate`,
      { reason: 'Checks passed' },
      await adminAuth(),
    );
    expect(res.status).toBe(200);
  }
  return { ...vendor, serviceIds: ids };
}

async function customer(email = 'cust@example.com') {
  const session = await signUpVerified(t, email);
  return { session, auth: t.bearer(session.accessToken), email };
}

async function postJob(auth: Auth, overrides: Record<string, unknown> = {}) {
  const res = await t.post('/api/v1/jobs', jobBody(overrides), auth);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Pays a job with the built-in TEST MODE provider; answers the job, now open. */
async function payJob(id: string, auth: Auth) {
  const start = await t.post(`/api/v1/jobs/${id}/payment`, undefined, auth);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(start.body.provider).toBe('test');
  const approve = await t.call('POST', new URL(start.body.approveUrl).pathname);
  expect(approve.status).toBe(303);
  const captured = await t.post(`/api/v1/jobs/${id}/payment/capture`, undefined, auth);
  expect(captured.status, JSON.stringify(captured.body)).toBe(200);
  return captured.body;
}

const vendorJobIds = async (auth: Auth) => {
  const res = await t.get('/api/v1/vendor/jobs', auth);
  expect(res.status).toBe(200);
  return res.body.items.map((j: { id: string }) => j.id) as string[];
};

const mailTo = async (email: string) =>
  (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items;

const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.path, e.message]));

const paymentOf = async (jobId: string) =>
  (await t.deps.db.select().from(payments).where(eq(payments.jobId, jobId)))[0];

describe('POST /jobs', () => {
  it('posts a job awaiting payment, with the route normalised and 7 days to run', async () => {
    const c = await customer();
    const res = await t.post(
      '/api/v1/jobs',
      jobBody({ collectionAddress: address({ postcode: 'sw1a1aa' }) }),
      c.auth,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'awaiting_payment',
      reference: `#${res.body.id.slice(-8)}`,
      serviceType: 'domestic',
      route: { from: 'England', to: 'Scotland', fromPostcode: null, toPostcode: null },
      parcels: [PARCEL],
      collectionDate: TODAY,
      contents: 'Books',
      contentValue: 2500,
      notes: 'Fragile spines',
      askingPrice: { amount: 2400, currency: 'GBP' },
      orderId: null,
      payment: null,
      actions: { pay: true, withdraw: true },
      paidAt: null,
      expiresAt: new Date(now.getTime() + 7 * DAY).toISOString(),
    });
    expect(res.body.collectionAddress.postcode).toBe('SW1A 1AA');
  });

  it('takes a same-day route’s nations from its postcodes, as a quote does', async () => {
    const c = await customer();
    const res = await t.post(
      '/api/v1/jobs',
      jobBody({
        serviceType: 'same_day',
        from: undefined,
        to: undefined,
        fromPostcode: 'sw1a 1aa',
        toPostcode: 'EC1A 1BB',
        deliveryAddress: deliveryAddress({ town: 'London', postcode: 'EC1A 1BB' }),
      }),
      c.auth,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.route).toEqual({
      from: 'England',
      to: 'England',
      fromPostcode: 'SW1A 1AA',
      toPostcode: 'EC1A 1BB',
    });
  });

  it.each([
    [
      'an asking price under £1',
      { askingPrice: { amount: 99, currency: 'GBP' } },
      'askingPrice.amount',
      'The asking price must be at least 1.00',
    ],
    [
      'an asking price in pounds',
      { askingPrice: { amount: 24.5, currency: 'GBP' } },
      'askingPrice.amount',
      'Asking price is in minor units (pence): a whole number',
    ],
    [
      'no asking price',
      { askingPrice: undefined },
      'askingPrice',
      'Invalid input: expected object, received undefined',
    ],
    [
      'an unknown currency',
      { askingPrice: { amount: 500, currency: 'JPY' } },
      'askingPrice.currency',
      'Choose a currency: GBP, EUR, USD',
    ],
    ['a domestic route without its start', { from: undefined }, 'from', undefined],
    ['an unknown nation', { to: 'Mars' }, 'to', 'Choose one of England, Northern Ireland, Scotland, Wales'],
    [
      'postcodes on a domestic route',
      { fromPostcode: 'SW1A 1AA' },
      'fromPostcode',
      'fromPostcode is not part of a domestic route',
    ],
    ['no parcels', { parcels: [] }, 'parcels', 'Add at least one parcel'],
    [
      'a parcel without weight',
      { parcels: [{ length: 1, width: 1, height: 1 }] },
      'parcels.0.weight',
      'Weight is required',
    ],
    [
      'a bad UK postcode',
      { deliveryAddress: deliveryAddress({ postcode: 'NOPE' }) },
      'deliveryAddress.postcode',
      'Enter a valid UK postcode, such as SW1A 1AA',
    ],
    [
      'a malformed date',
      { collectionDate: '10/03/2026' },
      'collectionDate',
      'Collection date must be a date such as 2026-05-01',
    ],
  ])('answers 422 naming the field for %s', async (_label, overrides, path, message) => {
    const c = await customer();
    const res = await t.post('/api/v1/jobs', jobBody(overrides), c.auth);
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const errors: { path: string; message: string }[] = res.body.errors;
    expect(errors.map((e) => e.path)).toContain(path);
    if (message) expect(errors).toContainEqual({ path, message });
    expect(await t.deps.db.select().from(jobs)).toHaveLength(0);
  });

  it('checks the booking rules: date, countries, customs, same-day ends', async () => {
    const c = await customer();
    const past = await t.post('/api/v1/jobs', jobBody({ collectionDate: '2026-03-09' }), c.auth);
    expect(past.status).toBe(422);
    expect(errorsOf(past.body)).toEqual({ collectionDate: 'Collection date cannot be before today' });

    const abroad = await t.post(
      '/api/v1/jobs',
      jobBody({ deliveryAddress: deliveryAddress({ country: 'FR', postcode: '75001' }) }),
      c.auth,
    );
    expect(errorsOf(abroad.body)).toEqual({
      'deliveryAddress.country':
        'This is a UK delivery: the delivery address must be in the United Kingdom (GB)',
    });

    const intl = await t.post(
      '/api/v1/jobs',
      jobBody({
        serviceType: 'international',
        from: undefined,
        to: 'FR',
        deliveryAddress: deliveryAddress({ country: 'DE', postcode: '10115' }),
      }),
      c.auth,
    );
    expect(intl.status).toBe(422);
    expect(errorsOf(intl.body)).toEqual({
      'deliveryAddress.country':
        'This job is for delivery to France (FR); the delivery address must be there',
      customs: 'Customs details are required for international shipments',
      items: 'Add at least one item to the breakdown of contents',
    });

    const sameDay = await t.post(
      '/api/v1/jobs',
      jobBody({
        serviceType: 'same_day',
        from: undefined,
        to: undefined,
        fromPostcode: 'SW1A 1AA',
        toPostcode: 'EC1A 1BB',
      }),
      c.auth,
    );
    expect(errorsOf(sameDay.body)).toEqual({
      'deliveryAddress.postcode': 'The same-day route starts or ends at EC1A 1BB',
    });
    expect(await t.deps.db.select().from(jobs)).toHaveLength(0);
  });

  it('accepts an international job with customs and items', async () => {
    const c = await customer();
    const job = await postJob(c.auth, {
      serviceType: 'international',
      from: undefined,
      to: 'FR',
      deliveryAddress: deliveryAddress({ country: 'FR', postcode: '75001', town: 'Paris', county: 'Paris' }),
      customs: customsBody(),
      items: [itemBody()],
    });
    expect(job).toMatchObject({
      route: { from: 'GB', to: 'FR' },
      customs: customsBody(),
      items: [itemBody()],
    });
  });

  it('rejects unknown fields and is for customers only', async () => {
    const c = await customer();
    const extra = await t.post('/api/v1/jobs', { ...jobBody(), price: 1 }, c.auth);
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual([{ path: '(body)', message: 'Unknown field(s): price' }]);
    const vendor = await vendorWith('v@example.com', []);
    expect((await t.post('/api/v1/jobs', jobBody(), vendor.auth)).status).toBe(403);
    expect((await t.post('/api/v1/jobs', jobBody())).status).toBe(401);
  });

  it('replays the first answer for a repeated Idempotency-Key and makes one job', async () => {
    const c = await customer();
    const headers = { ...c.auth, 'Idempotency-Key': 'job-key-1' };
    const first = await t.post('/api/v1/jobs', jobBody(), headers);
    const again = await t.post('/api/v1/jobs', jobBody(), headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const other = await t.post('/api/v1/jobs', jobBody({ contents: 'Shoes' }), headers);
    expect(other.status).toBe(422);
    expect(await t.deps.db.select().from(jobs)).toHaveLength(1);
  });
});

describe('GET /jobs', () => {
  it('lists the caller’s jobs newest first, a page at a time, and hides other people’s', async () => {
    const c = await customer();
    const other = await customer('other@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await postJob(c.auth, { contents: `Box ${i}` })).id);
      advance(1000);
    }
    const theirs = await postJob(other.auth);

    const first = await t.get('/api/v1/jobs?limit=2', c.auth);
    expect(first.status).toBe(200);
    expect(first.body.items.map((j: { id: string }) => j.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.total).toBe(3);
    const second = await t.get(`/api/v1/jobs?limit=2&cursor=${first.body.nextCursor}`, c.auth);
    expect(second.body.items.map((j: { id: string }) => j.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();

    expect((await t.get(`/api/v1/jobs/${ids[0]}`, c.auth)).body.contents).toBe('Box 0');
    expect((await t.get(`/api/v1/jobs/${theirs.id}`, c.auth)).status).toBe(404);
    expect((await t.post(`/api/v1/jobs/${theirs.id}/withdraw`, undefined, c.auth)).status).toBe(404);
    expect((await t.post(`/api/v1/jobs/${theirs.id}/payment`, undefined, c.auth)).status).toBe(404);
    expect((await t.get('/api/v1/jobs?cursor=nonsense', c.auth)).status).toBe(422);
  });
});

describe('the job lifecycle', () => {
  it('pay -> open to fitting vendors only -> accept -> a pending order, gone from every list', async () => {
    const c = await customer();
    const fits = await vendorWith('fits@example.com', [SERVICES.fits, SERVICES.tooHeavy]);
    const rival = await vendorWith('rival@example.com', [SERVICES.fits]);
    const misfits = await vendorWith('misfits@example.com', [
      SERVICES.tooHeavy,
      SERVICES.noTier,
      SERVICES.wrongRoute,
      SERVICES.international,
    ]);
    const pending = await vendorWith('pending@example.com', [SERVICES.fits], { active: false });
    const resting = await vendorWith('resting@example.com', [{ ...SERVICES.fits, status: 'inactive' }]);

    const job = await postJob(c.auth);
    // Unpaid jobs are nobody's business but the customer's.
    expect(await vendorJobIds(fits.auth)).toEqual([]);
    const acceptUnpaid = await t.post(
      `/api/v1/vendor/jobs/${job.id}/accept`,
      { courierServiceId: fits.serviceIds[0] },
      fits.auth,
    );
    expect(acceptUnpaid.status).toBe(404);

    const paid = await payJob(job.id, c.auth);
    expect(paid).toMatchObject({
      status: 'open',
      paidAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 7 * DAY).toISOString(),
      payment: { provider: 'test', status: 'captured' },
      actions: { pay: false, withdraw: true },
    });
    const posted = await mailTo(c.email);
    expect(posted.map((m: { subject: string }) => m.subject)).toContain(
      `Job ${job.reference} is posted: Books`,
    );

    const seen = await t.get('/api/v1/vendor/jobs', fits.auth);
    expect(seen.body.total).toBe(1);
    expect(seen.body.items[0]).toMatchObject({
      id: job.id,
      reference: job.reference,
      collection: { town: 'London', postcode: 'SW1A 1AA', country: 'GB' },
      delivery: { town: 'Edinburgh', postcode: 'EH1 1AA', country: 'GB' },
      askingPrice: { amount: 2400, currency: 'GBP' },
      notes: 'Fragile spines',
      // Only its services that could carry it: not the one with a 1 kg limit.
      services: [{ id: fits.serviceIds[0], name: 'Nationwide 48' }],
    });
    // Who and where exactly comes with the order, not before.
    expect(JSON.stringify(seen.body)).not.toMatch(/Sam Sender|sam@example.com|1 High Street|7946/);
    expect(await vendorJobIds(rival.auth)).toEqual([job.id]);
    expect(await vendorJobIds(misfits.auth)).toEqual([]);
    expect(await vendorJobIds(pending.auth)).toEqual([]);
    expect(await vendorJobIds(resting.auth)).toEqual([]);

    const missing = await t.post(`/api/v1/vendor/jobs/${job.id}/accept`, {}, fits.auth);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([
      { path: 'courierServiceId', message: 'Please select a courier service' },
    ]);
    const blank = await t.post(`/api/v1/vendor/jobs/${job.id}/accept`, { courierServiceId: ' ' }, fits.auth);
    expect(errorsOf(blank.body)).toEqual({ courierServiceId: 'Please select a courier service' });
    const notMine = await t.post(
      `/api/v1/vendor/jobs/${job.id}/accept`,
      { courierServiceId: rival.serviceIds[0] },
      fits.auth,
    );
    expect(notMine.status).toBe(422);
    expect(errorsOf(notMine.body)).toEqual({ courierServiceId: 'Choose one of your courier services' });
    const cannot = await t.post(
      `/api/v1/vendor/jobs/${job.id}/accept`,
      { courierServiceId: fits.serviceIds[1] },
      fits.auth,
    );
    expect(cannot.status).toBe(422);
    expect(errorsOf(cannot.body).courierServiceId).toBe(
      'This courier service cannot carry the parcels: parcel 1: weight 2kg is over the 1kg limit',
    );
    const pendingTry = await t.post(
      `/api/v1/vendor/jobs/${job.id}/accept`,
      { courierServiceId: pending.serviceIds[0] },
      pending.auth,
    );
    expect(pendingTry.status).toBe(404);

    advance(60_000);
    const accepted = await t.post(
      `/api/v1/vendor/jobs/${job.id}/accept`,
      { courierServiceId: fits.serviceIds[0] },
      fits.auth,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const split = splitGross(2400, 'domestic');
    expect(split).toEqual({ net: 2000, vat: 400 });
    expect(accepted.body).toMatchObject({
      status: 'pending',
      jobId: job.id,
      quoteOptionId: null,
      courierServiceId: fits.serviceIds[0],
      serviceName: 'Nationwide 48',
      vendor: { id: fits.vendorId },
      price: { net: 2000, vat: 400, coverFee: 0, total: 2400, currency: 'GBP' },
      collectionAddress: address(),
      deliveryAddress: deliveryAddress(),
      collectionDate: TODAY,
      contents: 'Books',
      notes: 'Fragile spines',
      parcels: [PARCEL],
      paidAt: paid.paidAt,
    });
    expect(accepted.body.trackingNumber).toEqual(expect.any(String));
    expect(accepted.body.events).toEqual([
      {
        at: now.toISOString(),
        from: null,
        to: 'pending',
        actorRole: 'vendor',
        note: `Accepted job ${job.reference}`,
        event: null,
        expectedDelivery: null,
        driverName: null,
        windowFrom: null,
        windowTo: null,
        claimStatus: null,
        adjustmentStatus: null,
        returnLink: null,
        linkedOrderId: null,
        description: 'Booked and paid; waiting for the courier to accept',
      },
    ]);

    const after = await t.get(`/api/v1/jobs/${job.id}`, c.auth);
    expect(after.body).toMatchObject({
      status: 'accepted',
      orderId: accepted.body.id,
      acceptedAt: now.toISOString(),
    });
    expect(after.body.actions).toEqual({ pay: false, withdraw: false });
    // Gone from every vendor's list.
    expect(await vendorJobIds(fits.auth)).toEqual([]);
    expect(await vendorJobIds(rival.auth)).toEqual([]);

    const late = await t.post(
      `/api/v1/vendor/jobs/${job.id}/accept`,
      { courierServiceId: rival.serviceIds[0] },
      rival.auth,
    );
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'job_taken', detail: 'This job has already been taken' });
    // The winner asking again (a double click) gets its order back, not a second one.
    const repeat = await t.post(
      `/api/v1/vendor/jobs/${job.id}/accept`,
      { courierServiceId: fits.serviceIds[0] },
      fits.auth,
    );
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(accepted.body.id);
    expect(await t.deps.db.select().from(orders)).toHaveLength(1);

    // The customer has the order, paid, with its label, and was told.
    const mine = await t.get('/api/v1/orders', c.auth);
    expect(mine.body.items.map((o: { id: string }) => o.id)).toEqual([accepted.body.id]);
    const label = await t.app.request(`/api/v1/orders/${accepted.body.id}/label.pdf`, { headers: c.auth });
    expect(label.status).toBe(200);
    const mails = await mailTo(c.email);
    const acceptedMail = mails.find((m: { subject: string }) =>
      m.subject.startsWith(`Job ${job.reference} was accepted`),
    );
    expect(acceptedMail?.subject).toBe(
      `Job ${job.reference} was accepted: it is now order #${accepted.body.id.slice(-8)}`,
    );
    expect(acceptedMail?.text).toContain(accepted.body.trackingNumber);
    // The one capture paid for it: nothing was refunded.
    expect((await paymentOf(job.id))?.status).toBe('captured');
  });

  it('emails the active couriers whose services fit a newly paid job, and no one else', async () => {
    const c = await customer();
    await vendorWith('fits@example.com', [SERVICES.fits, SERVICES.tooHeavy]);
    await vendorWith('misfits@example.com', [SERVICES.tooHeavy, SERVICES.international]);
    await vendorWith('pending@example.com', [SERVICES.fits], { active: false });
    const job = await postJob(c.auth);
    const subject = `New job ${job.reference} you can carry: Books`;
    const subjects = async (email: string) =>
      (await mailTo(email)).map((m: { subject: string }) => m.subject);
    // Posted but unpaid: nobody is told yet.
    expect(await subjects('fits@example.com')).not.toContain(subject);
    await payJob(job.id, c.auth);
    const mail = (await mailTo('fits@example.com')).find((m: { subject: string }) => m.subject === subject);
    expect(mail?.text).toContain('your Nationwide 48 can carry it');
    expect(mail?.text).not.toContain('Letters Plus');
    expect(mail?.text).toContain('/vendor-bids');
    expect(await subjects('misfits@example.com')).not.toContain(subject);
    expect(await subjects('pending@example.com')).not.toContain(subject);
  });

  it('shows the job’s payment on the order it became, wherever the order is read', async () => {
    const c = await customer();
    const v = await vendorWith('v@example.com', [SERVICES.fits]);
    const job = await postJob(c.auth);
    await payJob(job.id, c.auth);
    const accepted = await t.post(
      `/api/v1/vendor/jobs/${job.id}/accept`,
      { courierServiceId: v.serviceIds[0] },
      v.auth,
    );
    expect(accepted.status).toBe(201);
    // Paid through the job: the order has no payment of its own.
    expect(await t.deps.db.select().from(payments).where(eq(payments.orderId, accepted.body.id))).toEqual([]);
    const paid = { provider: 'test', status: 'captured', capturedAt: now.toISOString(), refundedAt: null };
    expect(accepted.body.payment).toEqual(paid);
    expect((await t.get(`/api/v1/orders/${accepted.body.id}`, c.auth)).body.payment).toEqual(paid);
    expect((await t.get('/api/v1/orders', c.auth)).body.items[0].payment).toEqual(paid);
    expect((await t.get('/api/v1/vendor/orders', v.auth)).body.items[0].payment).toEqual(paid);
  });

  it('lets exactly one of two vendors accepting at once win', async () => {
    const c = await customer();
    const a = await vendorWith('a@example.com', [SERVICES.fits]);
    const b = await vendorWith('b@example.com', [SERVICES.fits]);
    const job = await postJob(c.auth);
    await payJob(job.id, c.auth);

    // Hold each accept at the door of its transaction until both have arrived: both have then
    // read the job as open, so only the conditional update can stop the second one.
    const db = t.deps.db;
    const transaction = db.transaction.bind(db);
    let arrived = 0;
    let bothArrived!: () => void;
    const gate = new Promise<void>((resolve) => {
      bothArrived = resolve;
    });
    vi.spyOn(db, 'transaction').mockImplementation(async (work, config) => {
      arrived += 1;
      if (arrived === 2) bothArrived();
      await gate;
      return transaction(work, config);
    });

    const results = await Promise.all([
      t.post(`/api/v1/vendor/jobs/${job.id}/accept`, { courierServiceId: a.serviceIds[0] }, a.auth),
      t.post(`/api/v1/vendor/jobs/${job.id}/accept`, { courierServiceId: b.serviceIds[0] }, b.auth),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.detail).toBe('This job has already been taken');
    const made = await t.deps.db.select().from(orders).where(eq(orders.jobId, job.id));
    expect(made).toHaveLength(1);
    const winner = results.find((r) => r.status === 201)!;
    expect(made[0]!.id).toBe(winner.body.id);
    const [row] = await t.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({
      status: 'accepted',
      orderId: winner.body.id,
      acceptedVendorId: made[0]!.vendorId,
    });
    expect(
      await t.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, winner.body.id)),
    ).toHaveLength(1);
  });

  it('pages a vendor’s list and hides everything from a customer', async () => {
    const c = await customer();
    const v = await vendorWith('v@example.com', [SERVICES.fits]);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const job = await postJob(c.auth);
      await payJob(job.id, c.auth);
      ids.push(job.id);
      advance(1000);
    }
    const page2 = await t.get('/api/v1/vendor/jobs?limit=2&page=2', v.auth);
    expect(page2.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.body.items.map((j: { id: string }) => j.id)).toEqual([ids[0]]);
    expect((await t.get('/api/v1/vendor/jobs', c.auth)).status).toBe(403);
    expect((await t.get('/api/v1/vendor/jobs?page=0', v.auth)).status).toBe(422);
  });

  it('refunds the job’s payment when the vendor cancels the order it became', async () => {
    const c = await customer();
    const v = await vendorWith('v@example.com', [SERVICES.fits]);
    const job = await postJob(c.auth);
    await payJob(job.id, c.auth);
    const order = await t.post(
      `/api/v1/vendor/jobs/${job.id}/accept`,
      { courierServiceId: v.serviceIds[0] },
      v.auth,
    );
    const cancelled = await t.post(
      `/api/v1/orders/${order.body.id}/cancel`,
      { reason: 'Van broke down' },
      v.auth,
    );
    expect(cancelled.status).toBe(200);
    expect((await paymentOf(job.id))?.status).toBe('refunded');
    // The order shows the job's payment, which paid for it, now refunded.
    expect(cancelled.body.payment).toMatchObject({ status: 'refunded', refundedAt: now.toISOString() });
    const withdraw = await t.post(`/api/v1/jobs/${job.id}/withdraw`, undefined, c.auth);
    expect(withdraw.status).toBe(409);
    expect(withdraw.body.code).toBe('job_accepted');
  });
});

describe('paying for a job', () => {
  it('answers 409 until the payment is started and approved, and then opens the job once', async () => {
    const c = await customer();
    const job = await postJob(c.auth);
    const early = await t.post(`/api/v1/jobs/${job.id}/payment/capture`, undefined, c.auth);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('payment_not_started');
    const start = await t.post(`/api/v1/jobs/${job.id}/payment`, undefined, c.auth);
    const again = await t.post(`/api/v1/jobs/${job.id}/payment`, undefined, c.auth);
    expect(again.body.providerOrderId).toBe(start.body.providerOrderId);
    const unapproved = await t.post(`/api/v1/jobs/${job.id}/payment/capture`, undefined, c.auth);
    expect(unapproved.status).toBe(409);
    expect(unapproved.body.code).toBe('payment_not_approved');
    await t.call('POST', new URL(start.body.approveUrl).pathname);
    const captures = await Promise.all(
      Array.from({ length: 5 }, () => t.post(`/api/v1/jobs/${job.id}/payment/capture`, undefined, c.auth)),
    );
    expect(captures.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(captures.every((r) => r.body.status === 'open')).toBe(true);
    const posted = (await mailTo(c.email)).filter((m: { subject: string }) =>
      m.subject.includes('is posted'),
    );
    expect(posted).toHaveLength(1);
    const restart = await t.post(`/api/v1/jobs/${job.id}/payment`, undefined, c.auth);
    expect(restart.status).toBe(409);
    expect(restart.body.code).toBe('job_already_paid');
  });
});

describe('POST /jobs/{id}/withdraw', () => {
  it('withdraws an open job, refunds it once, and takes it off the vendors’ lists', async () => {
    const c = await customer();
    const v = await vendorWith('v@example.com', [SERVICES.fits]);
    const job = await postJob(c.auth);
    await payJob(job.id, c.auth);
    expect(await vendorJobIds(v.auth)).toEqual([job.id]);
    const refund = vi.spyOn(t.deps.payments, 'refund');

    const res = await t.post(`/api/v1/jobs/${job.id}/withdraw`, undefined, c.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'withdrawn',
      closedAt: now.toISOString(),
      payment: { status: 'refunded', refundedAt: now.toISOString() },
      actions: { pay: false, withdraw: false },
    });
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0]![1]).toMatchObject({ currency: 'GBP' });
    expect(await vendorJobIds(v.auth)).toEqual([]);
    const accept = await t.post(
      `/api/v1/vendor/jobs/${job.id}/accept`,
      { courierServiceId: v.serviceIds[0] },
      v.auth,
    );
    expect(accept.status).toBe(409);
    expect(accept.body.detail).toBe('This job is no longer available');

    const again = await t.post(`/api/v1/jobs/${job.id}/withdraw`, undefined, c.auth);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('job_withdrawn');
    const mails = await mailTo(c.email);
    const withdrawn = mails.find((m: { subject: string }) => m.subject === `Job ${job.reference} withdrawn`);
    expect(withdrawn?.text).toContain('Your payment of £24.00 has been refunded.');

    // The reconciler finds nothing more to give back.
    await reconcilePayments(t.deps, { minAgeMs: 0 });
    expect(refund).toHaveBeenCalledTimes(1);
  });

  it('withdraws an unpaid job without any refund, and it can no longer be paid', async () => {
    const c = await customer();
    const job = await postJob(c.auth);
    const refund = vi.spyOn(t.deps.payments, 'refund');
    const res = await t.post(`/api/v1/jobs/${job.id}/withdraw`, undefined, c.auth);
    expect(res.body).toMatchObject({ status: 'withdrawn', payment: null });
    expect(refund).not.toHaveBeenCalled();
    const pay = await t.post(`/api/v1/jobs/${job.id}/payment`, undefined, c.auth);
    expect(pay.status).toBe(409);
    expect(pay.body.code).toBe('job_withdrawn');
  });

  it('refunds a capture that is recorded only after the job was withdrawn', async () => {
    const c = await customer();
    const job = await postJob(c.auth);
    const start = await t.post(`/api/v1/jobs/${job.id}/payment`, undefined, c.auth);
    await t.call('POST', new URL(start.body.approveUrl).pathname);
    // The money was taken at the provider, but the answer never reached us (a crash, a timeout).
    await t.deps.payments.capture(start.body.providerOrderId, `job-${job.id}-capture-1`);
    const withdrawn = await t.post(`/api/v1/jobs/${job.id}/withdraw`, undefined, c.auth);
    expect(withdrawn.body.status).toBe('withdrawn');
    expect((await paymentOf(job.id))?.status).toBe('created');

    const summary = await reconcilePayments(t.deps, { minAgeMs: 0 });
    expect(summary.completed).toBe(1);
    expect((await paymentOf(job.id))?.status).toBe('refunded');
    const [row] = await t.deps.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.status).toBe('withdrawn');
  });
});

describe('expiry', () => {
  it('expires an open job not accepted within 7 days and refunds it exactly once', async () => {
    const c = await customer();
    const v = await vendorWith('v@example.com', [SERVICES.fits]);
    const job = await postJob(c.auth);
    advance(DAY);
    await payJob(job.id, c.auth);
    const refund = vi.spyOn(t.deps.payments, 'refund');

    // Seven days run from payment, not from posting.
    advance(7 * DAY - 60_000);
    expect(await expireJobs(t.deps)).toEqual({ expired: 0, refunded: 0, refundsPending: 0 });
    expect(await vendorJobIds(v.auth)).toEqual([job.id]);

    advance(60_000);
    // Off the lists at the instant it expires, before any sweep.
    expect(await vendorJobIds(v.auth)).toEqual([]);
    const accept = await t.post(
      `/api/v1/vendor/jobs/${job.id}/accept`,
      { courierServiceId: v.serviceIds[0] },
      v.auth,
    );
    expect(accept.status).toBe(409);

    expect(await expireJobs(t.deps)).toEqual({ expired: 1, refunded: 1, refundsPending: 0 });
    expect(await expireJobs(t.deps)).toEqual({ expired: 0, refunded: 0, refundsPending: 0 });
    await reconcilePayments(t.deps, { minAgeMs: 0 });
    expect(refund).toHaveBeenCalledTimes(1);

    const after = await t.get(`/api/v1/jobs/${job.id}`, c.auth);
    expect(after.body).toMatchObject({
      status: 'expired',
      closedAt: now.toISOString(),
      payment: { status: 'refunded' },
    });
    const mail = (await mailTo(c.email)).find(
      (m: { subject: string }) => m.subject === `Job ${job.reference} expired`,
    );
    expect(mail?.text).toContain('No courier accepted your job');
    expect(mail?.text).toContain('has been refunded');
  });

  it('lets unpaid jobs lapse after 7 days without a refund or an email', async () => {
    const c = await customer();
    const job = await postJob(c.auth);
    advance(7 * DAY);
    const pay = await t.post(`/api/v1/jobs/${job.id}/payment`, undefined, c.auth);
    expect(pay.status).toBe(409);
    expect(pay.body.code).toBe('job_expired');
    expect(await expireJobs(t.deps)).toEqual({ expired: 1, refunded: 0, refundsPending: 0 });
    expect((await t.get(`/api/v1/jobs/${job.id}`, c.auth)).body.status).toBe('expired');
    const subjects = (await mailTo(c.email)).map((m: { subject: string }) => m.subject);
    expect(subjects.some((s: string) => s.includes(job.reference))).toBe(false);
  });

  it('leaves accepted jobs alone', async () => {
    const c = await customer();
    const v = await vendorWith('v@example.com', [SERVICES.fits]);
    const job = await postJob(c.auth);
    await payJob(job.id, c.auth);
    await t.post(`/api/v1/vendor/jobs/${job.id}/accept`, { courierServiceId: v.serviceIds[0] }, v.auth);
    advance(8 * DAY);
    expect((await expireJobs(t.deps)).expired).toBe(0);
    expect((await paymentOf(job.id))?.status).toBe('captured');
  });
});

describe('splitGross', () => {
  it.each([
    [2400, 'domestic', 2000, 400],
    [100, 'same_day', 83, 17],
    [1001, 'domestic', 834, 167],
    [2500, 'international', 2500, 0],
  ] as const)('splits %i (%s) into net %i and VAT %i', (gross, type, net, vat) => {
    expect(splitGross(gross, type)).toEqual({ net, vat });
  });
});
