/**
 * The staff claims list and page over real HTTP and a real database: claims of every status
 * (written as rows on a real paid order, so every shape is there without a whole story for each),
 * the queue's filter and its oldest-first order, the search by reference, bad filters, and one
 * claim filed, rejected and decided through the API whose page shows its timeline.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claims, orders } from '../../../db/schema';
import { CLAIM_STATUSES, type ClaimStatus } from '../../../domain/statuses';
import { createTestApp, type TestApp } from '../../../test/harness';
import { uploadedImage } from '../../uploads/uploads.testing';
import { paidOrder, signUpAdmin } from '../admin.fixtures';

// Tuesday 13 January 2026.
const TODAY = '2026-01-13';
const LIST = '/api/v1/admin/claims';
const f = (filter: unknown, extra = '') => `?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;
const sort = (field: string, order: 'ASC' | 'DESC') =>
  `&sort=${encodeURIComponent(JSON.stringify([field, order]))}`;

let t: TestApp;
let now: Date;
beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

/** A paid order moved by its courier to delivered, and what the claims need of it. */
async function deliveredOrder() {
  const { id, f: fixture } = await paidOrder(t, TODAY);
  const vendor = t.bearer(fixture.vendor.owner.accessToken);
  for (const status of ['confirmed', 'in_transit', 'delivered'] as const) {
    expect((await t.patch(`/api/v1/vendor/orders/${id}`, { status }, vendor)).status).toBe(200);
  }
  const row = await t.deps.db.query.orders.findFirst({ where: eq(orders.id, id) });
  if (!row) throw new Error('order not found');
  return { row, vendor, customer: fixture.auth, customerEmail: fixture.customerEmail };
}

type Order = Awaited<ReturnType<typeof deliveredOrder>>;

/** A claim row in `status` on the order, filed `hoursAgo` before now. */
async function claimRow(
  o: Order,
  status: ClaimStatus,
  hoursAgo: number,
  extra: Partial<typeof claims.$inferInsert> = {},
) {
  const filed = new Date(now.getTime() - hoursAgo * 3_600_000);
  const [row] = await t.deps.db
    .insert(claims)
    .values({
      orderId: o.row.id,
      customerId: o.row.customerId,
      vendorId: o.row.vendorId,
      kind: 'damage',
      status,
      description: `A ${status} claim`,
      photos: ['/uploads/photo-1.png', '/uploads/photo-2.png'],
      proofOfValue: [],
      currency: 'GBP',
      amountClaimed: 1000 + hoursAgo,
      cap: 2000,
      courierDeadline: new Date(filed.getTime() + 72 * 3_600_000),
      createdAt: filed,
      updatedAt: filed,
      ...extra,
    })
    .returning();
  if (!row) throw new Error('claim insert returned nothing');
  return row;
}

async function staff() {
  const session = await signUpAdmin(t);
  return { auth: t.bearer(session.accessToken), id: session.user.id };
}

const ids = (body: { id: string }[]) => body.map((c) => c.id);

