/**
 * Charging a partner for the returns it pays for (docs/claims-and-returns.md, "Charging the
 * partner"). A return booked on the partner's account is owed from its booking until a charge
 * holding it is paid (or it is cancelled first). Paying takes one payment for everything owed,
 * one provider order with an item per return, through the payment core like a batch's charge;
 * the capture records each return order in the ledger as a paid order (returns.payment-target).
 */
import { RETURN_PAYMENT_DAYS } from '@consign/shared/returns';
import { and, asc, desc, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Database, Tx } from '../../db/client';
import { orderReturns, orders, receipts, returnCharges } from '../../db/schema';
import { receiptNumberLabel } from '../../domain/finance';
import { AppError } from '../../lib/errors';
import { isoTime } from '../../lib/iso-time';
import { orderReference } from '../orders';
import { captureFor, findPayment, startPayment } from '../payments';

const DAY_MS = 24 * 60 * 60 * 1000;

export const RETURN_CHARGE_EVENTS = { paid: 'return_charge.paid' } as const;
export type ReturnChargePaidData = { chargeId: string; partnerId: string };

type Charge = typeof returnCharges.$inferSelect;

export const chargeReference = (id: string) => `#${id.slice(-8).toUpperCase()}`;

/** Not paid: no charge holds it, or the one that does is open or void. */
const unpaidCharge = or(isNull(orderReturns.chargeId), ne(returnCharges.status, 'paid'));
/** A return the partner owes (rows joined to the return order and its charge, if any). */
const owedBy = (partnerId: string) =>
  and(
    eq(orderReturns.partnerId, partnerId),
    eq(orderReturns.payer, 'partner'),
    ne(orders.status, 'cancelled'),
    unpaidCharge,
  );

/** The partner's owed returns, oldest first, with what each costs and who carries it. */
export async function owedReturns(db: Database | Tx, partnerId: string) {
  return db
    .select({
      link: orderReturns,
      order: {
        id: orders.id,
        status: orders.status,
        total: orders.total,
        currency: orders.currency,
        vendorId: orders.vendorId,
        vendorName: orders.vendorName,
        serviceName: orders.serviceName,
      },
    })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.returnOrderId))
    .leftJoin(returnCharges, eq(returnCharges.id, orderReturns.chargeId))
    .where(owedBy(partnerId))
    .orderBy(asc(orderReturns.createdAt), asc(orderReturns.id));
}

/**
 * Whether the partner has a return unpaid for longer than RETURN_PAYMENT_DAYS: then its shoppers
 * pay for new returns until it pays (the policy in force, returns.policy).
 */
export async function paymentOverdue(db: Database, partnerId: string, now: Date): Promise<boolean> {
  const [late] = await db
    .select({ id: orderReturns.id })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.returnOrderId))
    .leftJoin(returnCharges, eq(returnCharges.id, orderReturns.chargeId))
    .where(
      and(
        owedBy(partnerId),
        lte(orderReturns.createdAt, new Date(now.getTime() - RETURN_PAYMENT_DAYS * DAY_MS)),
      ),
    )
    .limit(1);
  return Boolean(late);
}

/** What the partner owes now: the returns, their total, and by when the oldest is to be paid. */
export async function owedSummary(deps: AppDeps, partnerId: string) {
  const rows = await owedReturns(deps.db, partnerId);
  const oldest = rows[0]?.link.createdAt;
  const dueBy = oldest ? new Date(oldest.getTime() + RETURN_PAYMENT_DAYS * DAY_MS) : null;
  return {
    count: rows.length,
    total: { amount: rows.reduce((sum, r) => sum + r.order.total, 0), currency: 'GBP' as const },
    dueBy: dueBy ? isoTime(dueBy) : null,
    overdue: dueBy !== null && dueBy.getTime() <= deps.now().getTime(),
    items: rows.map((r) => ({
      returnOrderId: r.link.returnOrderId,
      returnReference: orderReference(r.link.returnOrderId),
      originalReference: orderReference(r.link.originalOrderId),
      reason: r.link.reason,
      status: r.order.status,
      courier: r.order.vendorName,
      price: { amount: r.order.total, currency: r.order.currency },
      createdAt: isoTime(r.link.createdAt),
    })),
  };
}

/**
 * The open charge for exactly the returns owed now, made once: asked again while nothing changed,
 * the same charge (and so the same provider order). A return booked or cancelled since voids the
 * open charge and a new one is made; a payment that arrives for a void charge goes back.
 */
