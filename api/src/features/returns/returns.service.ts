/**
 * Returns (docs/claims-and-returns.md, "Returns"): anyone with a parcel's tracking code and its
 * delivery postcode starts one and gets quotes for the reverse route; a signed-in person books one
 * of them as an order linked to the original, paid like any order, or at once on the partner's
 * account when its policy says the partner pays.
 */
import { parsePostcode } from '@consign/shared/postcodes';
import { RETURN_REASON_LABELS, type ReturnReason } from '@consign/shared/returns';
import type { z } from '@hono/zod-openapi';
import { and, asc, desc, eq, isNull, lte, ne, not, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import {
  auditLog,
  type OrderAddress,
  orderEvents,
  orderReturns,
  orders,
  payments,
  returnCharges,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import { publish } from '../../lib/outbox';
import { decodeCursor, nextCursor, olderThan } from '../../lib/pagination';
import type { Limit } from '../../lib/rate-limit';
import {
  createOrderFromOption,
  markOrderPaid,
  normaliseTrackingCode,
  type OrderRow,
  orderReference,
  recordOrderEvent,
} from '../orders';
import { QuotesService } from '../quotes';
import { type AppliedPolicy, policyInForce } from './returns.policy';
import {
  draftToken,
  readDraftToken,
  returnProblem,
  returnWindowEnd,
  reverseQuoteRequest,
} from './returns.rules';
import type { BookReturnBodySchema, StartReturnBodySchema } from './returns.schemas';

export const RETURN_EVENTS = { created: 'return.created' } as const;
export type ReturnCreatedData = {
  /** The original order: whose partner is told (features/webhooks). */
  orderId: string;
  returnOrderId: string;
  reason: ReturnReason;
  payer: 'shopper' | 'partner';
};

/** Every start, per client address; a miss (a wrong code or postcode) counts much more tightly. */
export const RETURN_LOOKUP_LIMIT: Limit = { name: 'return-ip', max: 60, windowSeconds: 600 };
export const RETURN_MISS_LIMIT: Limit = { name: 'return-miss-ip', max: 10, windowSeconds: 600 };

/** The same answer for an unknown code, a wrong postcode and an unpaid checkout: nothing is revealed. */
export const NO_MATCH = 'No parcel matches this tracking code and delivery postcode';

type StartBody = z.infer<typeof StartReturnBodySchema>;
type BookBody = z.infer<typeof BookReturnBodySchema>;
type ReturnRow = typeof orderReturns.$inferSelect;

const samePostcode = (a: string, b: string) => {
  const pa = parsePostcode(a)?.postcode;
  return pa !== undefined && pa === parsePostcode(b)?.postcode;
};

function placeOf(address: OrderAddress) {
  return { town: address.town, postcodeDistrict: parsePostcode(address.postcode)?.outward ?? null };
}

/** When the order was delivered: its move to delivered, not a later entry on a delivered order. */
async function deliveredAt(db: AppDeps['db'], orderId: string): Promise<Date | null> {
  const row = await db.query.orderEvents.findFirst({
    where: and(
      eq(orderEvents.orderId, orderId),
      eq(orderEvents.to, 'delivered'),
      ne(orderEvents.from, 'delivered'),
    ),
    orderBy: [asc(orderEvents.at)],
    columns: { at: true },
  });
  return row?.at ?? null;
}

const refusal = (code: string, message: string, path = 'trackingCode') =>
  new AppError(422, message, { code, errors: [{ path, message }] });

/**
 * The checks every start and booking make on the original: a return itself is never returned, a
 * return already booked (and not cancelled) is not booked twice, and the policy's window and reasons.
 */
async function checkReturnable(
  deps: AppDeps,
  original: OrderRow,
  reason: ReturnReason,
  policy: AppliedPolicy,
): Promise<Date> {
  const { db } = deps;
  const isReturn = await db.query.orderReturns.findFirst({
    where: eq(orderReturns.returnOrderId, original.id),
    columns: { id: true },
  });
  if (isReturn) {
    throw refusal('return_of_return', 'This parcel is itself a return: it cannot be returned again');
  }
  const delivered = await deliveredAt(db, original.id);
  const problem = returnProblem({ ...original, deliveredAt: delivered }, policy, deps.now());
  if (problem) throw refusal(problem.code, problem.message);
  if (!policy.reasons.includes(reason)) {
    const offered = policy.reasons.map((r) => RETURN_REASON_LABELS[r].toLowerCase()).join('; ');
    throw refusal('return_reason', `Returns of this parcel are taken for: ${offered}`, 'reason');
  }
  await refuseSecondReturn(db, original.id, deps.now());
  return delivered as Date;
}

/**
 * One return per parcel: another is refused while one is booked and not cancelled, except an
 * unpaid one whose price has expired with no payment ever started for it. That one can no longer be
 * paid (the expiry sweep cancels it later), so it does not hold the parcel's return meanwhile; one
 * with a payment started may still be captured in the sweep's grace, so it holds until then.
 */
async function refuseSecondReturn(db: Pick<AppDeps['db'], 'select'>, originalId: string, now: Date) {
  const [open] = await db
    .select({ id: orders.id })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.returnOrderId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orderReturns.originalOrderId, originalId),
        ne(orders.status, 'cancelled'),
        not(
          and(
            eq(orders.status, 'awaiting_payment'),
            lte(orders.priceValidUntil, now),
            isNull(payments.id),
          ) as SQL,
        ),
      ),
    )
    .limit(1);
  if (open) {
    throw AppError.conflict(
      `A return of this parcel is already booked (order ${orderReference(open.id)})`,
      'return_exists',
    );
  }
}

