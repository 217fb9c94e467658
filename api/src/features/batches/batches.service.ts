/**
 * Batches (docs/batches.md): up to 500 shipments uploaded together, each row checked, quoted and
 * given an option by the batch's rule; rows are fixed or dropped in the preview. The rows are
 * evaluated before anything is written, then the batch and all its rows are saved in one
 * transaction, so a batch is never half there.
 */
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../context';
import {
  type BatchRowChoice,
  type BatchRowError,
  type BatchRowStatus,
  type BatchRule,
  batches,
  batchRows,
  orders,
  refunds,
} from '../../db/schema';
import type { UkNation } from '../../domain/nations';
import { AppError } from '../../lib/errors';
import { nationOfPostcode } from '../../providers/distance';
import { labelKey } from '../address-book';
import { orderReference, shipmentErrors, trackingUrl } from '../orders';
import { QuotesService } from '../quotes';
import {
  type BatchCells,
  type CellError,
  type CheckedRow,
  checkRow,
  inColumnOrder,
  toCells,
} from './batch-row';
import { chooseOption, type RuleSettings } from './batch-rules';
import { voidOpenCharge } from './batches.charges';
import { type BatchReceiptSummary, batchReceipts } from './batches.receipts';
import { type Senders, sendersFor } from './batches.senders';

export const MAX_BATCH_ROWS = 500;

export type BatchOwner = { userId: string; partnerId: string | null };
export type BatchSettings = RuleSettings & { name: string };
export type IncomingRow = { line: number | null; cells: Record<string, unknown> };

type Evaluated = {
  status: Extract<BatchRowStatus, 'valid' | 'invalid'>;
  errors: BatchRowError[];
  choice: BatchRowChoice | null;
  quoteOptionId: string | null;
  amount: number | null;
};

type BatchRow = typeof batchRows.$inferSelect;
type Batch = typeof batches.$inferSelect;

const rowError = (position: number, e: CellError): BatchRowError => ({
  path: `rows.${position}.${e.column}`,
  column: e.column,
  message: e.message,
});

/** Where a booking check's field lands in a row's columns. */
function columnOfPath(path: string, senderByLabel: boolean): CellError['column'] {
  if (path.startsWith('collectionAddress')) {
    return senderByLabel ? 'sender' : (`sender_${path.split('.')[1] ?? 'postcode'}` as CellError['column']);
  }
  if (path.startsWith('deliveryAddress'))
    return `recipient_${path.split('.')[1] ?? 'postcode'}` as CellError['column'];
  if (path === 'collectionDate') return 'collection_date';
  return 'reference';
}

async function evaluate(
  deps: AppDeps,
  owner: BatchOwner,
  settings: RuleSettings,
  senders: Senders,
  position: number,
  cells: BatchCells,
): Promise<Evaluated> {
  const invalid = (errors: CellError[]): Evaluated => ({
    status: 'invalid',
    errors: inColumnOrder(errors).map((e) => rowError(position, e)),
    choice: null,
    quoteOptionId: null,
    amount: null,
  });
  const checked = checkRow(cells);
  if ('errors' in checked) return invalid(checked.errors);
  const row: CheckedRow = checked.row;
  let sender = row.sender;
  if (row.senderLabel) {
    sender = senders.byLabel.get(labelKey(row.senderLabel)) ?? null;
    if (!sender)
      return invalid([{ column: 'sender', message: `No saved address is labelled “${row.senderLabel}”` }]);
  }
  sender ??= senders.fallback;
  if (!sender) {
    return invalid([
      {
        column: 'sender_name',
        message: 'No sender: fill the sender columns, name a saved address, or choose a default sender',
      },
    ]);
  }
  // The route is the row's own nations when it states them, else the postcodes' (each checked below).
  const from = row.fromNation ?? (nationOfPostcode(sender.postcode) as UkNation);
  const to = row.toNation ?? (nationOfPostcode(row.recipient.postcode) as UkNation);
  const errors = shipmentErrors({
    serviceType: 'domestic',
    fixedBy: 'quote',
    destination: 'GB',
    nations: { from, to },
    collection: sender,
    delivery: row.recipient,
    collectionDate: row.collectionDate,
    now: deps.now(),
    customs: undefined,
    items: undefined,
    sameDay: { fromPostcode: undefined, toPostcode: undefined, message: () => '' },
  }).map((e) => ({ column: columnOfPath(e.path, Boolean(row.senderLabel)), message: e.message }));
  if (errors.length) return invalid(errors);

  const quote = await new QuotesService(deps).create(
    { serviceType: 'domestic', from, to, parcels: row.parcels, collectionDate: row.collectionDate },
    { userId: owner.userId, ...(owner.partnerId ? { partnerId: owner.partnerId } : {}) },
  );
  const chosen = chooseOption(quote.dto().options, settings, { service: row.service, courier: row.courier });
  if ('message' in chosen) return invalid([chosen]);
  return {
    status: 'valid',
    errors: [],
    choice: chosen.choice,
    quoteOptionId: chosen.option.id,
    amount: chosen.choice.total,
  };
}

