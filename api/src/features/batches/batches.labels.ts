/**
 * A batch's labels (docs/batches.md, "Label formats"): one document with every label of the
 * orders the batch made, in row order, drawn by the orders feature's own label document.
 */
import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type LabelDocument, type LabelFormat, labelDocument, notPrintable, type OrderRow } from '../orders';
import type { BatchesService, BatchOwner } from './batches.service';

/**
 * The printable orders of the batch in row order. A cancelled order's label is no longer valid,
 * so it is left out; a batch with none to print answers 409 saying why.
 */
export async function batchLabels(
  deps: AppDeps,
  service: BatchesService,
  owner: BatchOwner,
  batchId: string,
  format: LabelFormat,
): Promise<LabelDocument> {
  const batch = await service.batchOf(owner, batchId);
  const ids = await service.orderIdsOf(batch.id);
  const made: OrderRow[] = [];
  // In slices: SQLite caps the variables of one statement.
  for (let at = 0; at < ids.length; at += 200) {
    made.push(
      ...(await deps.db
        .select()
        .from(orders)
        .where(inArray(orders.id, ids.slice(at, at + 200)))),
    );
  }
  const byId = new Map(made.map((o) => [o.id, o]));
  const printable = ids.flatMap((id) => {
    const order = byId.get(id);
    return order && notPrintable(order) === null ? [order] : [];
  });
  if (printable.length === 0) {
    const message = made.length
      ? 'Every order of this batch is cancelled: there is no label to print'
      : 'No row of this batch is booked yet: labels print once its rows are paid and booked';
    throw AppError.conflict(message, 'batch_not_booked');
  }
  return labelDocument(deps, printable, format, `batch-${batch.id.slice(-8)}`);
}