describe('the staff claims list', () => {
  it('answers one claim with its customer, courier, amounts, evidence and deadline', async () => {
    const o = await deliveredOrder();
    const claim = await claimRow(o, 'escalated', 80, {
      courierNote: null,
      courierEvidence: ['/uploads/evidence.png'],
    });
    const admin = await staff();
    const res = await t.get(LIST, admin.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('claims 0-0/1');
    expect(res.body).toEqual([
      expect.objectContaining({
        id: claim.id,
        orderId: o.row.id,
        orderReference: `#${o.row.id.slice(-8)}`,
        status: 'escalated',
        kind: 'damage',
        amountClaimed: { amount: 1080, currency: 'GBP' },
        cap: { amount: 2000, currency: 'GBP' },
        photos: ['/uploads/photo-1.png', '/uploads/photo-2.png'],
        courierEvidence: ['/uploads/evidence.png'],
        courierDeadline: claim.courierDeadline?.toISOString(),
        awaitsStaff: true,
        customerId: o.row.customerId,
        customerName: o.customerEmail,
        customerEmail: o.customerEmail,
        vendorId: o.row.vendorId,
        courierName: o.row.vendorName,
      }),
    ]);
  });

  it('lists claims of every status oldest first; the queue holds escalated claims and courier rejections only', async () => {
    const o = await deliveredOrder();
    const admin = await staff();
    // One claim of each status, the first the oldest, then a rejection staff made final.
    const byStatus = new Map<ClaimStatus, string>();
    for (const [i, status] of CLAIM_STATUSES.entries()) {
      byStatus.set(status, (await claimRow(o, status, 100 - i)).id);
    }
    const final = await claimRow(o, 'rejected', 1, {
      decidedBy: admin.id,
      decidedAt: now,
      staffNote: 'Old damage',
    });

    const all = await t.get(LIST, admin.auth);
    expect(all.headers.get('content-range')).toBe('claims 0-7/8');
    expect(ids(all.body)).toEqual([...CLAIM_STATUSES.map((s) => byStatus.get(s)), final.id]);
    expect(all.body.map((c: { status: string }) => c.status)).toEqual([...CLAIM_STATUSES, 'rejected']);

    const queue = await t.get(`${LIST}${f({ awaitsStaff: true })}`, admin.auth);
    expect(ids(queue.body)).toEqual([byStatus.get('rejected'), byStatus.get('escalated')]);
    expect(queue.body.every((c: { awaitsStaff: boolean }) => c.awaitsStaff)).toBe(true);
    const rest = await t.get(`${LIST}${f({ awaitsStaff: false })}`, admin.auth);
    expect(rest.body).toHaveLength(6);
    expect(ids(rest.body)).toContain(final.id);

    for (const status of CLAIM_STATUSES) {
      const one = await t.get(`${LIST}${f({ status })}`, admin.auth);
      const expected = status === 'rejected' ? [byStatus.get(status), final.id] : [byStatus.get(status)];
      expect(ids(one.body), status).toEqual(expected);
    }

    const newest = await t.get(`${LIST}${f({}, sort('createdAt', 'DESC'))}`, admin.auth);
    expect(newest.body[0].id).toBe(final.id);
    const deadline = await t.get(
      `${LIST}${f({ awaitsStaff: true }, sort('courierDeadline', 'DESC'))}`,
      admin.auth,
    );
    expect(ids(deadline.body)).toEqual([byStatus.get('escalated'), byStatus.get('rejected')]);
  });

  it('finds claims by the order’s or the claim’s reference, with or without #', async () => {
    const o = await deliveredOrder();
    const other = await deliveredOrder();
    const mine = await claimRow(o, 'escalated', 5);
    const theirs = await claimRow(other, 'escalated', 4);
    const admin = await staff();
    const reference = `#${o.row.id.slice(-8)}`;
    expect(ids((await t.get(`${LIST}${f({ q: reference })}`, admin.auth)).body)).toEqual([mine.id]);
    expect(
      ids((await t.get(`${LIST}${f({ q: reference.slice(1).toUpperCase() })}`, admin.auth)).body),
    ).toEqual([mine.id]);
    expect(ids((await t.get(`${LIST}${f({ q: theirs.id.slice(-8) })}`, admin.auth)).body)).toEqual([
      theirs.id,
    ]);
    expect((await t.get(`${LIST}${f({ q: 'zzzzzzzz' })}`, admin.auth)).body).toEqual([]);
  });

  it('refuses a filter or sort it does not know with 422 naming the field', async () => {
    const admin = await staff();
    const badStatus = await t.get(`${LIST}${f({ status: 'lost' })}`, admin.auth);
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors).toEqual([expect.objectContaining({ path: 'filter.status' })]);
    const unknown = await t.get(`${LIST}${f({ customer: 'x' })}`, admin.auth);
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body.errors)).toContain('customer');
    const badQueue = await t.get(`${LIST}${f({ awaitsStaff: 'yes' })}`, admin.auth);
    expect(badQueue.body.errors).toEqual([expect.objectContaining({ path: 'filter.awaitsStaff' })]);
    const badSort = await t.get(`${LIST}?sort=${encodeURIComponent('["description","ASC"]')}`, admin.auth);
    expect(badSort.status).toBe(422);
    expect(badSort.body.errors[0].path).toMatch(/^sort/);
    const notJson = await t.get(`${LIST}?filter=status`, admin.auth);
    expect(notJson.status).toBe(422);
    expect(notJson.body.errors[0].path).toBe('filter');
  });

  it('is for staff only: 401 without a session, 403 for a customer or a courier', async () => {
    const o = await deliveredOrder();
    const claim = await claimRow(o, 'escalated', 5);
    for (const path of [LIST, `${LIST}/${claim.id}`]) {
      expect((await t.get(path)).status).toBe(401);
      expect((await t.get(path, o.customer)).status).toBe(403);
      expect((await t.get(path, o.vendor)).status).toBe(403);
    }
  });
});