type OrderFacts = Pick<typeof orders.$inferSelect, 'id' | 'status' | 'trackingCode' | 'trackingNumber'>;

function rowDto(row: BatchRow, order: OrderFacts | undefined, publicUrl: string) {
  return {
    id: row.id,
    position: row.position,
    line: row.line,
    status: row.status,
    cells: row.input as BatchCells,
    errors: row.errors,
    choice: row.choice,
    amount: row.amount,
    orderId: row.orderId,
    /** The order the row became: its reference, status and where it is tracked. */
    order: order
      ? {
          id: order.id,
          reference: orderReference(order.id),
          status: order.status,
          trackingCode: order.trackingCode,
          trackingNumber: order.trackingNumber,
          trackingUrl: order.trackingCode ? trackingUrl(publicUrl, order.trackingCode) : null,
        }
      : null,
    failure: row.failure,
  };
}

export type BatchRowDto = ReturnType<typeof rowDto>;

function summary(batch: Batch, rows: readonly BatchRow[]) {
  const counts = { total: rows.length, valid: 0, invalid: 0, dropped: 0, paid: 0, booked: 0, failed: 0 };
  for (const row of rows) counts[row.status] += 1;
  const valid = rows.filter((r) => r.status === 'valid');
  return {
    id: batch.id,
    name: batch.name,
    source: batch.source,
    rule: batch.rule,
    preferredCourier: batch.preferredCourier,
    fallback: batch.fallback,
    createdAt: batch.createdAt.toISOString(),
    counts,
    /** What paying now would cost: the valid rows' totals (GBP: every domestic price is). */
    payable: { amount: valid.reduce((sum, r) => sum + (r.amount ?? 0), 0), currency: 'GBP' as const },
  };
}

function batchDto(
  batch: Batch,
  rows: readonly BatchRow[],
  ordersById: Map<string, OrderFacts>,
  publicUrl: string,
  receipts: BatchReceiptSummary[],
) {
  return {
    ...summary(batch, rows),
    rows: rows.map((r) => rowDto(r, r.orderId ? ordersById.get(r.orderId) : undefined, publicUrl)),
    receipts,
  };
}

export type BatchDto = ReturnType<typeof batchDto>;

export class BatchesService {
  constructor(private readonly deps: AppDeps) {}

