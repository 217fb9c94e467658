/**
 * Paying for a batch (docs/batches.md, "Paying"): one charge for the rows valid now, one provider
 * order with an item per row, through the payment core like an order's payment. A row changed or
 * dropped while its charge is open voids the charge (batches.service), and a payment for a void
 * charge that arrives anyway is refunded.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { batchCharges, type batches, batchRows } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { captureFor, findPayment, startPayment } from '../payments';
import { QuotesService } from '../quotes';
import type { BatchCells } from './batch-row';
import { bookPaidRows } from './batches.booking';
import { chargeReference, voidOpenCharge } from './batches.charges';
import type { BatchesService, BatchOwner } from './batches.service';

type Batch = typeof batches.$inferSelect;
type Charge = typeof batchCharges.$inferSelect;

/** The row as the buyer reads it on the provider's page: its reference (or position) and route. */
function itemName(row: typeof batchRows.$inferSelect): string {
  const cells = row.input as BatchCells;
  const what = cells.reference ? cells.reference : `Row ${row.position}`;
  return `${what}: ${row.choice?.serviceName ?? 'shipment'} to ${cells.recipient_postcode ?? ''}`.slice(
    0,
    127,
  );
}

/** The charge opened last: in the making, paid, or void (a row changed since). */
export async function currentCharge(deps: AppDeps, batchId: string): Promise<Charge | undefined> {
  return deps.db.query.batchCharges.findFirst({
    where: eq(batchCharges.batchId, batchId),
    orderBy: [desc(batchCharges.createdAt), desc(batchCharges.id)],
  });
}

/**
 * The open charge for the rows valid now, made once: asking again answers the same charge while
 * its prices hold and no row changed. Rows whose quote expired are priced again first.
 */
async function openCharge(deps: AppDeps, service: BatchesService, owner: BatchOwner, batch: Batch) {
  const now = deps.now();
  const open = await deps.db.query.batchCharges.findFirst({
    where: and(eq(batchCharges.batchId, batch.id), eq(batchCharges.status, 'open')),
  });
  if (open && open.priceValidUntil.getTime() > now.getTime()) return open;
  if (open) {
    await deps.db.transaction((tx) => voidOpenCharge(tx, batch.id, now), { behavior: 'immediate' });
  }

  const quotes = new QuotesService(deps);
  let rows = await validRows(deps, batch.id);
  let until = Number.POSITIVE_INFINITY;
  const stale: typeof rows = [];
  for (const row of rows) {
    const found = row.quoteOptionId ? await quotes.findOption(row.quoteOptionId) : null;
    const expires = found?.quote.expiresAt.getTime() ?? 0;
    // A price about to lapse is priced again rather than paid and refused at booking.
    if (expires - now.getTime() < 60_000) stale.push(row);
    else until = Math.min(until, expires);
  }
  if (stale.length) {
    await service.reprice(owner, batch, stale);
    return openCharge(deps, service, owner, batch);
  }
  if (rows.length === 0) {
    throw AppError.conflict(
      'No row of this batch is ready to pay: fix the invalid rows first',
      'nothing_to_pay',
    );
  }
  rows = rows.filter((r) => r.amount !== null && r.choice !== null);
  const amount = rows.reduce((sum, r) => sum + (r.amount ?? 0), 0);
  return deps.db.transaction(
    async (tx) => {
      // Another request opened one meanwhile: that one.
      const other = await tx.query.batchCharges.findFirst({
        where: and(eq(batchCharges.batchId, batch.id), eq(batchCharges.status, 'open')),
      });
      if (other) return other;
      const [charge] = await tx
        .insert(batchCharges)
        .values({
          batchId: batch.id,
          amount,
          currency: 'GBP',
          rowCount: rows.length,
          priceValidUntil: new Date(until),
          createdAt: now,
        })
        .returning();
      if (!charge) throw new Error('batch charge was not written');
      for (const row of rows) {
        const [taken] = await tx
          .update(batchRows)
          .set({ chargeId: charge.id, updatedAt: now })
          .where(
            and(
              eq(batchRows.id, row.id),
              eq(batchRows.status, 'valid'),
              eq(batchRows.updatedAt, row.updatedAt),
            ),
          )
          .returning({ id: batchRows.id });
        // Changed since it was read: the charge would not match the rows; the caller asks again.
        if (!taken) {
          throw AppError.conflict('A row of this batch changed meanwhile; please try again', 'batch_changed');
        }
      }
      return charge;
    },
    { behavior: 'immediate' },
  );
}

function validRows(deps: AppDeps, batchId: string) {
  return deps.db.query.batchRows.findMany({
    where: and(eq(batchRows.batchId, batchId), eq(batchRows.status, 'valid')),
    orderBy: asc(batchRows.position),
  });
}

export async function startBatchPayment(
  deps: AppDeps,
  service: BatchesService,
  owner: BatchOwner,
  batch: Batch,
  origin = deps.config.publicUrl,
) {
  const charge = await openCharge(deps, service, owner, batch);
  const rows = await deps.db.query.batchRows.findMany({
    where: eq(batchRows.chargeId, charge.id),
    orderBy: asc(batchRows.position),
  });
  const query = `batch=${encodeURIComponent(batch.id)}`;
  return startPayment(
    deps,
    { kind: 'batch', id: charge.id },
    {
      amount: charge.amount,
      currency: charge.currency,
      description: `Consign batch ${chargeReference(batch.id)}: ${rows.length} shipment${rows.length === 1 ? '' : 's'}`,
      returnUrl: `${origin}/batches/${encodeURIComponent(batch.id)}?${query}&approved=1`,
      cancelUrl: `${origin}/batches/${encodeURIComponent(batch.id)}?${query}&cancelled=1`,
      items: rows.map((row) => ({
        name: itemName(row),
        unitAmount: row.amount ?? 0,
        quantity: 1,
        sku: row.id,
      })),
    },
    origin,
  );
}

/**
 * Takes the approved payment of the batch's charge, then books every paid row (each once,
 * however often this is asked). 'pending': the provider holds the capture for review.
 */
export async function captureBatchPayment(deps: AppDeps, batch: Batch): Promise<'captured' | 'pending'> {
  const charge = await currentCharge(deps, batch.id);
  if (!charge) {
    throw AppError.conflict(
      'Start the payment first: no payment exists for this batch',
      'payment_not_started',
    );
  }
  const state = await captureFor(deps, {
    subject: { kind: 'batch', id: charge.id },
    noun: 'batch',
    settled: ['captured', 'refunded'],
    assertPayable: () => {
      if (charge.status !== 'open' && charge.status !== 'paid') {
        throw AppError.conflict(
          'A row changed after the payment started, so it was cancelled; start the payment again',
          'charge_void',
        );
      }
    },
  });
  // Whatever an earlier request left undone (a crash after the capture) is finished here.
  if (state === 'captured' && (await findPayment(deps.db, { kind: 'batch', id: charge.id }))) {
    await bookPaidRows(deps, charge.id);
  }
  return state;
}
