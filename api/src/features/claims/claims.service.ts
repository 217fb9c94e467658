/**
 * Claims for loss or damage (docs/claims-and-returns.md): the customer files, the courier
 * answers, staff decide what the courier rejected or let lapse, and an accepted claim is paid
 * through a refund of what is left of the order's payment and, beyond it, a PayPal payout to the
 * customer (claims.payout), borne by the courier or the platform.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, like, lte, ne, or } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { claims, orderEvents, orders, refunds, uploads, users } from '../../db/schema';
import type { ClaimKind } from '../../domain/statuses';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import { publish } from '../../lib/outbox';
import { decodeCursor, nextCursor, olderThan } from '../../lib/pagination';
import { scoreBoardFor } from '../couriers';
import { orderPayment, orderReference, promisedDelivery } from '../orders';
import { requestRefund } from '../payments';
import { vendorOf } from '../vendors';
import {
  type ClaimActor,
  type ClaimRow,
  decidedByStaff,
  moveClaim,
  recordClaimChange,
  SYSTEM_CLAIM_ACTOR,
} from './claims.change';
import { awaitsStaff, isClaimFinal } from './claims.machine';
import { advancePayout, latestAttempt, writeAttempt } from './claims.payout';
import {
  claimCap,
  claimSplit,
  claimWindowProblem,
  courierDeadline,
  type LastScan,
  lossClaimSignal,
} from './claims.rules';
import type { ClaimPayoutState } from './claims.schemas';

export type FileClaimBody = {
  kind: ClaimKind;
  description: string;
  amountClaimed: number;
  photos: string[];
  proofOfValue: string[];
};

export type CourierAnswer = {
  decision: 'accept' | 'part_accept' | 'reject';
  amount?: number | undefined;
  note: string;
  evidence: string[];
};

export type StaffDecision = {
  decision: 'accept' | 'part_accept' | 'reject';
  amount?: number | undefined;
  bearer?: 'courier' | 'platform' | undefined;
  reason: string;
};

const actorOf = (user: AccessClaims): ClaimActor => ({
  id: user.sub,
  email: user.email,
  role: user.role === 'admin' ? 'admin' : user.role === 'vendor' ? 'vendor' : 'customer',
});

export function toClaimDto(c: ClaimRow) {
  const state = { status: c.status, decidedByStaff: decidedByStaff(c) };
  return {
    id: c.id,
    reference: orderReference(c.id),
    orderId: c.orderId,
    orderReference: orderReference(c.orderId),
    kind: c.kind,
    status: c.status,
    description: c.description,
    photos: c.photos,
    proofOfValue: c.proofOfValue,
    amountClaimed: { amount: c.amountClaimed, currency: c.currency },
    cap: { amount: c.cap, currency: c.currency },
    amountAgreed: c.amountAgreed === null ? null : { amount: c.amountAgreed, currency: c.currency },
    bearer: c.bearer,
    courierNote: c.courierNote,
    courierEvidence: c.courierEvidence,
    respondedAt: c.respondedAt?.toISOString() ?? null,
    courierDeadline: c.courierDeadline?.toISOString() ?? null,
    staffNote: c.staffNote,
    decidedAt: c.decidedAt?.toISOString() ?? null,
    decidedByStaff: state.decidedByStaff,
    awaitsStaff: awaitsStaff(state),
    final: isClaimFinal(state),
    payment: paymentOf(c),
    paidAt: c.paidAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
export type ClaimDto = ReturnType<typeof toClaimDto>;

/** The claim as its courier or the partner reads it: without the customer's PayPal email. */
function withoutReceiver(dto: ClaimDto): ClaimDto {
  return dto.payment ? { ...dto, payment: { ...dto.payment, payoutEmail: null } } : dto;
}

/**
 * How the agreed amount is paid, once fixed (the first attempt to pay): the refund of the
 * payment, and the rest by PayPal payout, with where the payout stands.
 */
function paymentOf(c: ClaimRow) {
  if (c.refundPart === null || c.payoutPart === null) return null;
  const money = (amount: number) => ({ amount, currency: c.currency });
  const payoutState: ClaimPayoutState | null =
    c.payoutPart === 0 ? null : (c.payoutStatus ?? (c.payoutEmail ? 'queued' : 'awaiting_email'));
  return {
    refund: money(c.refundPart),
    refunded: c.refundPart > 0 && c.status === 'paid',
    payout: money(c.payoutPart),
    payoutEmail: c.payoutEmail,
    payoutStatus: payoutState,
    payoutFailure: payoutState === 'failed' ? c.payoutFailure : null,
  };
}

