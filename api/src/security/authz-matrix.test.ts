/**
 * Object-level authorization, generated from openapi.yaml: for every route with an id in its
 * path, a second customer, a second vendor, a pending vendor and no token try the first
 * customer's or vendor's object; anything but 401, 403 or 404 fails, and nothing may change.
 * Admin routes refuse no token (401) and every non-admin (403).
 *
 * A new route joins by itself. If its id parameter is new, the test says which line to add.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAdminRoute, OPERATIONS, type Operation, paramKey } from './contract';
import { OWNED } from './owned';
import { type Cast, snapshot, startWorld, type World } from './world';

/** Routes with an id that anyone may call, and why. */
const PUBLIC_BY_DESIGN: Record<string, string> = {
  getArticle: 'published help articles, addressed by slug',
  getQuote: 'a quote id is an unguessable capability; partner widgets read quotes without an account',
  getQuoteOptionDeliveryDate: 'the same quote capability, for another collection date',
  testPaymentPage: 'TEST MODE approval page; the payment id is an unguessable capability (like PayPal’s)',
  approveTestPayment: 'TEST MODE approval; the payment id is an unguessable capability (like PayPal’s)',
  getTracking:
    'the public tracking code is an unguessable capability (2^60, misses limited per address); no personal data',
  unsubscribeTracking: 'the HMAC token in the recipient’s email is the capability; it only stops that mail',
  getCourierProfile: 'a courier’s public page: its services, scores and reviews, with no personal data',
  getOrderView:
    'the HMAC-signed, expiring token from the shopper’s checkout is the capability; it opens that one order, towns only',
  getOrderViewLabel: 'the same signed order link: that one order’s label, as its customer would download it',
};

/** Routes whose path parameter is not an object but a part of the caller's own data, and why. */
const CALLERS_OWN: Record<string, string> = {
  getVendorStatement:
    'the month of the calling courier’s own statement; every courier reads only its own books',
};

/** Routes whose object is meant for some of the other identities too. */
const OPEN_TO: Record<string, { who: Identity[]; why: string }> = {
  acceptJob: {
    who: ['vendorB'],
    why: 'an open job is offered to every active vendor whose services can carry it',
  },
};

/** GET routes whose owner cannot read the cast's object, and why (the object is proven real elsewhere). */
const OWNER_READ_SKIPPED: Record<string, string> = {
  getOrderCustoms: 'customs papers exist only for international orders; getOrder proves the order is real',
  getOrderCreditNote: 'a credit note exists only after a refund; getOrderReceipt proves the order is real',
  partnerReturnsReceipt:
    'a receipt exists only once a payment of returns is captured; returns.charges.test reads its own',
};

/** Bodies that get a write past validation, so the answer is about authorization. */
const BODIES: Record<string, (c: Cast) => unknown> = {
  updateCourierService: () => ({ name: 'Taken over' }),
  updateVendorOrder: () => ({ status: 'confirmed' }),
  addVendorOrderEvent: () => ({ kind: 'exception', note: 'Taken over' }),
  acceptJob: (c) => ({ courierServiceId: c.ids.serviceB }),
  writeOrderReview: () => ({ rating: 1, comment: 'Taken over' }),
  replyToReview: () => ({ reply: 'Taken over' }),
  updateVendorDropOffPoint: () => ({ name: 'Taken over' }),
  changeOrderDropOffPoint: (c) => ({ dropOffPointId: c.ids.dropOffPointA }),
  fileClaim: () => ({ kind: 'loss', description: 'Taken over, never arrived', amountClaimed: 100 }),
  answerClaim: () => ({ decision: 'reject', note: 'Taken over' }),
  setClaimPayoutReceiver: () => ({ email: 'taken.over@example.com' }),
  partnerFileClaim: () => ({ kind: 'loss', description: 'Taken over, never arrived', amountClaimed: 100 }),
  fixBatchRow: () => ({ cells: { recipient_name: 'Taken over' } }),
  previewAdjustment: () => ({ parcels: [{ length: 30, width: 20, height: 10, weight: 9 }] }),
  fileAdjustment: () => ({
    parcels: [{ length: 30, width: 20, height: 10, weight: 9 }],
    photos: ['/uploads/taken-over.png'],
  }),
  disputeAdjustment: () => ({ reason: 'Taken over, the parcel weighed what I said' }),
};

