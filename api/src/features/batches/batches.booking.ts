/**
 * A paid charge's rows become orders (docs/batches.md, "Paying"), each exactly once: the row's
 * id is the order's id, so a second booking of a row (a repeated or simultaneous capture, another
 * process) fails on the primary key and finds the order instead. Booking is the single booking's
 * own code (createOrderFromOption, then markOrderPaid as a payment would). A row that cannot be
 * booked (its quote expired, the service withdrawn, its saved sender deleted) ends `failed` with
 * the reason, and its amount goes back to the buyer as a part refund of the charge's payment.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { batchCharges, batches, batchRows, orders, refunds } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { publish } from '../../lib/outbox';
import { createOrderFromOption, markOrderPaid } from '../orders';
import { findPayment, refundInFlight, requestRefund, sendRefund } from '../payments';
import { type BatchCells, checkRow } from './batch-row';
import { resolveSender } from './batches.senders';

type Row = typeof batchRows.$inferSelect;
type Batch = typeof batches.$inferSelect;

/** Outbox events of batches (lib/outbox.ts): partners' `batch.completed` webhook is a subscriber. */
export const BATCH_EVENTS = { completed: 'batch.completed' } as const;

export type BatchCompletedData = {
  batchId: string;
  chargeId: string;
  partnerId: string | null;
  booked: number;
  failed: number;
};

/** Why a row could not be booked, in a sentence for the owner. */
function reasonOf(err: unknown): string {
  if (err instanceof AppError) {
    const fields = err.errors?.map((e) => e.message) ?? [];
    return fields.length ? `${err.message}: ${fields.join('; ')}` : err.message;
  }
  return 'The booking could not be made';
}

async function bookRow(deps: AppDeps, batch: Batch, row: Row): Promise<void> {
  const now = deps.now();
  let error: unknown = null;
  const exists = await deps.db.query.orders.findFirst({
    where: eq(orders.id, row.id),
    columns: { id: true },
  });
  if (!exists) {
    try {
      const checked = checkRow(row.input as BatchCells);
      if ('errors' in checked)
        throw AppError.validation(checked.errors.map((e) => ({ path: e.column, message: e.message })));
      const sender = await resolveSender(deps, batch.ownerId, checked.row);
      if (!sender) throw AppError.conflict('The saved sender of this row no longer exists', 'sender_missing');
      if (!row.quoteOptionId) throw AppError.conflict('This row has no price to book', 'no_price');
      await createOrderFromOption(
        deps,
        batch.ownerId,
        {
          quoteOptionId: row.quoteOptionId,
          collectionAddress: sender,
          deliveryAddress: checked.row.recipient,
          collectionDate: checked.row.collectionDate,
          contents: checked.row.contents,
          contentValue: checked.row.contentValue,
          coverAmount: 0,
          ...(checked.row.reference ? { notes: `Batch row ${checked.row.reference}` } : {}),
        },
        { partnerId: batch.partnerId, id: row.id },
      );
    } catch (err) {
      error = err;
    }
  }
  await deps.db.transaction(
    async (tx) => {
      const current = await tx.query.batchRows.findFirst({ where: eq(batchRows.id, row.id) });
      if (current?.status !== 'paid') return;
      // Another request may have booked it while this one failed: the order decides.
      const order = await tx.query.orders.findFirst({ where: eq(orders.id, row.id), columns: { id: true } });
      if (order) {
        const fate = await markOrderPaid(tx, order.id, now);
        if (fate === 'unfulfillable')
          throw new Error(`batch order ${order.id} was cancelled before it was paid`);
        await tx
          .update(batchRows)
          .set({ status: 'booked', orderId: order.id, failure: null, updatedAt: now })
          .where(and(eq(batchRows.id, row.id), eq(batchRows.status, 'paid')));
        return;
      }
      await tx
        .update(batchRows)
        .set({ status: 'failed', failure: reasonOf(error), updatedAt: now })
        .where(and(eq(batchRows.id, row.id), eq(batchRows.status, 'paid')));
    },
    { behavior: 'immediate' },
  );
  if (error && !(error instanceof AppError))
    deps.logger.error({ err: error, rowId: row.id }, 'batch row booking failed');
}

/** Each failed row's amount back to the buyer, once per row (the refund names the row). */
async function refundFailedRows(deps: AppDeps, chargeId: string): Promise<void> {
  const payment = await findPayment(deps.db, { kind: 'batch', id: chargeId });
  if (payment?.status !== 'captured') return;
  const failed = await deps.db.query.batchRows.findMany({
    where: and(eq(batchRows.chargeId, chargeId), eq(batchRows.status, 'failed')),
    orderBy: asc(batchRows.position),
  });
  for (const row of failed) {
    const inFlight = await refundInFlight(deps.db, payment.id);
    if (inFlight) await sendRefund(deps, inFlight);
    const done = await deps.db.query.refunds.findFirst({
      where: and(eq(refunds.paymentId, payment.id), eq(refunds.orderId, row.id)),
    });
    if (done || !row.amount) continue;
    try {
      await requestRefund(deps, payment, {
        amount: row.amount,
        orderId: row.id,
        reason: `Batch row ${row.position} could not be booked`,
      });
    } catch (err) {
      // Another request is refunding meanwhile; the next capture call or the reconciler finishes.
      deps.logger.warn({ err, rowId: row.id }, 'batch row refund not made now');
    }
  }
}

/**
 * Books every paid row of a charge, refunds the failed ones, and once none is left to book marks
 * the charge complete with its `batch.completed` event (once: a conditional update).
 */
export async function bookPaidRows(deps: AppDeps, chargeId: string): Promise<void> {
  const charge = await deps.db.query.batchCharges.findFirst({ where: eq(batchCharges.id, chargeId) });
  if (charge?.status !== 'paid') return;
  const batch = await deps.db.query.batches.findFirst({ where: eq(batches.id, charge.batchId) });
  if (!batch) return;
  const paid = await deps.db.query.batchRows.findMany({
    where: and(eq(batchRows.chargeId, chargeId), eq(batchRows.status, 'paid')),
    orderBy: asc(batchRows.position),
  });
  for (const row of paid) await bookRow(deps, batch, row);
  await refundFailedRows(deps, chargeId);

  const now = deps.now();
  await deps.db.transaction(
    async (tx) => {
      const rows = await tx.query.batchRows.findMany({ where: eq(batchRows.chargeId, chargeId) });
      if (rows.some((r) => r.status === 'paid')) return;
      const [done] = await tx
        .update(batchCharges)
        .set({ completedAt: now })
        .where(and(eq(batchCharges.id, chargeId), isNull(batchCharges.completedAt)))
        .returning({ id: batchCharges.id });
      if (!done) return;
      const data: BatchCompletedData = {
        batchId: batch.id,
        chargeId,
        partnerId: batch.partnerId,
        booked: rows.filter((r) => r.status === 'booked').length,
        failed: rows.filter((r) => r.status === 'failed').length,
      };
      await publish(tx, BATCH_EVENTS.completed, data, now);
    },
    { behavior: 'immediate' },
  );
}