/** When the order was delivered: its move to delivered, not a later claim entry. */
async function deliveredAt(deps: AppDeps, orderId: string): Promise<Date | null> {
  const row = await deps.db.query.orderEvents.findFirst({
    where: and(
      eq(orderEvents.orderId, orderId),
      eq(orderEvents.to, 'delivered'),
      ne(orderEvents.from, 'delivered'),
      isNull(orderEvents.claimStatus),
    ),
    orderBy: [asc(orderEvents.at)],
    columns: { at: true },
  });
  return row?.at ?? null;
}

/** The order's latest tracking entry (a status move or a tracking event), leaving out claims', adjustments' and returns' entries. */
async function lastScanOf(deps: AppDeps, orderId: string): Promise<LastScan | null> {
  const row = await deps.db.query.orderEvents.findFirst({
    where: and(
      eq(orderEvents.orderId, orderId),
      isNull(orderEvents.claimStatus),
      isNull(orderEvents.adjustmentStatus),
      isNull(orderEvents.returnLink),
    ),
    orderBy: [desc(orderEvents.at), desc(orderEvents.id)],
    columns: { at: true, kind: true },
  });
  return row ? { at: row.at, kind: row.kind } : null;
}

async function lossSignalOf(deps: AppDeps, order: typeof orders.$inferSelect, now: Date) {
  if (!order.paidAt) return null;
  return lossClaimSignal(
    {
      status: order.status,
      lastScan: await lastScanOf(deps, order.id),
      collectionDate: order.collectionDate,
    },
    now,
    deps.config.claims.noScanWorkingDays,
  );
}

/** Whether no claim on the order is open (one may be filed). */
async function noOpenClaim(deps: AppDeps, orderId: string) {
  const rows = await deps.db.query.claims.findMany({ where: eq(claims.orderId, orderId) });
  return rows.every(
    (c) => c.status === 'paid' || isClaimFinal({ status: c.status, decidedByStaff: decidedByStaff(c) }),
  );
}

/**
 * The loss claim offered to the customer of one of its orders: a tracking exception, or no scan
 * for days, while no claim is open (docs/claims-and-returns.md, "The prefilled loss claim").
 */
export async function lossClaimOffer(deps: AppDeps, user: AccessClaims, orderId: string) {
  const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  if (!order || order.customerId !== user.sub) throw AppError.notFound('Order not found');
  return lossClaimOfferOn(deps, order);
}

/**
 * The offer on an order, whoever asks: its customer's drawer, and the public tracking page (which
 * shows the reason and date only, nothing of who booked).
 */
export async function lossClaimOfferOn(deps: AppDeps, order: typeof orders.$inferSelect) {
  const signal = await lossSignalOf(deps, order, deps.now());
  if (!signal || !(await noOpenClaim(deps, order.id))) {
    return { offered: false, reason: null, since: null } as const;
  }
  return { offered: true, reason: signal.reason, since: signal.since.toISOString() };
}

export const LOSS_OFFER_EVENT = 'claim.loss_offered';

/**
 * The sweep's part: each paid order under way whose parcel first looks lost (`lossClaimSignal`)
 * with no claim open gets the offer mailed to its customer, once (`orders.loss_claim_offered_at`).
 */
export async function offerLossClaims(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const candidates = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['pending', 'confirmed', 'in_transit']),
        isNull(orders.lossClaimOfferedAt),
        isNotNull(orders.paidAt),
      ),
    );
  let offered = 0;
  for (const order of candidates) {
    const signal = await lossSignalOf(deps, order, now);
    if (!signal || !(await noOpenClaim(deps, order.id))) continue;
    const marked = await deps.db.transaction(
      async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({ lossClaimOfferedAt: now })
          .where(and(eq(orders.id, order.id), isNull(orders.lossClaimOfferedAt)))
          .returning({ id: orders.id });
        if (row) await publish(tx, LOSS_OFFER_EVENT, { orderId: order.id, reason: signal.reason }, now);
        return Boolean(row);
      },
      { behavior: 'immediate' },
    );
    if (marked) offered += 1;
  }
  return offered;
}