  async create(
    owner: BatchOwner,
    settings: BatchSettings,
    source: 'csv' | 'json',
    incoming: readonly IncomingRow[],
  ): Promise<BatchDto> {
    if (incoming.length === 0)
      throw AppError.validation([{ path: 'rows', message: 'The batch has no rows' }]);
    if (incoming.length > MAX_BATCH_ROWS) {
      throw AppError.validation([
        { path: 'rows', message: `At most ${MAX_BATCH_ROWS} rows a batch; this one has ${incoming.length}` },
      ]);
    }
    if (settings.rule === 'preferred' && !settings.preferredCourier) {
      throw AppError.validation([
        { path: 'preferredCourier', message: 'Name the preferred courier for the rule "preferred"' },
      ]);
    }
    const cells = incoming.map((r) => toCells(r.cells));
    const senders = await sendersFor(this.deps, owner.userId, cells);
    const evaluated: Evaluated[] = [];
    for (const [i, c] of cells.entries()) {
      evaluated.push(await evaluate(this.deps, owner, settings, senders, i + 1, c));
    }
    const now = this.deps.now();
    const batchId = uuidv7();
    await this.deps.db.transaction(async (tx) => {
      await tx.insert(batches).values({
        id: batchId,
        ownerId: owner.userId,
        partnerId: owner.partnerId,
        name: settings.name,
        source,
        rule: settings.rule,
        preferredCourier: settings.preferredCourier,
        fallback: settings.fallback,
        createdAt: now,
        updatedAt: now,
      });
      // In slices: SQLite caps the variables of one statement.
      const values = evaluated.map((e, i) => ({
        id: uuidv7(),
        batchId,
        position: i + 1,
        line: incoming[i]?.line ?? null,
        input: cells[i] as Record<string, unknown>,
        ...e,
        createdAt: now,
        updatedAt: now,
      }));
      for (let at = 0; at < values.length; at += 50)
        await tx.insert(batchRows).values(values.slice(at, at + 50));
    });
    return this.get(owner, batchId);
  }

  private async own(owner: BatchOwner, id: string): Promise<Batch> {
    const batch = await this.deps.db.query.batches.findFirst({
      where: and(
        eq(batches.id, id),
        owner.partnerId ? eq(batches.partnerId, owner.partnerId) : eq(batches.ownerId, owner.userId),
      ),
    });
    if (!batch) throw AppError.notFound('Batch not found');
    return batch;
  }

  private rowsOf(batchId: string) {
    return this.deps.db.query.batchRows.findMany({
      where: eq(batchRows.batchId, batchId),
      orderBy: asc(batchRows.position),
    });
  }

  async get(owner: BatchOwner, id: string): Promise<BatchDto> {
    const batch = await this.own(owner, id);
    const rows = await this.rowsOf(batch.id);
    const ids = rows.flatMap((r) => (r.orderId ? [r.orderId] : []));
    const found: OrderFacts[] = [];
    // In slices: SQLite caps the variables of one statement.
    for (let at = 0; at < ids.length; at += 200) {
      found.push(
        ...(await this.deps.db
          .select({
            id: orders.id,
            status: orders.status,
            trackingCode: orders.trackingCode,
            trackingNumber: orders.trackingNumber,
          })
          .from(orders)
          .where(inArray(orders.id, ids.slice(at, at + 200)))),
      );
    }
    return batchDto(
      batch,
      rows,
      new Map(found.map((o) => [o.id, o])),
      this.deps.config.publicUrl,
      await batchReceipts(this.deps, batch.id),
    );
  }

  /** The batch itself, the owner's own (404 otherwise). */
  async batchOf(owner: BatchOwner, id: string): Promise<Batch> {
    return this.own(owner, id);
  }

  /** The ids of the orders the batch's rows became, in row order. */
  async orderIdsOf(batchId: string): Promise<string[]> {
    const rows = await this.deps.db
      .select({ orderId: batchRows.orderId })
      .from(batchRows)
      .where(and(eq(batchRows.batchId, batchId), isNotNull(batchRows.orderId)))
      .orderBy(asc(batchRows.position));
    return rows.map((r) => r.orderId as string);
  }

  async list(owner: BatchOwner) {
    const list = await this.deps.db.query.batches.findMany({
      where: owner.partnerId ? eq(batches.partnerId, owner.partnerId) : eq(batches.ownerId, owner.userId),
      orderBy: [desc(batches.createdAt), desc(batches.id)],
      limit: 100,
    });
    const items = [];
    for (const batch of list) items.push(summary(batch, await this.rowsOf(batch.id)));
    return { items };
  }

  private async ownRow(owner: BatchOwner, batchId: string, rowId: string, allowed = EDITABLE) {
    const batch = await this.own(owner, batchId);
    const row = await this.deps.db.query.batchRows.findFirst({
      where: and(eq(batchRows.batchId, batch.id), eq(batchRows.id, rowId)),
    });
    if (!row) throw AppError.notFound('Row not found');
    if (!allowed.includes(row.status)) throw notEditable(row.status);
    return { batch, row };
  }

