/** Voiding a batch's open charge when its rows change: apart, so the rows' service and the payment both use it. */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { batchCharges, batchRows } from '../../db/schema';

/** A batch as the buyer reads it on a payment or a receipt: `#` and the end of its id. */
export const chargeReference = (batchId: string) => `#${batchId.slice(-8)}`;

/**
 * The batch's open charge can no longer be paid (a row changed, its prices lapsed): its rows are
 * free for the next one, and a payment for it that arrives anyway is refunded. Inside the
 * caller's immediate transaction, with the row's change.
 */
export async function voidOpenCharge(tx: Tx, batchId: string, now: Date) {
  const voided = await tx
    .update(batchCharges)
    .set({ status: 'void' })
    .where(and(eq(batchCharges.batchId, batchId), eq(batchCharges.status, 'open')))
    .returning({ id: batchCharges.id });
  for (const charge of voided) {
    await tx
      .update(batchRows)
      .set({ chargeId: null, updatedAt: now })
      .where(and(eq(batchRows.chargeId, charge.id), eq(batchRows.status, 'valid')));
  }
}
