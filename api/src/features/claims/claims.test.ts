/**
 * Claims through real HTTP over a real database (TEST MODE payments): filing with uploaded photos,
 * windows and caps, the courier's answer, escalation by the sweep on a clock the test moves,
 * staff decisions, the refund that pays a claim and its ledger entries (the books still balance),
 * the order's timeline, the audit log and the mail each step sends.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUpAdmin } from '../admin/admin.fixtures';
import { checkBooks } from '../ledger';
import { bookingBody, bookingFixture, quoteOptionFor } from '../orders/orders.testing';
import { uploadedImage, uploadedPdf } from '../uploads/uploads.testing';
import { sweepClaims } from './index';

// Tuesday 13 January 2026.
const TODAY = '2026-01-13';
let t: TestApp;
let now: Date;
beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

/** A paid order (price 5000 + VAT = 6000, plus any cover fee), moved by its courier to `status`. */
async function order(options: { coverAmount?: number; status?: 'in_transit' | 'delivered' } = {}) {
  const f = await bookingFixture(t, { price: 5000 });
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const body = bookingBody(option.id, TODAY, { coverAmount: options.coverAmount ?? 0 });
  const created = await t.post('/api/v1/orders', body, f.auth);
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const start = await t.post(`/api/v1/orders/${id}/payment`, undefined, f.auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  expect((await t.post(`/api/v1/orders/${id}/payment/capture`, undefined, f.auth)).status).toBe(200);
  const vendor = t.bearer(f.vendor.owner.accessToken);
  const target = options.status ?? 'delivered';
  for (const status of ['confirmed', 'in_transit', 'delivered'] as const) {
    expect((await t.patch(`/api/v1/vendor/orders/${id}`, { status }, vendor)).body.status).toBe(status);
    if (status === target) break;
  }
  return { id, f, vendor, customer: f.auth };
}

type Order = Awaited<ReturnType<typeof order>>;

async function damageClaim(o: Order, amountClaimed = 1500) {
  const photo = await uploadedImage(t, o.customer);
  return t.post(
    `/api/v1/orders/${o.id}/claims`,
    {
      kind: 'damage',
      description: 'The box arrived crushed and the vase is broken',
      amountClaimed,
      photos: [photo],
    },
    o.customer,
  );
}

async function mailTo(email: string) {
  return (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items as {
    subject: string;
    text: string;
  }[];
}

async function admin() {
  return t.bearer((await signUpAdmin(t)).accessToken);
}

async function ledgerOf(refundOrder: string) {
  return t.deps.db
    .select({ account: ledgerEntries.account, kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, refundOrder)))
    .orderBy(ledgerEntries.at, ledgerEntries.id);
}

describe('filing a claim', () => {
  it('sends a damage claim with its photo to the courier, with a deadline, on the timeline, audited and mailed', async () => {
    const o = await order();
    const res = await damageClaim(o);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'damage',
      status: 'with_courier',
      amountClaimed: { amount: 1500, currency: 'GBP' },
      cap: { amount: 2000, currency: 'GBP' },
      photos: [expect.stringMatching(/^\/uploads\//)],
      // Filed Tue 13 Jan: the end of Fri 16 Jan, UK time.
      courierDeadline: '2026-01-16T23:59:59.999Z',
      awaitsStaff: false,
      final: false,
    });

    const detail = await t.get(`/api/v1/orders/${o.id}`, o.customer);
    expect(detail.body.status).toBe('delivered');
    expect(detail.body.events.slice(-2).map((e: { description: string }) => e.description)).toEqual([
      'Claim filed',
      'Claim sent to the courier for an answer',
    ]);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, res.body.id));
    expect(audit.map((a) => a.action)).toEqual(['claim.file', 'claim.with_courier']);

    expect((await mailTo(o.f.customerEmail)).map((m) => m.subject)).toContain(
      `Claim ${res.body.reference} on order ${res.body.orderReference}: with courier`,
    );
    const courierMail = (await mailTo(o.f.vendor.ownerEmail)).find((m) => m.subject.includes('with courier'));
    expect(courierMail?.text).toContain('Courier’s deadline');

    expect((await t.get(`/api/v1/claims/${res.body.id}`, o.customer)).body.id).toBe(res.body.id);
    expect((await t.get(`/api/v1/claims/${res.body.id}`, o.vendor)).body.id).toBe(res.body.id);
    expect((await t.get(`/api/v1/claims?orderId=${o.id}`, o.customer)).body.items).toHaveLength(1);
    expect((await t.get('/api/v1/vendor/claims', o.vendor)).body.items).toHaveLength(1);
  });

  it('links the mails to the origin the claim was filed from when it is this machine, else to PUBLIC_URL', async () => {
    // Issue 51, item 3: claim mails follow the origin rules (lib/origin) like every other mail.
    const o = await order();
    const photo = await uploadedImage(t, o.customer);
    const res = await t.post(
      `/api/v1/orders/${o.id}/claims`,
      {
        kind: 'damage',
        description: 'The box arrived crushed and the vase is broken',
        amountClaimed: 1500,
        photos: [photo],
      },
      { ...o.customer, Origin: 'http://127.0.0.1:5173' },
    );
    expect(res.status).toBe(201);
    const customerMail = (await mailTo(o.f.customerEmail)).find((m) => m.subject.startsWith('Claim '));
    expect(customerMail?.text).toContain('Open your dashboard: http://127.0.0.1:5173/dashboard\n');
    const courierMail = (await mailTo(o.f.vendor.ownerEmail)).find((m) => m.subject.startsWith('Claim '));
    expect(courierMail?.text).toContain('Open your dashboard: http://127.0.0.1:5173/vendor-dashboard\n');

    const foreign = await order();
    const photo2 = await uploadedImage(t, foreign.customer);
    await t.post(
      `/api/v1/orders/${foreign.id}/claims`,
      {
        kind: 'damage',
        description: 'The box arrived crushed and the vase is broken',
        amountClaimed: 1500,
        photos: [photo2],
      },
      { ...foreign.customer, Origin: 'https://evil.example' },
    );
    const foreignMail = (await mailTo(foreign.f.customerEmail)).find((m) => m.subject.startsWith('Claim '));
    expect(foreignMail?.text).toContain(`Open your dashboard: ${t.deps.config.publicUrl}/dashboard\n`);
  });

  it('caps the amount by the standard liability, or the cover bought, whatever is left of the payment', async () => {
    const plain = await order();
    const over = await damageClaim(plain, 2001);
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual([
      { path: 'amountClaimed', message: 'must be at most 2000 (the standard liability)' },
    ]);

    const covered = await order({ coverAmount: 5000 });
    expect((await damageClaim(covered, 5001)).body.errors[0].message).toBe(
      'must be at most 5000 (the cover you bought)',
    );
    expect((await damageClaim(covered, 5000)).status).toBe(201);

    // Cover above the payment: the cover is the limit (beyond the payment, a PayPal payout pays).
    const big = await order({ coverAmount: 10_000 });
    expect((await damageClaim(big, 10_001)).body.errors[0].message).toBe(
      'must be at most 10000 (the cover you bought)',
    );
    expect((await damageClaim(big, 10_000)).status).toBe(201);
  });

  it('refuses bad input with the field and the reason, and saves nothing', async () => {
    const o = await order();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'theft', description: 'x'.repeat(20), amountClaimed: 100 }, 'kind'],
      [{ kind: 'damage', description: 'short', amountClaimed: 100 }, 'description'],
      [{ kind: 'damage', description: 'x'.repeat(20), amountClaimed: 1.5 }, 'amountClaimed'],
      [
        { kind: 'damage', description: 'x'.repeat(20), amountClaimed: 100, photos: ['https://x.test/a.png'] },
        'photos.0',
      ],
      [{ kind: 'damage', description: 'x'.repeat(20), amountClaimed: 100 }, 'photos'],
      [
        {
          kind: 'damage',
          description: 'x'.repeat(20),
          amountClaimed: 100,
          photos: ['/uploads/not-mine.png'],
        },
        'photos.0',
      ],
      [{ kind: 'damage', description: 'x'.repeat(20), amountClaimed: 100, extra: 1 }, ''],
    ];
    for (const [body, path] of cases) {
      const res = await t.post(`/api/v1/orders/${o.id}/claims`, body, o.customer);
      expect(res.status, JSON.stringify(body)).toBe(422);
      if (path) expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    // Another customer's photo is not this customer's evidence.
    const other = await order();
    const theirs = await uploadedImage(t, other.customer);
    const borrowed = await t.post(
      `/api/v1/orders/${o.id}/claims`,
      { kind: 'damage', description: 'x'.repeat(20), amountClaimed: 100, photos: [theirs] },
      o.customer,
    );
    expect(borrowed.body.errors).toEqual([
      { path: 'photos.0', message: expect.stringContaining('you uploaded') },
    ]);
    expect((await t.get(`/api/v1/claims?orderId=${o.id}`, o.customer)).body.items).toEqual([]);
    // Someone else's order is not found.
    expect((await damageClaim({ ...o, customer: other.customer })).status).toBe(404);
  });

  it('takes a PDF receipt as proof of value, but never a PDF where an image is shown (photos, the courier’s evidence)', async () => {
    const o = await order();
    const photo = await uploadedImage(t, o.customer);
    const receipt = await uploadedPdf(t, o.customer);
    const asPhoto = await t.post(
      `/api/v1/orders/${o.id}/claims`,
      {
        kind: 'damage',
        description: 'The vase arrived broken',
        amountClaimed: 900,
        photos: [photo, receipt],
      },
      o.customer,
    );
    expect(asPhoto.status).toBe(422);
    expect(asPhoto.body.errors).toEqual([
      { path: 'photos.1', message: 'must be an image (PNG, JPEG or WebP), not a PDF' },
    ]);

    const filed = await t.post(
      `/api/v1/orders/${o.id}/claims`,
      {
        kind: 'damage',
        description: 'The vase arrived broken',
        amountClaimed: 900,
        photos: [photo],
        proofOfValue: [receipt],
      },
      o.customer,
    );
    expect(filed.status).toBe(201);
    expect(filed.body.proofOfValue).toEqual([receipt]);

    const evidence = await t.post(
      `/api/v1/vendor/claims/${filed.body.id}/response`,
      { decision: 'reject', note: 'Signed for in good order', evidence: [await uploadedPdf(t, o.vendor)] },
      o.vendor,
    );
    expect(evidence.status).toBe(422);
    expect(evidence.body.errors).toEqual([
      { path: 'evidence.0', message: 'must be an image (PNG, JPEG or WebP), not a PDF' },
    ]);
  });

  it('takes damage within 5 working days of delivery, loss 3 working days after the promised date, one claim at a time', async () => {
    const o = await order();
    now = new Date('2026-01-21T00:00:00Z');
    const late = await damageClaim(o);
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual([
      { path: 'kind', message: 'Damage must be reported within 5 working days of delivery' },
    ]);

    now = new Date(`${TODAY}T10:00:00Z`);
    const moving = await order({ status: 'in_transit' });
    const loss = (amountClaimed: number) =>
      t.post(
        `/api/v1/orders/${moving.id}/claims`,
        { kind: 'loss', description: 'The parcel never arrived at all', amountClaimed },
        moving.customer,
      );
    // Promised Wed 14 Jan: lost after Mon 19 Jan.
    expect((await loss(1000)).body.errors[0].message).toMatch(/after 2026-01-19/);
    now = new Date('2026-01-20T09:00:00Z');
    expect((await loss(1000)).status).toBe(201);
    const again = await loss(500);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('claim_exists');
  });
});