export async function startReturn(deps: AppDeps, body: StartBody, address: string) {
  const { db, rateLimiter } = deps;
  await rateLimiter.check(RETURN_MISS_LIMIT, address);
  await rateLimiter.hit(RETURN_LOOKUP_LIMIT, address);
  const code = normaliseTrackingCode(body.trackingCode);
  const original = code
    ? await db.query.orders.findFirst({ where: eq(orders.trackingCode, code) })
    : undefined;
  if (!original?.paidAt || !samePostcode(original.deliveryAddress.postcode, body.postcode)) {
    await rateLimiter.hit(RETURN_MISS_LIMIT, address);
    throw AppError.notFound(NO_MATCH);
  }
  const policy = await policyInForce(deps, original.partnerId);
  const delivered = await checkReturnable(deps, original, body.reason, policy);
  const view = await new QuotesService(deps).create(reverseQuoteRequest(original));
  const quote = view.dto();
  const expiresAt = new Date(quote.expiresAt);
  return {
    draft: draftToken(deps.config.jwtSecret, {
      orderId: original.id,
      reason: body.reason,
      quoteId: quote.id,
      expiresAt: expiresAt.getTime(),
    }),
    expiresAt: quote.expiresAt,
    reason: body.reason,
    original: {
      reference: orderReference(original.id),
      deliveredAt: delivered.toISOString(),
      courier: original.vendorName,
      from: placeOf(original.deliveryAddress),
      to: placeOf(original.collectionAddress),
    },
    policy,
    windowEndsAt: returnWindowEnd(delivered, policy.windowDays).toISOString(),
    quote,
  };
}

/** Where a partner-paid return's money stands (null when the shopper pays). */
function partnerPaymentOf(row: ReturnRow, status: OrderRow['status'], chargePaid: boolean) {
  if (row.payer !== 'partner') return null;
  if (chargePaid) return 'paid' as const;
  return status === 'cancelled' ? ('not_owed' as const) : ('owed' as const);
}

