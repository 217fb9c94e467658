/**
 * Weight and size adjustments (docs/claims-and-returns.md, "Adjustments"): a courier that measured
 * a parcel heavier or larger than booked files one within the window, priced by its own rate card;
 * the customer accepts it (and pays the difference through the payment core, as an order is paid)
 * or disputes it; staff decide disputes. Nothing is charged until it is accepted or upheld.
 */
import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { adjustments, courierServices, orderEvents, orders, uploads } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import { quotableService, scoreBoardFor, vendorNameOf } from '../couriers';
import { orderReference } from '../orders';
import { captureFor, startPayment } from '../payments';
import type { Parcel } from '../quotes';
import { vendorOf } from '../vendors';
import {
  type AdjustmentActor,
  type AdjustmentRow,
  moveAdjustment,
  recordAdjustmentChange,
} from './adjustments.change';
import { isAdjustmentFinal, isPayable } from './adjustments.machine';
import { adjustmentDeadline, adjustmentPrice, adjustmentWindowProblem } from './adjustments.rules';

export type FileAdjustmentBody = { parcels: Parcel[]; photos: string[]; note?: string | undefined };

const actorOf = (user: AccessClaims): AdjustmentActor => ({
  id: user.sub,
  email: user.email,
  role: user.role === 'admin' ? 'admin' : user.role === 'vendor' ? 'vendor' : 'customer',
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toAdjustmentDto(a: AdjustmentRow) {
  const money = (amount: number) => ({ amount, currency: a.currency });
  return {
    id: a.id,
    reference: orderReference(a.id),
    orderId: a.orderId,
    orderReference: orderReference(a.orderId),
    status: a.status,
    bookedParcels: a.bookedParcels,
    measuredParcels: a.measuredParcels,
    bookedChargeableKg: a.bookedChargeableKg,
    measuredChargeableKg: a.measuredChargeableKg,
    photos: a.photos,
    note: a.note,
    bookedPrice: money(a.bookedPrice),
    adjustedPrice: money(a.adjustedPrice),
    difference: money(a.difference),
    disputeReason: a.disputeReason,
    disputedAt: iso(a.disputedAt),
    staffNote: a.staffNote,
    decidedAt: iso(a.decidedAt),
    acceptedAt: iso(a.acceptedAt),
    paidAt: iso(a.paidAt),
    payable: isPayable(a.status),
    final: isAdjustmentFinal(a.status),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
export type AdjustmentDto = ReturnType<typeof toAdjustmentDto>;

type OrderRow = typeof orders.$inferSelect;

/** When the courier collected the parcel: the order's first move to in transit. */
async function collectedAt(deps: AppDeps, orderId: string): Promise<Date | null> {
  const row = await deps.db.query.orderEvents.findFirst({
    where: and(
      eq(orderEvents.orderId, orderId),
      eq(orderEvents.to, 'in_transit'),
      ne(orderEvents.from, 'in_transit'),
      isNull(orderEvents.claimStatus),
      isNull(orderEvents.adjustmentStatus),
    ),
    orderBy: [asc(orderEvents.at)],
    columns: { at: true },
  });
  return row?.at ?? null;
}

/** The courier's own order, or 404 (others' orders are not found, docs/architecture.md §8). */
async function vendorOrder(deps: AppDeps, user: AccessClaims, orderId: string) {
  const vendor = await vendorOf(deps, user.sub);
  const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  if (!order || order.vendorId !== vendor.id) throw AppError.notFound('Order not found');
  return { order, vendor };
}

/** The price the courier's card gives the measured parcels, and the window, or the 422 why not. */
async function priceFor(deps: AppDeps, order: OrderRow, vendorName: string, parcels: Parcel[]) {
  const windowProblem = adjustmentWindowProblem(
    { status: order.status, collectedAt: await collectedAt(deps, order.id) },
    deps.now(),
  );
  if (windowProblem) {
    throw new AppError(422, windowProblem, {
      code: 'adjustment_window',
      errors: [{ path: 'parcels', message: windowProblem }],
    });
  }
  const service = await deps.db.query.courierServices.findFirst({
    where: eq(courierServices.id, order.courierServiceId),
  });
  if (!service) {
    const message = 'the service this order was booked on no longer exists, so it has no rate card';
    throw new AppError(422, `This order cannot be adjusted: ${message}`, {
      code: 'adjustment_unpriced',
      errors: [{ path: 'parcels', message }],
    });
  }
  const pricing = adjustmentPrice(quotableService(service, vendorName), order, parcels);
  if (!pricing.ok) {
    throw new AppError(422, `This adjustment cannot be filed: ${pricing.message}`, {
      code: pricing.code,
      errors: [{ path: pricing.path, message: pricing.message }],
    });
  }
  return pricing;
}

export async function previewAdjustment(
  deps: AppDeps,
  user: AccessClaims,
  orderId: string,
  body: { parcels: Parcel[] },
) {
  const { order, vendor } = await vendorOrder(deps, user, orderId);
  const pricing = await priceFor(deps, order, vendorNameOf(vendor.shopName, null), body.parcels);
  const collected = await collectedAt(deps, order.id);
  const money = (amount: number) => ({ amount, currency: order.currency });
  return {
    bookedChargeableKg: pricing.bookedChargeableKg,
    measuredChargeableKg: pricing.measuredChargeableKg,
    bookedPrice: money(pricing.bookedPrice),
    adjustedPrice: money(pricing.adjustedPrice),
    difference: money(pricing.difference),
    deadline: collected ? adjustmentDeadline(collected).toISOString() : null,
  };
}

/** Every photo is one the caller uploaded (POST /uploads), named by its /uploads/ path. */
async function checkUploads(deps: AppDeps, ownerId: string, urls: string[]) {
  const keys = urls.map((u) => u.slice('/uploads/'.length));
  const found = await deps.db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.key, keys)));
  const mine = new Set(found.map((r) => r.key));
  const errors = keys.flatMap((key, i) =>
    mine.has(key)
      ? []
      : [{ path: `photos.${i}`, message: 'must be an image you uploaded (POST /api/v1/uploads)' }],
  );
  if (errors.length) throw AppError.validation(errors, 'Some files are not your uploads');
}

export async function fileAdjustment(
  deps: AppDeps,
  user: AccessClaims,
  orderId: string,
  body: FileAdjustmentBody,
): Promise<AdjustmentDto> {
  const { order, vendor } = await vendorOrder(deps, user, orderId);
  const pricing = await priceFor(deps, order, vendorNameOf(vendor.shopName, null), body.parcels);
  await checkUploads(deps, user.sub, body.photos);
  const now = deps.now();
  const id = await deps.db.transaction(
    async (tx) => {
      const existing = await tx.query.adjustments.findFirst({ where: eq(adjustments.orderId, order.id) });
      if (existing) throw AppError.conflict('This order already has an adjustment', 'adjustment_exists');
      const [row] = await tx
        .insert(adjustments)
        .values({
          orderId: order.id,
          customerId: order.customerId,
          vendorId: order.vendorId,
          status: 'awaiting_customer',
          bookedParcels: order.parcels,
          measuredParcels: body.parcels,
          bookedChargeableKg: pricing.bookedChargeableKg,
          measuredChargeableKg: pricing.measuredChargeableKg,
          photos: body.photos,
          note: body.note ?? null,
          currency: order.currency,
          bookedPrice: pricing.bookedPrice,
          adjustedPrice: pricing.adjustedPrice,
          difference: pricing.difference,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('adjustment insert returned nothing');
      await recordAdjustmentChange(
        tx,
        row,
        null,
        actorOf(user),
        `The courier measured ${pricing.measuredChargeableKg} kg chargeable (booked ${pricing.bookedChargeableKg} kg)`,
        now,
      );
      return row.id;
    },
    { behavior: 'immediate' },
  );
  scoreBoardFor(deps.db).invalidate();
  return getAdjustment(deps, id);
}

async function getAdjustment(deps: AppDeps, id: string): Promise<AdjustmentDto> {
  const row = await deps.db.query.adjustments.findFirst({ where: eq(adjustments.id, id) });
  if (!row) throw AppError.notFound('Adjustment not found');
  return toAdjustmentDto(row);
}

/** The order's adjustments, for its customer, its courier or staff; anyone else gets 404. */
export async function listAdjustments(deps: AppDeps, user: AccessClaims, orderId: string) {
  const order = await deps.db.query.orders.findFirst({
    where: eq(orders.id, orderId),
    columns: { customerId: true, vendorId: true },
  });
  if (!order) throw AppError.notFound('Order not found');
  const allowed =
    user.role === 'admin' ||
    order.customerId === user.sub ||
    (user.role === 'vendor' && (await vendorOf(deps, user.sub)).id === order.vendorId);
  if (!allowed) throw AppError.notFound('Order not found');
  const rows = await deps.db
    .select()
    .from(adjustments)
    .where(eq(adjustments.orderId, orderId))
    .orderBy(desc(adjustments.createdAt), desc(adjustments.id));
  return rows.map(toAdjustmentDto);
}

/** The customer's own adjustment on its own order, or 404. */
async function customerAdjustment(deps: AppDeps, user: AccessClaims, orderId: string, id: string) {
  const row = await deps.db.query.adjustments.findFirst({ where: eq(adjustments.id, id) });
  if (!row || row.orderId !== orderId || row.customerId !== user.sub) {
    throw AppError.notFound('Adjustment not found');
  }
  return row;
}

/** Starts (or resumes) paying an accepted or upheld adjustment's difference. */
async function startDifferencePayment(deps: AppDeps, row: AdjustmentRow, origin: string) {
  // The portal's payment page pays an adjustment by its id and its order's (docs/claims-and-returns.md).
  const query = `adjustment=${encodeURIComponent(row.id)}&on=${encodeURIComponent(row.orderId)}`;
  return startPayment(
    deps,
    { kind: 'adjustment', id: row.id },
    {
      amount: row.difference,
      currency: row.currency,
      description: `Consign order ${orderReference(row.orderId)}: weight and size adjustment ${orderReference(row.id)}`,
      returnUrl: `${origin}/payment?${query}&approved=1`,
      cancelUrl: `${origin}/payment?${query}`,
    },
    origin,
  );
}

export async function acceptAdjustment(
  deps: AppDeps,
  user: AccessClaims,
  orderId: string,
  id: string,
  origin: string,
) {
  await customerAdjustment(deps, user, orderId, id);
  const now = deps.now();
  const row = await deps.db.transaction(
    (tx) =>
      moveAdjustment(tx, id, 'accept', actorOf(user), 'The customer accepted the adjustment', now, {
        acceptedAt: now,
      }),
    { behavior: 'immediate' },
  );
  // Accepted is owed: a payment that cannot start now (the provider is down) is started again
  // from the order page (POST …/payment).
  return { adjustment: toAdjustmentDto(row), payment: await startDifferencePayment(deps, row, origin) };
}

export async function startAdjustmentPayment(
  deps: AppDeps,
  user: AccessClaims,
  orderId: string,
  id: string,
  origin: string,
) {
  const row = await customerAdjustment(deps, user, orderId, id);
  assertPayable(row);
  return { adjustment: toAdjustmentDto(row), payment: await startDifferencePayment(deps, row, origin) };
}

function assertPayable(row: AdjustmentRow) {
  if (isPayable(row.status)) return;
  if (row.status === 'paid') throw AppError.conflict('This adjustment is paid already', 'adjustment_paid');
  throw AppError.conflict(
    row.status === 'overturned'
      ? 'Consign staff overturned this adjustment: there is nothing to pay'
      : 'Accept the adjustment first: nothing is charged until it is accepted or upheld',
    'adjustment_not_payable',
  );
}

export async function captureAdjustmentPayment(
  deps: AppDeps,
  user: AccessClaims,
  orderId: string,
  id: string,
): Promise<{ state: 'captured' | 'pending'; adjustment: AdjustmentDto }> {
  const row = await customerAdjustment(deps, user, orderId, id);
  const state = await captureFor(deps, {
    subject: { kind: 'adjustment', id },
    noun: 'adjustment',
    settled: ['captured'],
    assertPayable: () => assertPayable(row),
  });
  return { state, adjustment: await getAdjustment(deps, id) };
}

export async function disputeAdjustment(
  deps: AppDeps,
  user: AccessClaims,
  orderId: string,
  id: string,
  body: { reason: string },
) {
  await customerAdjustment(deps, user, orderId, id);
  const now = deps.now();
  const row = await deps.db.transaction(
    (tx) =>
      moveAdjustment(tx, id, 'dispute', actorOf(user), body.reason, now, {
        disputeReason: body.reason,
        disputedAt: now,
      }),
    { behavior: 'immediate' },
  );
  return toAdjustmentDto(row);
}

export async function decideAdjustment(
  deps: AppDeps,
  user: AccessClaims,
  id: string,
  body: { decision: 'uphold' | 'overturn'; reason: string },
) {
  const now = deps.now();
  const row = await deps.db.transaction(
    (tx) =>
      moveAdjustment(tx, id, body.decision, actorOf(user), body.reason, now, {
        staffNote: body.reason,
        decidedBy: user.sub,
        decidedAt: now,
      }),
    { behavior: 'immediate' },
  );
  return toAdjustmentDto(row);
}