describe('the courier’s answer and staff’s decision', () => {
  it('pays an accepted claim from the courier’s earnings: refund, ledger, credit note, books balanced', async () => {
    const o = await order();
    const claim = (await damageClaim(o, 1500)).body;
    const res = await t.post(
      `/api/v1/vendor/claims/${claim.id}/response`,
      { decision: 'accept', note: 'Sorry: our depot dropped it' },
      o.vendor,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'paid',
      amountAgreed: { amount: 1500 },
      bearer: 'courier',
      final: true,
    });
    expect(res.body.paidAt).toBe(now.toISOString());

    const entries = (await ledgerOf(o.id)).filter(
      (e) => e.kind === 'refund' || e.kind === 'commission_refund',
    );
    expect(entries).toEqual([
      { account: 'courier', kind: 'refund', amount: -1500 },
      // The 10 % commission on what went back returns to the courier.
      { account: 'courier', kind: 'commission_refund', amount: 150 },
      { account: 'platform', kind: 'commission_refund', amount: -150 },
    ]);
    const books = await checkBooks(t.deps.db);
    expect(books.problems).toEqual([]);
    expect(books.ok).toBe(true);

    const detail = await t.get(`/api/v1/orders/${o.id}`, o.customer);
    expect(detail.body.finance.creditNotes).toHaveLength(1);
    expect(detail.body.events.slice(-2).map((e: { description: string }) => e.description)).toEqual([
      'Claim accepted',
      'Claim paid',
    ]);
    const subjects = (await mailTo(o.f.customerEmail)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([expect.stringMatching(/: accepted$/), expect.stringMatching(/: paid$/)]),
    );

    // Paid is final: nobody moves it again.
    const twice = await t.post(
      `/api/v1/vendor/claims/${claim.id}/response`,
      { decision: 'reject', note: 'no' },
      o.vendor,
    );
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('claim_move_not_allowed');
    const staff = await admin();
    expect(
      (await t.post(`/api/v1/admin/claims/${claim.id}/decision`, { decision: 'reject', reason: 'x' }, staff))
        .status,
    ).toBe(409);
  });

  it('sends a courier’s rejection to staff, who part accept it at the platform’s cost; the customer sees the money back', async () => {
    const o = await order();
    const claim = (await damageClaim(o, 1800)).body;
    const rejected = await t.post(
      `/api/v1/vendor/claims/${claim.id}/response`,
      {
        decision: 'reject',
        note: 'Delivered in good order, signed for',
        evidence: [await uploadedImage(t, o.vendor)],
      },
      o.vendor,
    );
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      awaitsStaff: true,
      final: false,
      courierNote: 'Delivered in good order, signed for',
    });
    expect(rejected.body.courierEvidence).toHaveLength(1);
    expect(
      (await mailTo(o.f.customerEmail)).some((m) => m.text.includes('Consign staff review every rejection')),
    ).toBe(true);

    const staff = await admin();
    const queue = await t.get(
      `/api/v1/admin/claims?filter=${encodeURIComponent('{"awaitsStaff":true}')}&sort=["createdAt","ASC"]`,
      staff,
    );
    expect(queue.status).toBe(200);
    expect(queue.body.map((c: { id: string }) => c.id)).toEqual([claim.id]);
    expect((await t.get(`/api/v1/admin/claims/${claim.id}`, staff)).body.status).toBe('rejected');

    const noBearer = await t.post(
      `/api/v1/admin/claims/${claim.id}/decision`,
      { decision: 'part_accept', amount: 900, reason: 'Half' },
      staff,
    );
    expect(noBearer.body.errors).toEqual([{ path: 'bearer', message: expect.any(String) }]);
    const tooMuch = await t.post(
      `/api/v1/admin/claims/${claim.id}/decision`,
      { decision: 'part_accept', amount: 1800, bearer: 'platform', reason: 'Half' },
      staff,
    );
    expect(tooMuch.body.errors[0].path).toBe('amount');

    const decided = await t.post(
      `/api/v1/admin/claims/${claim.id}/decision`,
      {
        decision: 'part_accept',
        amount: 900,
        bearer: 'platform',
        reason: 'Packaging thin; goodwill for half',
      },
      staff,
    );
    expect(decided.body).toMatchObject({
      status: 'paid',
      amountAgreed: { amount: 900 },
      bearer: 'platform',
      decidedByStaff: true,
    });
    expect((await ledgerOf(o.id)).filter((e) => e.kind === 'refund')).toEqual([
      { account: 'platform', kind: 'refund', amount: -900 },
    ]);
    expect((await checkBooks(t.deps.db)).ok).toBe(true);
    const customerSees = await t.get(`/api/v1/orders/${o.id}`, o.customer);
    expect(customerSees.body.money).toMatchObject({ refunded: 900 });
    expect(customerSees.body.finance.creditNotes).toEqual([expect.objectContaining({ amount: 900 })]);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.entityId, claim.id));
    expect(audit.map((a) => a.action)).toEqual([
      'claim.file',
      'claim.with_courier',
      'claim.rejected',
      'claim.part_accepted',
      'claim.paid',
    ]);
    expect(
      (await t.get(`/api/v1/admin/claims?filter=${encodeURIComponent('{"awaitsStaff":true}')}`, staff)).body,
    ).toEqual([]);
  });

  it('makes a staff rejection final', async () => {
    const o = await order();
    const claim = (await damageClaim(o)).body;
    await t.post(
      `/api/v1/vendor/claims/${claim.id}/response`,
      { decision: 'reject', note: 'Not us' },
      o.vendor,
    );
    const staff = await admin();
    const rejected = await t.post(
      `/api/v1/admin/claims/${claim.id}/decision`,
      { decision: 'reject', reason: 'Photos show old damage' },
      staff,
    );
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      final: true,
      awaitsStaff: false,
      staffNote: 'Photos show old damage',
    });
    const again = await t.post(
      `/api/v1/admin/claims/${claim.id}/decision`,
      { decision: 'accept', bearer: 'courier', reason: 'x' },
      staff,
    );
    expect(again.status).toBe(409);
    // A finally rejected claim leaves room for none other than a new one.
    expect((await damageClaim(o, 100)).status).toBe(201);
  });

  it('lets only the order’s courier answer, and only staff decide a claim waiting for them', async () => {
    const o = await order();
    const claim = (await damageClaim(o)).body;
    const other = await order();
    expect(
      (
        await t.post(
          `/api/v1/vendor/claims/${claim.id}/response`,
          { decision: 'accept', note: 'ok' },
          other.vendor,
        )
      ).status,
    ).toBe(404);
    expect((await t.get(`/api/v1/claims/${claim.id}`, other.customer)).status).toBe(404);
    expect(
      (
        await t.post(
          `/api/v1/vendor/claims/${claim.id}/response`,
          { decision: 'accept', note: 'ok' },
          o.customer,
        )
      ).status,
    ).toBe(403);
    const staff = await admin();
    const early = await t.post(
      `/api/v1/admin/claims/${claim.id}/decision`,
      { decision: 'accept', bearer: 'courier', reason: 'x' },
      staff,
    );
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('A claim that is with courier cannot be accepted by staff');
    const part = await t.post(
      `/api/v1/vendor/claims/${claim.id}/response`,
      { decision: 'part_accept', note: 'half' },
      o.vendor,
    );
    expect(part.body.errors[0].path).toBe('amount');
  });
});