async function openCharge(deps: AppDeps, partnerId: string): Promise<Charge> {
  const now = deps.now();
  return deps.db.transaction(
    async (tx) => {
      const owed = await owedReturns(tx, partnerId);
      if (owed.length === 0) {
        throw AppError.conflict('Nothing to pay: no return is owed', 'nothing_owed');
      }
      const open = await tx.query.returnCharges.findFirst({
        where: and(eq(returnCharges.partnerId, partnerId), eq(returnCharges.status, 'open')),
      });
      if (open) {
        const same = open.returnCount === owed.length && owed.every((r) => r.link.chargeId === open.id);
        if (same) return open;
        await tx.update(returnCharges).set({ status: 'void' }).where(eq(returnCharges.id, open.id));
      }
      const [charge] = await tx
        .insert(returnCharges)
        .values({
          partnerId,
          amount: owed.reduce((sum, r) => sum + r.order.total, 0),
          currency: 'GBP',
          returnCount: owed.length,
          createdAt: now,
        })
        .returning();
      if (!charge) throw new Error('return charge was not written');
      await tx
        .update(orderReturns)
        .set({ chargeId: charge.id })
        .where(
          inArray(
            orderReturns.id,
            owed.map((r) => r.link.id),
          ),
        );
      return charge;
    },
    { behavior: 'immediate' },
  );
}

/** The charge's returns, oldest first, with their orders. */
export async function chargeReturns(db: Database | Tx, chargeId: string) {
  return db
    .select({ link: orderReturns, order: orders })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.returnOrderId))
    .where(eq(orderReturns.chargeId, chargeId))
    .orderBy(asc(orderReturns.createdAt), asc(orderReturns.id));
}

/** One payment for every return owed: the provider order to approve (TEST MODE or PayPal). */
export async function startReturnsPayment(deps: AppDeps, partnerId: string, origin = deps.config.publicUrl) {
  const charge = await openCharge(deps, partnerId);
  const rows = await chargeReturns(deps.db, charge.id);
  const back = `${origin}/partner?returns=${encodeURIComponent(charge.id)}`;
  return startPayment(
    deps,
    { kind: 'return_charge', id: charge.id },
    {
      amount: charge.amount,
      currency: charge.currency,
      description: `Consign returns ${chargeReference(charge.id)}: ${rows.length} return${rows.length === 1 ? '' : 's'}`,
      returnUrl: `${back}&approved=1#returns`,
      cancelUrl: `${back}&cancelled=1#returns`,
      items: rows.map((r) => ({
        name: `Return ${orderReference(r.order.id)} of ${orderReference(r.link.originalOrderId)}: ${r.order.serviceName} by ${r.order.vendorName}`.slice(
          0,
          127,
        ),
        unitAmount: r.order.total,
        quantity: 1,
        sku: r.order.id,
      })),
    },
    origin,
  );
}

/** The partner's latest charge: the one being paid, or paid last. */
async function latestCharge(deps: AppDeps, partnerId: string): Promise<Charge | undefined> {
  return deps.db.query.returnCharges.findFirst({
    where: eq(returnCharges.partnerId, partnerId),
    orderBy: [desc(returnCharges.createdAt), desc(returnCharges.id)],
  });
}

/** One of the partner's charges; another partner's (or none) is a 404. */
export async function partnerCharge(deps: AppDeps, partnerId: string, id: string): Promise<Charge> {
  const charge = await deps.db.query.returnCharges.findFirst({
    where: and(eq(returnCharges.id, id), eq(returnCharges.partnerId, partnerId)),
  });
  if (!charge) throw AppError.notFound('No payment of returns with this id');
  return charge;
}

/** A charge as the partner reads it: what it paid for, and its receipt once paid. */
export async function chargeDto(deps: AppDeps, charge: Charge) {
  const [rows, payment] = await Promise.all([
    chargeReturns(deps.db, charge.id),
    findPayment(deps.db, { kind: 'return_charge', id: charge.id }),
  ]);
  const receipt = payment
    ? await deps.db.query.receipts.findFirst({ where: eq(receipts.paymentId, payment.id) })
    : undefined;
  return {
    id: charge.id,
    reference: chargeReference(charge.id),
    status: charge.status,
    amount: { amount: charge.amount, currency: charge.currency },
    returnCount: charge.returnCount,
    returnReferences: rows.map((r) => orderReference(r.order.id)),
    paidAt: charge.paidAt ? isoTime(charge.paidAt) : null,
    receiptNumber: receipt ? receiptNumberLabel(receipt.number) : null,
  };
}

/**
 * Takes the approved payment of the partner's latest charge, once however often or
 * simultaneously asked. 'pending': the provider holds the capture for review.
 */
export async function captureReturnsPayment(deps: AppDeps, partnerId: string) {
  const charge = await latestCharge(deps, partnerId);
  if (!charge) {
    throw AppError.conflict('Start the payment first: no payment of returns exists', 'payment_not_started');
  }
  const state = await captureFor(deps, {
    subject: { kind: 'return_charge', id: charge.id },
    noun: 'payment of returns',
    settled: ['captured', 'refunded'],
    assertPayable: () => {
      if (charge.status === 'void') {
        throw AppError.conflict(
          'The returns owed changed after the payment started, so it was cancelled; start the payment again',
          'charge_void',
        );
      }
    },
  });
  const current = await deps.db.query.returnCharges.findFirst({ where: eq(returnCharges.id, charge.id) });
  return { state, charge: await chargeDto(deps, current ?? charge) };
}