  /**
   * Writes a row's change and voids the batch's open charge in one immediate transaction: a
   * charge covers its rows as they were when it opened, so any change makes it unpayable.
   */
  private async changeRow(
    batchId: string,
    row: BatchRow,
    set: Partial<typeof batchRows.$inferInsert>,
    allowed = EDITABLE,
  ) {
    const now = this.deps.now();
    await this.deps.db.transaction(
      async (tx) => {
        const current = await tx.query.batchRows.findFirst({ where: eq(batchRows.id, row.id) });
        if (!current || !allowed.includes(current.status)) throw notEditable(current?.status ?? 'paid');
        await voidOpenCharge(tx, batchId, now);
        await tx
          .update(batchRows)
          .set({ ...set, updatedAt: now })
          .where(eq(batchRows.id, row.id));
      },
      { behavior: 'immediate' },
    );
  }

  /**
   * Changes some of a row's cells (a blank value clears one) and checks and prices it again; a
   * dropped row fixed this way is back in the batch.
   */
  async fixRow(owner: BatchOwner, batchId: string, rowId: string, changes: Record<string, unknown>) {
    const { batch, row } = await this.ownRow(owner, batchId, rowId);
    const cells = toCells({ ...(row.input as Record<string, unknown>), ...changes });
    const senders = await sendersFor(this.deps, owner.userId, [cells]);
    const evaluated = await evaluate(this.deps, owner, batch, senders, row.position, cells);
    await this.changeRow(batch.id, row, {
      input: cells as Record<string, unknown>,
      chargeId: null,
      ...evaluated,
    });
    return this.get(owner, batch.id);
  }

  /** Leaves a row out of the batch's payment; fixing it brings it back. */
  async dropRow(owner: BatchOwner, batchId: string, rowId: string) {
    const { batch, row } = await this.ownRow(owner, batchId, rowId);
    await this.changeRow(batch.id, row, { status: 'dropped', chargeId: null });
    return this.get(owner, batch.id);
  }

  /** Prices rows again as they stand (their quotes lapsed): each ends valid with a fresh option or invalid. */
  async reprice(owner: BatchOwner, batch: Batch, rows: readonly BatchRow[]) {
    const cells = rows.map((r) => r.input as BatchCells);
    const senders = await sendersFor(this.deps, batch.ownerId, cells);
    for (const row of rows) {
      const evaluated = await evaluate(
        this.deps,
        owner,
        batch,
        senders,
        row.position,
        row.input as BatchCells,
      );
      await this.changeRow(batch.id, row, { chargeId: null, ...evaluated }, ['valid']);
    }
  }

  /**
   * A failed row, once its amount went back, is checked and priced again as it stands (valid
   * with a new option, or invalid with what to fix) and is paid with the batch's next charge.
   */
  async retryRow(owner: BatchOwner, batchId: string, rowId: string) {
    const { batch, row } = await this.ownRow(owner, batchId, rowId, ['failed']);
    const refunded = await this.deps.db.query.refunds.findFirst({
      where: and(eq(refunds.orderId, row.id), eq(refunds.status, 'completed')),
    });
    if (!refunded) {
      throw AppError.conflict(
        'This row’s refund is still on its way; retry it once the money is back',
        'refund_in_progress',
      );
    }
    const senders = await sendersFor(this.deps, owner.userId, [row.input as BatchCells]);
    const evaluated = await evaluate(this.deps, owner, batch, senders, row.position, row.input as BatchCells);
    await this.changeRow(batch.id, row, { chargeId: null, failure: null, orderId: null, ...evaluated }, [
      'failed',
    ]);
    return this.get(owner, batch.id);
  }
}

const EDITABLE: readonly BatchRowStatus[] = ['valid', 'invalid', 'dropped'];

function notEditable(status: BatchRowStatus) {
  return status === 'failed'
    ? AppError.conflict('This row could not be booked: retry it instead', 'row_failed')
    : AppError.conflict('This row is paid for: it can no longer be changed', 'row_paid');
}

export type { BatchRule };