describe('the deadline sweep', () => {
  it('escalates a claim the courier has not answered once its deadline passes, and staff then decide it', async () => {
    const o = await order();
    const claim = (await damageClaim(o)).body;
    now = new Date('2026-01-16T23:59:00Z');
    expect(await sweepClaims(t.deps)).toEqual({ escalated: 0, paid: 0, lossOffers: 0 });
    now = new Date('2026-01-17T00:00:00Z');
    expect(await sweepClaims(t.deps)).toEqual({ escalated: 1, paid: 0, lossOffers: 0 });
    expect(await sweepClaims(t.deps)).toEqual({ escalated: 0, paid: 0, lossOffers: 0 });

    const after = await t.get(`/api/v1/claims/${claim.id}`, o.customer);
    expect(after.body).toMatchObject({ status: 'escalated', awaitsStaff: true });
    expect((await mailTo(o.f.vendor.ownerEmail)).some((m) => m.subject.endsWith(': escalated'))).toBe(true);
    // Too late for the courier now.
    expect(
      (
        await t.post(
          `/api/v1/vendor/claims/${claim.id}/response`,
          { decision: 'accept', note: 'ok' },
          o.vendor,
        )
      ).status,
    ).toBe(409);

    const staff = await admin();
    const decided = await t.post(
      `/api/v1/admin/claims/${claim.id}/decision`,
      { decision: 'accept', bearer: 'courier', reason: 'No answer' },
      staff,
    );
    expect(decided.body.status).toBe('paid');
    expect((await checkBooks(t.deps.db)).ok).toBe(true);
  });

  it('follows CLAIM_RESPONSE_WORKING_DAYS', async () => {
    t.close();
    t = await createTestApp({ CLAIM_RESPONSE_WORKING_DAYS: '1' });
    t.deps.now = () => now;
    const claim = (await damageClaim(await order())).body;
    expect(claim.courierDeadline).toBe('2026-01-14T23:59:59.999Z');
  });
});