/**
 * Every file is one the caller uploaded (POST /uploads or POST /partner/uploads), named by its
 * /uploads/ path: `owners` are the uploaders whose files count as the caller's (one person, or a
 * partner's people, the order's customer and the partner's own uploads).
 */
async function checkUploads(
  deps: AppDeps,
  owners: { people: string[]; partnerId?: string },
  field: string,
  urls: string[],
) {
  if (urls.length === 0) return;
  const keys = urls.map((u) => u.slice('/uploads/'.length));
  const uploader = owners.partnerId
    ? or(inArray(uploads.ownerId, owners.people), eq(uploads.partnerId, owners.partnerId))
    : inArray(uploads.ownerId, owners.people);
  const found = await deps.db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(uploader, inArray(uploads.key, keys)));
  const mine = new Set(found.map((r) => r.key));
  const errors = keys.flatMap((key, i) =>
    mine.has(key)
      ? []
      : [{ path: `${field}.${i}`, message: 'must be a file you uploaded (POST /api/v1/uploads)' }],
  );
  if (errors.length) throw AppError.validation(errors, 'Some files are not your uploads');
}

/** The order's payment if it was ever taken (refunded since, in part or in full, or not), and what is left of it. */
async function refundableOf(deps: AppDeps, order: typeof orders.$inferSelect) {
  const payment = await orderPayment(deps.db, order);
  if (payment?.status !== 'captured' && payment?.status !== 'refunded')
    return { payment: null, refundable: 0 };
  return { payment, refundable: payment.status === 'captured' ? payment.amount - payment.refundedAmount : 0 };
}

export async function fileClaim(deps: AppDeps, user: AccessClaims, orderId: string, body: FileClaimBody) {
  const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  // Orders of others answer 404 (docs/architecture.md §8).
  if (!order || order.customerId !== user.sub) throw AppError.notFound('Order not found');
  return fileClaimOn(deps, order, body, {
    actor: actorOf(user),
    uploaders: { people: [user.sub] },
    note: `${body.kind === 'loss' ? 'Loss' : 'Damage'} claim filed`,
  });
}

/** A partner files for the customer of an order booked through it (secret key or a partner user). */
export type PartnerCaller = { partnerId: string; partnerName: string; user: AccessClaims | undefined };

/** One of the partner's orders, by its id or its reference (`#1a2b3c4d`); any other order is 404. */
async function partnerOrder(deps: AppDeps, partnerId: string, idOrReference: string) {
  const suffix = idOrReference.replace(/^#/, '').toLowerCase();
  const byReference = /^[0-9a-z]{8}$/.test(suffix);
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.partnerId, partnerId),
        byReference ? like(orders.id, `%${suffix}`) : eq(orders.id, idOrReference),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(1);
  if (!order) throw AppError.notFound('Order not found');
  return order;
}

/**
 * The partner's claim for the customer of one of its orders: the customer's rules, caps, state
 * machine and mail; the claim is the customer's. Files may be uploads of the customer, of any
 * of the partner's people, or of the partner itself (POST /partner/uploads).
 */
export async function filePartnerClaim(
  deps: AppDeps,
  caller: PartnerCaller,
  idOrReference: string,
  body: FileClaimBody,
) {
  const order = await partnerOrder(deps, caller.partnerId, idOrReference);
  const people = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.partnerId, caller.partnerId));
  const actor: ClaimActor = caller.user
    ? { id: caller.user.sub, email: caller.user.email, role: 'customer' }
    : { id: null, email: `secret key of partner ${caller.partnerId}`, role: 'customer' };
  return fileClaimOn(deps, order, body, {
    actor,
    uploaders: { people: [order.customerId, ...people.map((p) => p.id)], partnerId: caller.partnerId },
    note: `${body.kind === 'loss' ? 'Loss' : 'Damage'} claim filed by ${caller.partnerName} for the customer`,
  });
}

