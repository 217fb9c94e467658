/**
 * Batches (docs/batches.md): up to 500 shipments uploaded together, each row checked, quoted and
 * given an option by the batch's rule; rows are fixed or dropped in the preview. The rows are
 * evaluated before anything is written, then the batch and all its rows are saved in one
 * transaction, so a batch is never half there.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../context';
import {
  type BatchRowChoice,
  type BatchRowError,
  type BatchRowStatus,
  type BatchRule,
  batches,
  batchRows,
  type OrderAddress,
} from '../../db/schema';
import type { UkNation } from '../../domain/nations';
import { ukToday } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { nationOfPostcode } from '../../providers/distance';
import { AddressBookService, labelKey } from '../address-book';
import { shipmentErrors } from '../orders';
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

/** Senders the rows may name: the owner's saved addresses by label and the default sender. */
type Senders = { byLabel: Map<string, OrderAddress>; fallback: OrderAddress | null };

async function sendersFor(deps: AppDeps, userId: string, rows: readonly BatchCells[]): Promise<Senders> {
  const book = new AddressBookService(deps);
  const labels = rows.map((r) => r.sender).filter((l): l is string => Boolean(l));
  const [byLabel, fallback] = await Promise.all([book.byLabels(userId, labels), book.defaultSender(userId)]);
  return { byLabel, fallback: fallback?.address ?? null };
}

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
    today: ukToday(deps.now()),
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

function rowDto(row: BatchRow) {
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

function batchDto(batch: Batch, rows: readonly BatchRow[]) {
  return { ...summary(batch, rows), rows: rows.map(rowDto) };
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
    return batchDto(batch, await this.rowsOf(batch.id));
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

  private async ownRow(owner: BatchOwner, batchId: string, rowId: string) {
    const batch = await this.own(owner, batchId);
    const row = await this.deps.db.query.batchRows.findFirst({
      where: and(eq(batchRows.batchId, batch.id), eq(batchRows.id, rowId)),
    });
    if (!row) throw AppError.notFound('Row not found');
    if (!['valid', 'invalid', 'dropped'].includes(row.status)) {
      throw AppError.conflict('This row is paid for: it can no longer be changed', 'row_paid');
    }
    return { batch, row };
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
    await this.deps.db
      .update(batchRows)
      .set({ input: cells as Record<string, unknown>, ...evaluated, updatedAt: this.deps.now() })
      .where(and(eq(batchRows.id, row.id), eq(batchRows.status, row.status)));
    return this.get(owner, batch.id);
  }

  /** Leaves a row out of the batch's payment; fixing it brings it back. */
  async dropRow(owner: BatchOwner, batchId: string, rowId: string) {
    const { batch, row } = await this.ownRow(owner, batchId, rowId);
    await this.deps.db
      .update(batchRows)
      .set({ status: 'dropped', updatedAt: this.deps.now() })
      .where(and(eq(batchRows.id, row.id), eq(batchRows.status, row.status)));
    return this.get(owner, batch.id);
  }
}

export type { BatchRule };