describe('one claim for staff', () => {
  it('shows a claim filed, rejected by the courier and decided by staff, with its timeline', async () => {
    const o = await deliveredOrder();
    const photo = await uploadedImage(t, o.customer);
    const filed = await t.post(
      `/api/v1/orders/${o.row.id}/claims`,
      {
        kind: 'damage',
        description: 'The box arrived crushed and the vase is broken',
        amountClaimed: 1000,
        photos: [photo],
      },
      o.customer,
    );
    expect(filed.status).toBe(201);
    const id = filed.body.id as string;
    now = new Date(now.getTime() + 3_600_000);
    expect(
      (
        await t.post(
          `/api/v1/vendor/claims/${id}/response`,
          { decision: 'reject', note: 'Delivered in good order, signed for' },
          o.vendor,
        )
      ).status,
    ).toBe(200);
    const admin = await staff();

    const waiting = await t.get(`${LIST}/${id}`, admin.auth);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({
      id,
      status: 'rejected',
      awaitsStaff: true,
      courierNote: 'Delivered in good order, signed for',
      photos: [photo],
      courierDeadline: '2026-01-16T23:59:59.999Z',
      customerName: o.customerEmail,
      courierName: o.row.vendorName,
    });
    expect(waiting.body.timeline).toEqual([
      {
        at: '2026-01-13T10:00:00.000Z',
        status: 'submitted',
        actorRole: 'customer',
        note: 'Damage claim filed',
      },
      {
        at: '2026-01-13T10:00:00.000Z',
        status: 'with_courier',
        actorRole: 'system',
        note: 'Sent to the courier',
      },
      {
        at: '2026-01-13T11:00:00.000Z',
        status: 'rejected',
        actorRole: 'vendor',
        note: 'Delivered in good order, signed for',
      },
    ]);

    const decided = await t.post(
      `${LIST}/${id}/decision`,
      { decision: 'part_accept', amount: 500, bearer: 'platform', reason: 'Thin packaging: half' },
      admin.auth,
    );
    expect(decided.body.status).toBe('paid');
    const after = await t.get(`${LIST}/${id}`, admin.auth);
    expect(after.body).toMatchObject({
      awaitsStaff: false,
      amountAgreed: { amount: 500 },
      bearer: 'platform',
    });
    expect(after.body.timeline.slice(3)).toEqual([
      expect.objectContaining({ status: 'part_accepted', actorRole: 'admin', note: 'Thin packaging: half' }),
      expect.objectContaining({ status: 'paid', actorRole: 'system' }),
    ]);
  });

  it('answers 404 for a claim that does not exist', async () => {
    const admin = await staff();
    const res = await t.get(`${LIST}/no-such-claim`, admin.auth);
    expect(res.status).toBe(404);
  });
});