async function fileClaimOn(
  deps: AppDeps,
  order: typeof orders.$inferSelect,
  body: FileClaimBody,
  by: { actor: ClaimActor; uploaders: { people: string[]; partnerId?: string }; note: string },
) {
  const now = deps.now();
  const windowProblem = claimWindowProblem(
    body.kind,
    {
      status: order.status,
      collectionDate: order.collectionDate,
      promisedDelivery: promisedDelivery(order),
      deliveredAt: await deliveredAt(deps, order.id),
      coverAmount: order.coverAmount,
      lossSignal: body.kind === 'loss' && (await lossSignalOf(deps, order, now)) !== null,
    },
    now,
  );
  if (windowProblem) {
    throw new AppError(422, windowProblem, {
      code: 'claim_window',
      errors: [{ path: 'kind', message: windowProblem }],
    });
  }
  if (body.kind === 'damage' && body.photos.length === 0) {
    throw AppError.validation([{ path: 'photos', message: 'A damage claim needs at least one photo' }]);
  }
  const paid = await refundableOf(deps, order);
  // Only an order that was paid for may be claimed on; what is left of its payment no longer
  // limits the claim (the rest is paid by PayPal payout), so one refunded in full still may be.
  if (!paid.payment) {
    throw AppError.conflict(
      'This order was never paid for, so nothing can be claimed on it',
      'nothing_to_claim',
    );
  }
  const cap = claimCap(order);
  if (body.amountClaimed > cap) {
    const why = order.coverAmount > 0 ? 'the cover you bought' : 'the standard liability';
    throw AppError.validation(
      [{ path: 'amountClaimed', message: `must be at most ${cap} (${why})` }],
      `The amount claimed is more than this order’s claims can pay (${why})`,
    );
  }
  await checkUploads(deps, by.uploaders, 'photos', body.photos);
  await checkUploads(deps, by.uploaders, 'proofOfValue', body.proofOfValue);

  const claimId = await deps.db.transaction(
    async (tx) => {
      const open = await tx.query.claims.findFirst({
        where: and(eq(claims.orderId, order.id), ne(claims.status, 'paid')),
      });
      if (open && !isClaimFinal({ status: open.status, decidedByStaff: decidedByStaff(open) })) {
        throw AppError.conflict('This order already has a claim in progress', 'claim_exists');
      }
      const [claim] = await tx
        .insert(claims)
        .values({
          orderId: order.id,
          customerId: order.customerId,
          vendorId: order.vendorId,
          kind: body.kind,
          status: 'submitted',
          description: body.description,
          photos: body.photos,
          proofOfValue: body.proofOfValue,
          currency: order.currency,
          amountClaimed: body.amountClaimed,
          cap,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!claim) throw new Error('claim insert returned nothing');
      await recordClaimChange(tx, claim, null, by.actor, by.note, now);
      await moveClaim(tx, claim.id, 'send', SYSTEM_CLAIM_ACTOR, 'Sent to the courier', now, {
        courierDeadline: courierDeadline(now, deps.config.claims.responseWorkingDays),
      });
      return claim.id;
    },
    { behavior: 'immediate' },
  );
  scoreBoardFor(deps.db).invalidate();
  return getClaim(deps, claimId);
}

async function getClaim(deps: AppDeps, id: string): Promise<ClaimDto> {
  const claim = await deps.db.query.claims.findFirst({ where: eq(claims.id, id) });
  if (!claim) throw AppError.notFound('Claim not found');
  return toClaimDto(claim);
}

/** A claim its customer, its courier or staff may read; anyone else gets 404. */
export async function claimFor(deps: AppDeps, user: AccessClaims, id: string): Promise<ClaimDto> {
  const claim = await deps.db.query.claims.findFirst({ where: eq(claims.id, id) });
  if (!claim) throw AppError.notFound('Claim not found');
  if (user.role === 'admin' || claim.customerId === user.sub) return toClaimDto(claim);
  if (user.role === 'vendor' && (await vendorOf(deps, user.sub)).id === claim.vendorId)
    return withoutReceiver(toClaimDto(claim));
  throw AppError.notFound('Claim not found');
}

/** The caller's claims, newest first: a customer's own, or a courier's business's; optionally one order's. */
export async function listClaims(deps: AppDeps, user: AccessClaims, orderId?: string) {
  const owner =
    user.role === 'vendor'
      ? eq(claims.vendorId, (await vendorOf(deps, user.sub)).id)
      : eq(claims.customerId, user.sub);
  const rows = await deps.db
    .select()
    .from(claims)
    .where(and(owner, orderId ? eq(claims.orderId, orderId) : undefined))
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(200);
  const dtos = rows.map(toClaimDto);
  return user.role === 'vendor' ? dtos.map(withoutReceiver) : dtos;
}

/** The claims on the partner's orders, newest first, a page at a time. */
export async function partnerClaims(
  deps: AppDeps,
  partnerId: string,
  query: { cursor?: string | undefined; limit: number; orderId?: string | undefined },
) {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await deps.db
    .select({ claim: claims })
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .where(
      and(
        eq(orders.partnerId, partnerId),
        query.orderId ? eq(claims.orderId, query.orderId) : undefined,
        olderThan({ createdAt: claims.createdAt, id: claims.id }, after),
      ),
    )
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(query.limit + 1);
  return {
    data: rows.slice(0, query.limit).map((r) => withoutReceiver(toClaimDto(r.claim))),
    nextCursor: nextCursor(
      rows.map((r) => ({ createdAt: r.claim.createdAt, id: r.claim.id })),
      query.limit,
    ),
  };
}

/** One claim on the partner's orders; any other is 404. */
export async function partnerClaim(deps: AppDeps, partnerId: string, id: string) {
  const [row] = await deps.db
    .select({ claim: claims })
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .where(and(eq(claims.id, id), eq(orders.partnerId, partnerId)));
  if (!row) throw AppError.notFound('Claim not found');
  return withoutReceiver(toClaimDto(row.claim));
}

function agreedAmount(claim: ClaimRow, decision: CourierAnswer['decision'], amount: number | undefined) {
  if (decision === 'reject') return null;
  if (decision === 'accept') return claim.amountClaimed;
  if (amount === undefined || amount < 1 || amount >= claim.amountClaimed) {
    throw AppError.validation([
      { path: 'amount', message: `a part acceptance needs an amount from 1 to ${claim.amountClaimed - 1}` },
    ]);
  }
  return amount;
}

export async function answerClaim(deps: AppDeps, user: AccessClaims, id: string, body: CourierAnswer) {
  const vendor = await vendorOf(deps, user.sub);
  const claim = await deps.db.query.claims.findFirst({ where: eq(claims.id, id) });
  if (!claim || claim.vendorId !== vendor.id) throw AppError.notFound('Claim not found');
  const amountAgreed = agreedAmount(claim, body.decision, body.amount);
  await checkUploads(deps, { people: [user.sub] }, 'evidence', body.evidence);
  const now = deps.now();
  await deps.db.transaction(
    (tx) =>
      moveClaim(tx, id, body.decision, actorOf(user), body.note, now, {
        courierNote: body.note,
        courierEvidence: body.evidence,
        respondedAt: now,
        amountAgreed,
        bearer: amountAgreed === null ? null : 'courier',
      }),
    { behavior: 'immediate' },
  );
  scoreBoardFor(deps.db).invalidate();
  if (amountAgreed !== null) await payClaim(deps, id);
  return withoutReceiver(await getClaim(deps, id));
}

export async function decideClaim(deps: AppDeps, user: AccessClaims, id: string, body: StaffDecision) {
  const claim = await deps.db.query.claims.findFirst({ where: eq(claims.id, id) });
  if (!claim) throw AppError.notFound('Claim not found');
  const amountAgreed = agreedAmount(claim, body.decision, body.amount);
  if (amountAgreed !== null && !body.bearer) {
    throw AppError.validation([{ path: 'bearer', message: 'say who pays: the courier or the platform' }]);
  }
  const now = deps.now();
  const move =
    body.decision === 'accept'
      ? 'decide_accept'
      : body.decision === 'part_accept'
        ? 'decide_part_accept'
        : 'decide_reject';
  await deps.db.transaction(
    (tx) =>
      moveClaim(tx, id, move, actorOf(user), body.reason, now, {
        staffNote: body.reason,
        decidedBy: user.sub,
        decidedAt: now,
        amountAgreed,
        bearer: amountAgreed === null ? null : (body.bearer ?? null),
      }),
    { behavior: 'immediate' },
  );
  scoreBoardFor(deps.db).invalidate();
  if (amountAgreed !== null) await payClaim(deps, id);
  return getClaim(deps, id);
}

/**
 * Fixes how the agreed amount is paid, once: a refund of what is left of the order's payment now,
 * the rest by PayPal payout (`claimSplit`). Answers the claim as it stands.
 */
async function splitClaim(deps: AppDeps, claim: ClaimRow): Promise<ClaimRow> {
  if (claim.refundPart !== null || claim.amountAgreed === null) return claim;
  const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, claim.orderId) });
  const { refundable } = order ? await refundableOf(deps, order) : { refundable: 0 };
  const split = claimSplit(claim.amountAgreed, refundable);
  await deps.db
    .update(claims)
    .set({ ...split, updatedAt: deps.now() })
    .where(and(eq(claims.id, claim.id), isNull(claims.refundPart)));
  return (await deps.db.query.claims.findFirst({ where: eq(claims.id, claim.id) })) ?? claim;
}

