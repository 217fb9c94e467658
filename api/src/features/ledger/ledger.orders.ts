/**
 * What the books say of one order: its receipt and credit notes (the customer's papers), and
 * what the courier earned on it (price, commission, refunds it bore, net).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { creditNotes, ledgerEntries, orderCommissions, receipts, refunds } from '../../db/schema';
import type { Currency } from '../../domain/currency';

export type OrderBooks = {
  receipt: { number: number; issuedAt: Date } | null;
  creditNotes: { number: number; amount: number; currency: Currency; issuedAt: Date }[];
  earnings: {
    price: number;
    /** Commission charged, less what refunds the courier bore gave back. */
    commission: number;
    /** Refunds the courier bore. */
    refunds: number;
    net: number;
    currency: Currency;
    percentBp: number;
    fixed: number;
  } | null;
};

export async function orderBooks(
  db: Database,
  orderId: string,
  paymentId: string | null,
): Promise<OrderBooks> {
  const [receipt, notes, snapshot, sums] = await Promise.all([
    paymentId ? db.query.receipts.findFirst({ where: eq(receipts.paymentId, paymentId) }) : undefined,
    paymentId
      ? db
          .select({
            number: creditNotes.number,
            amount: creditNotes.amount,
            currency: creditNotes.currency,
            issuedAt: creditNotes.issuedAt,
          })
          .from(creditNotes)
          .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
          .where(eq(refunds.paymentId, paymentId))
          .orderBy(asc(creditNotes.number))
      : [],
    // The order's price's snapshot (a weight adjustment's difference has its own, later).
    db.query.orderCommissions.findFirst({
      where: eq(orderCommissions.orderId, orderId),
      orderBy: asc(orderCommissions.createdAt),
    }),
    db
      .select({ kind: ledgerEntries.kind, amount: sql<number>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.orderId, orderId),
          eq(ledgerEntries.account, 'courier'),
          inArray(ledgerEntries.kind, ['sale', 'commission', 'refund', 'commission_refund']),
        ),
      )
      .groupBy(ledgerEntries.kind),
  ]);
  const of = (kind: string) => Number(sums.find((s) => s.kind === kind)?.amount ?? 0);
  return {
    receipt: receipt ? { number: receipt.number, issuedAt: receipt.issuedAt } : null,
    creditNotes: notes,
    earnings: snapshot
      ? {
          price: of('sale'),
          commission: -(of('commission') + of('commission_refund')),
          refunds: -of('refund'),
          net: of('sale') + of('commission') + of('refund') + of('commission_refund'),
          currency: snapshot.currency,
          percentBp: snapshot.percentBp,
          fixed: snapshot.fixed,
        }
      : null,
  };
}