type Identity = 'customerB' | 'vendorB' | 'pendingVendor' | 'none';
const OTHERS: Identity[] = ['customerB', 'vendorB', 'pendingVendor', 'none'];
const REFUSED = [401, 403, 404];

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, 120_000);
afterAll(() => world?.close());

const token = (who: Identity) => (who === 'none' ? undefined : world.cast[who]);

function fill(op: Operation, value: (param: string) => string) {
  return op.path.replace(/\{([^}]+)\}/g, (_m, p: string) => encodeURIComponent(value(p)));
}

function ownedPath(op: Operation): string {
  return fill(op, (param) => {
    const key = paramKey(op.path, param);
    const owned = OWNED[key];
    if (!owned) {
      throw new Error(
        `${op.method} ${op.path} has an id parameter the matrix does not know. Add one line to OWNED in ` +
          `api/src/security/owned.ts:\n  '${key}': (c) => c.ids.<an object the first customer or vendor owns>,\n` +
          '(create that object in api/src/security/world.ts if the cast has none yet).',
      );
    }
    return owned(world.cast);
  });
}

const withIds = OPERATIONS.filter((op) => op.pathParams.length > 0);
const adminRoutes = OPERATIONS.filter(isAdminRoute);

describe('admin routes', () => {
  it.each(adminRoutes.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s refuses no token (401) and every non-admin (403)',
    async (_name, op) => {
      const path = fill(op, () => randomUUID());
      const body = op.jsonBody ? {} : undefined;
      expect((await world.http(op.method, path, { body })).status).toBe(401);
      for (const who of ['customerA', 'customerB', 'vendorA', 'pendingVendor'] as const) {
        const res = await world.http(op.method, path, { token: world.cast[who], body });
        expect(res.status, `${who} on ${op.method} ${path}`).toBe(403);
      }
    },
  );
});

describe('objects of others', () => {
  it.each(
    withIds
      .filter((op) => !isAdminRoute(op) && !PUBLIC_BY_DESIGN[op.operationId] && !CALLERS_OWN[op.operationId])
      .map((op) => [`${op.method} ${op.path}`, op] as const),
  )('%s refuses another customer, another vendor, a pending vendor and no token', async (_name, op) => {
    const path = ownedPath(op);
    const body = BODIES[op.operationId]?.(world.cast) ?? (op.jsonBody ? {} : undefined);
    if (op.method === 'GET' && !OWNER_READ_SKIPPED[op.operationId]) {
      // The object is real: its owner (or staff) can read it, so a refusal below means something.
      const reads = await Promise.all(
        (['customerA', 'vendorA', 'partnerA', 'admin'] as const).map((who) =>
          world.http('GET', path, { token: world.cast[who] }),
        ),
      );
      expect(
        reads.map((r) => r.status),
        `no owner could read ${path}`,
      ).toContainEqual(200);
    }
    const before = await snapshot(world.t);
    const open = OPEN_TO[op.operationId]?.who ?? [];
    for (const who of OTHERS.filter((w) => !open.includes(w))) {
      const res = await world.http(op.method, path, { token: token(who), body });
      if (res.status === 422) {
        throw new Error(
          `${op.method} ${path} answered 422 to ${who} before deciding access: add a valid body for ` +
            `'${op.operationId}' to BODIES in api/src/security/authz-matrix.test.ts (${JSON.stringify(res.body.errors)})`,
        );
      }
      expect(REFUSED, `${who} on ${op.method} ${path} answered ${res.status}`).toContain(res.status);
    }
    expect(await snapshot(world.t)).toBe(before);
  });

  it('lists why each public route with an id is public, and each exception', () => {
    const known = new Set(OPERATIONS.map((op) => op.operationId));
    const listed = [PUBLIC_BY_DESIGN, CALLERS_OWN, OPEN_TO, BODIES, OWNER_READ_SKIPPED].flatMap((table) =>
      Object.keys(table),
    );
    for (const id of listed) {
      expect(known, `${id} is listed in the matrix but no longer in openapi.yaml`).toContain(id);
    }
  });
});