/** The refund part: asked once (its id kept on the claim), done when the refund is completed. */
async function refundPartDone(deps: AppDeps, claim: ClaimRow): Promise<boolean> {
  if (!claim.refundPart || !claim.bearer) return true;
  let refundId = claim.refundId;
  if (!refundId) {
    const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, claim.orderId) });
    const payment = order ? await orderPayment(deps.db, order) : undefined;
    if (!payment) throw new Error(`claim ${claim.id}: the order has no payment`);
    const { refund } = await requestRefund(deps, payment, {
      amount: claim.refundPart,
      bearer: claim.bearer,
      reason: `Claim ${orderReference(claim.id)} (${claim.kind})`,
      actor: { id: null, role: 'system' },
      exclusive: true,
    });
    refundId = refund.id;
    await deps.db.update(claims).set({ refundId, updatedAt: deps.now() }).where(eq(claims.id, claim.id));
  }
  const refund = await deps.db.query.refunds.findFirst({ where: eq(refunds.id, refundId) });
  return refund?.status === 'completed';
}

/**
 * Pays an accepted or part-accepted claim, borne as decided: the refund part through the payments
 * core (ledger entries, credit note and refund mail come with it), the payout part by PayPal
 * payout once the customer has given the email (claims.payout), then the move to paid when both
 * are done. What is still on its way is finished by the claims sweep and PayPal's webhooks.
 */