export function toReturnDto(
  row: ReturnRow,
  returnOrder: Pick<OrderRow, 'status' | 'total' | 'currency'>,
  chargePaid = false,
) {
  return {
    id: row.id,
    originalOrderId: row.originalOrderId,
    originalReference: orderReference(row.originalOrderId),
    returnOrderId: row.returnOrderId,
    returnReference: orderReference(row.returnOrderId),
    reason: row.reason,
    payer: row.payer,
    status: returnOrder.status,
    price: { amount: returnOrder.total, currency: returnOrder.currency },
    partnerPayment: partnerPaymentOf(row, returnOrder.status, chargePaid),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Books a quoted option of a draft as the return order, for the signed-in caller: collected where
 * the original was delivered and delivered where it was collected. The order is written by the
 * orders feature's booking; the link, both timelines, the audit row and `return.created` follow in
 * one transaction, and if that fails the order just made is removed again.
 */
export async function bookReturn(deps: AppDeps, user: AccessClaims, body: BookBody) {
  const { db } = deps;
  const now = deps.now();
  const draft = readDraftToken(deps.config.jwtSecret, body.draft);
  if (!draft) {
    throw AppError.validation([
      { path: 'draft', message: 'This return was not started here: start it again' },
    ]);
  }
  if (draft.expiresAt <= now.getTime()) {
    throw AppError.conflict(
      'The return’s quotes held for 30 minutes and have expired: start it again',
      'quote_expired',
    );
  }
  const original = await db.query.orders.findFirst({ where: eq(orders.id, draft.orderId) });
  if (!original) throw AppError.notFound(NO_MATCH);
  const policy = await policyInForce(deps, original.partnerId);
  await checkReturnable(deps, original, draft.reason, policy);
  const found = await new QuotesService(deps).findOption(body.quoteOptionId);
  if (found?.quote.id !== draft.quoteId) {
    throw AppError.validation([
      { path: 'quoteOptionId', message: 'Choose one of the options quoted for this return' },
    ]);
  }
  const why = RETURN_REASON_LABELS[draft.reason];
  const order = await createOrderFromOption(
    deps,
    user.sub,
    {
      quoteOptionId: body.quoteOptionId,
      collectionAddress: original.deliveryAddress,
      deliveryAddress: original.collectionAddress,
      collectionDate: body.collectionDate,
      contents: original.contents,
      contentValue: original.contentValue,
      coverAmount: 0,
      notes: `Return of order ${orderReference(original.id)}: ${why}`,
    },
    { partnerId: original.partnerId },
  );
  const actor = { id: user.sub, role: 'customer' as const };
  try {
    const row = await db.transaction(
      async (tx) => {
        // Under the write lock: the order just booked is not linked yet, so any open return is another.
        await refuseSecondReturn(tx, original.id, now);
        const [link] = await tx
          .insert(orderReturns)
          .values({
            originalOrderId: original.id,
            returnOrderId: order.id,
            reason: draft.reason,
            payer: policy.payer,
            partnerId: original.partnerId,
            createdAt: now,
          })
          .returning();
        if (!link) throw new Error('order_returns insert returned nothing');
        await recordOrderEvent(tx, original.id, actor, now, {
          from: original.status,
          to: original.status,
          note: why,
          returnLink: 'return_booked',
          linkedOrderId: order.id,
        });
        await recordOrderEvent(tx, order.id, actor, now, {
          from: order.status,
          to: order.status,
          note: why,
          returnLink: 'return_of',
          linkedOrderId: original.id,
        });
        await tx.insert(auditLog).values({
          actorId: user.sub,
          actorEmail: user.email,
          action: 'return.create',
          entityType: 'order',
          entityId: original.id,
          before: null,
          after: { returnOrderId: order.id, reason: draft.reason, payer: policy.payer, total: order.total },
          reason: why,
          createdAt: now,
        });
        const data: ReturnCreatedData = {
          orderId: original.id,
          returnOrderId: order.id,
          reason: draft.reason,
          payer: policy.payer,
        };
        await publish(tx, RETURN_EVENTS.created, data, now);
        // The partner pays: booked at once on its account, the shopper pays nothing.
        if (policy.payer === 'partner') {
          await markOrderPaid(tx, order.id, now, 'Booked on the shop’s account: it pays for this return');
        }
        return link;
      },
      { behavior: 'immediate' },
    );
    const booked = await db.query.orders.findFirst({ where: eq(orders.id, order.id) });
    return toReturnDto(row, booked ?? order);
  } catch (err) {
    await db.delete(orders).where(eq(orders.id, order.id));
    throw err;
  }
}

/** The returns of orders booked through the partner, newest first, a page at a time: what it pays for, and what it costs. */
export async function partnerReturns(
  deps: AppDeps,
  partnerId: string,
  page: { limit: number; cursor?: string | undefined },
) {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = await deps.db
    .select({
      link: orderReturns,
      order: { status: orders.status, total: orders.total, currency: orders.currency },
      chargeStatus: returnCharges.status,
    })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.returnOrderId))
    .leftJoin(returnCharges, eq(returnCharges.id, orderReturns.chargeId))
    .where(and(eq(orderReturns.partnerId, partnerId), olderThan(orderReturns, after)))
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
    .limit(page.limit + 1);
  return {
    items: rows.slice(0, page.limit).map((r) => toReturnDto(r.link, r.order, r.chargeStatus === 'paid')),
    nextCursor: nextCursor(
      rows.map((r) => r.link),
      page.limit,
    ),
  };
}