export async function payClaim(deps: AppDeps, id: string): Promise<boolean> {
  const found = await deps.db.query.claims.findFirst({ where: eq(claims.id, id) });
  if (!found || (found.status !== 'accepted' && found.status !== 'part_accepted')) return false;
  if (found.amountAgreed === null || !found.bearer) return false;
  const claim = await splitClaim(deps, found);
  const refunded = await refundPartDone(deps, claim);
  const paidOut = await advancePayout(deps, claim);
  if (!refunded || !paidOut) return false;
  const how =
    claim.payoutPart && claim.refundPart
      ? 'Paid by refund to the customer and PayPal payout'
      : claim.payoutPart
        ? 'Paid by PayPal payout to the customer'
        : 'Paid by refund to the customer';
  const now = deps.now();
  await deps.db.transaction(
    (tx) => moveClaim(tx, claim.id, 'pay', SYSTEM_CLAIM_ACTOR, how, now, { paidAt: now }),
    {
      behavior: 'immediate',
    },
  );
  return true;
}

/** Moves the claim on after its payout changed (a webhook); a claim moved meanwhile is left as it is. */
export async function finishClaim(deps: AppDeps, id: string): Promise<void> {
  try {
    await payClaim(deps, id);
  } catch (err) {
    if (!(err instanceof AppError && err.status === 409)) throw err;
  }
}

/** Whether the claim's payout may take a new email or a retry now: not while one is on its way or paid. */
async function payoutSettledOrFailed(deps: AppDeps, claim: ClaimRow) {
  const attempt = await latestAttempt(deps, claim.id);
  return { attempt, free: !attempt || attempt.status === 'failed' };
}

/**
 * The customer's PayPal email for the payout part of its claim (the claim's customer only; anyone
 * else 404). Given after a failed payout, it pays again to the new address at once.
 */
export async function setPayoutReceiver(deps: AppDeps, user: AccessClaims, id: string, email: string) {
  const claim = await deps.db.query.claims.findFirst({ where: eq(claims.id, id) });
  if (!claim || claim.customerId !== user.sub) throw AppError.notFound('Claim not found');
  const state = { status: claim.status, decidedByStaff: decidedByStaff(claim) };
  if (claim.status === 'paid' || isClaimFinal(state)) {
    throw AppError.conflict('This claim is closed: there is nothing more to pay', 'claim_payout_closed');
  }
  if (claim.payoutPart === 0) {
    throw AppError.conflict(
      'This claim is paid by refund only: no PayPal email is needed',
      'claim_payout_not_needed',
    );
  }
  const { attempt, free } = await payoutSettledOrFailed(deps, claim);
  if (!free) {
    throw AppError.conflict(
      attempt?.status === 'paid'
        ? 'The payout is paid already'
        : 'The payout is on its way: wait for it to finish',
      'claim_payout_in_progress',
    );
  }
  await deps.db
    .update(claims)
    .set({ payoutEmail: email, updatedAt: deps.now() })
    .where(eq(claims.id, claim.id));
  if (attempt?.status === 'failed') {
    const updated = await deps.db.query.claims.findFirst({ where: eq(claims.id, claim.id) });
    if (updated) await writeAttempt(deps, updated);
  }
  await payClaimQuietly(deps, claim.id);
  return getClaim(deps, claim.id);
}

/** Staff pay a failed payout again (to the email the claim has now), with a reason for the audit log. */
export async function retryPayout(deps: AppDeps, user: AccessClaims, id: string, reason: string) {
  const claim = await deps.db.query.claims.findFirst({ where: eq(claims.id, id) });
  if (!claim) throw AppError.notFound('Claim not found');
  const attempt = await latestAttempt(deps, claim.id);
  if (attempt?.status !== 'failed' || claim.status === 'paid') {
    throw AppError.conflict('Only a failed payout can be tried again', 'claim_payout_not_failed');
  }
  const written = await writeAttempt(deps, claim, (tx, next) =>
    recordAudit(
      tx,
      user,
      {
        action: 'claim.payout_retry',
        entityType: 'claim',
        entityId: claim.id,
        before: { payoutAttempt: attempt.id, failure: attempt.failureReason },
        after: { payoutAttempt: next.id },
        reason,
      },
      deps.now(),
    ),
  );
  if (!written) {
    throw AppError.conflict(
      'The payout was tried again meanwhile; reload the claim',
      'claim_payout_in_progress',
    );
  }
  await payClaimQuietly(deps, claim.id);
  return getClaim(deps, claim.id);
}

/** Pays as far as it goes now; what fails here is finished by the sweep. */
async function payClaimQuietly(deps: AppDeps, id: string) {
  try {
    await payClaim(deps, id);
  } catch (err) {
    deps.logger.error({ err, claimId: id }, 'claim payment not finished now; the sweep tries again');
  }
}

/**
 * The claims sweep's work: escalate every claim whose courier missed its deadline, finish
 * paying accepted claims (a refund that was still on its way, or a payment that failed), and
 * mail the offer of a loss claim where a parcel first looks lost.
 */
export async function sweepClaims(
  deps: AppDeps,
): Promise<{ escalated: number; paid: number; lossOffers: number }> {
  const now = deps.now();
  const overdue = await deps.db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.status, 'with_courier'), lte(claims.courierDeadline, now)));
  let escalated = 0;
  for (const { id } of overdue) {
    try {
      await deps.db.transaction(
        (tx) =>
          moveClaim(
            tx,
            id,
            'escalate',
            SYSTEM_CLAIM_ACTOR,
            'The courier did not answer by its deadline',
            now,
          ),
        { behavior: 'immediate' },
      );
      escalated += 1;
    } catch (err) {
      // Answered at the same moment: the courier's answer stands.
      if (!(err instanceof AppError && err.status === 409)) throw err;
    }
  }
  const unpaid = await deps.db
    .select({ id: claims.id })
    .from(claims)
    .where(inArray(claims.status, ['accepted', 'part_accepted']));
  let paid = 0;
  for (const { id } of unpaid) {
    try {
      if (await payClaim(deps, id)) paid += 1;
    } catch (err) {
      deps.logger.error({ err, claimId: id }, 'claim payment failed; the next sweep tries again');
    }
  }
  return { escalated, paid, lossOffers: await offerLossClaims(deps) };
}
