/**
 * Bulk updates from a CSV file (the vendor dashboard's upload): one row per change, with the
 * columns Order ID, Status or event, Tracking number, Note, Date, and optionally Driver, Window
 * from and Window to (an out-for-delivery row's driver and time window). The preview checks every row
 * against the orders as they are (and as the rows before it in the file would leave them) and
 * changes nothing; applying checks again and writes each valid row in its own transaction
 * through the same commands as the order drawer (changeOrder) and the tracking-event writer, so
 * a bad row never stops the good ones and nothing is half-written. The result is also a CSV: the
 * rows as uploaded with each one's outcome.
 */
import { type DeliveryRound, deliveryRoundProblem } from '@consign/shared/tracking';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { type OrderStatus, orders, type TrackingEventKind } from '../../db/schema';
import { ORDER_STATUS_FACTS, orderStatusesWhere, statusInProse } from '../../domain/statuses';
import { isIsoDate, ukToday } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import {
  changeOrder,
  checkTransition,
  type OrderRow,
  orderReference,
  statusLabel,
  trackingEventProblem,
  writeTrackingEvent,
} from '../orders';
import { vendorOf } from '../vendors';
import { neutraliseFormula } from './vendor-orders.csv';
import { TRACKING_NUMBER_INPUT, TRACKING_NUMBER_MESSAGE } from './vendor-orders.schemas';
import { vendorEdits } from './vendor-orders.service';

export const BULK_COLUMNS = ['Order ID', 'Status or event', 'Tracking number', 'Note', 'Date'] as const;
/** Columns a file may leave out: most rows are not out for delivery, and older files lack them. */
export const OPTIONAL_BULK_COLUMNS = ['Driver', 'Window from', 'Window to'] as const;
const ALL_COLUMNS = [...BULK_COLUMNS, ...OPTIONAL_BULK_COLUMNS] as const;
type BulkColumn = (typeof ALL_COLUMNS)[number];
/** The column of each field the driver-and-window check names. */
const ROUND_COLUMNS: Record<keyof DeliveryRound, BulkColumn> = {
  driverName: 'Driver',
  windowFrom: 'Window from',
  windowTo: 'Window to',
};
/** A day's round for a busy courier; a bigger file is split, so one mistake costs little. */
export const MAX_BULK_ROWS = 1000;

/** The statuses a courier may set, by their codes and the other spellings the table accepts. */
const COURIER_STATUSES = orderStatusesWhere((s) => s.courierSets);
const STATUS_WORDS: Record<string, OrderStatus> = Object.fromEntries(
  COURIER_STATUSES.flatMap((status) =>
    [status, ...ORDER_STATUS_FACTS[status].csvWords].map((w) => [word(w), status]),
  ),
);
const EVENT_WORDS: Record<string, TrackingEventKind> = {
  out_for_delivery: 'out_for_delivery',
  delivery_attempted: 'delivery_attempted',
  attempted: 'delivery_attempted',
  delayed: 'delayed',
  exception: 'exception',
};

export type BulkAction =
  | { type: 'status'; status: OrderStatus }
  | { type: 'event'; kind: TrackingEventKind }
  | { type: 'tracking' };

export type BulkProblem = { field: BulkColumn; message: string };

export type BulkRow = {
  /** The line in the file (the header is line 1). */
  line: number;
  reference: string;
  orderId: string | null;
  action: BulkAction | null;
  trackingNumber: string | null;
  note: string | null;
  /** YYYY-MM-DD: the new expected delivery date of a `delayed` row. */
  date: string | null;
  /** An out-for-delivery row's driver and window, each null when not given. */
  round: DeliveryRound;
  problems: BulkProblem[];
};

type Cells = Record<BulkColumn, string>;

/** '2026-05-01', '01-05-2026' (the dashboard's export) or '01/05/2026' -> '2026-05-01', else null. */
export function bulkDate(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const uk = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value);
  const date = iso ? value : uk ? `${uk[3]}-${uk[2]}-${uk[1]}` : null;
  return date && isIsoDate(date) ? date : null;
}

/** A header's name as the file may write it: any case, `window_from` as well as `Window from`. */
const columnName = (value: string) => value.trim().toLowerCase().replace(/_/g, ' ');

function word(value: string) {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

type BulkFile = {
  /** The columns the file has: the required ones, then the optional ones its header names. */
  columns: BulkColumn[];
  rows: { line: number; cells: Cells }[];
};

/** The file's rows, or 422 naming what is wrong with the file as a whole. */
export function parseBulkCsv(text: string): BulkFile {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    throw AppError.validation([
      { path: 'text', message: `The file is not readable CSV: ${(err as Error).message}` },
    ]);
  }
  const [header, ...rows] = records;
  const names = (header ?? []).map(columnName);
  const missing = BULK_COLUMNS.filter((c) => !names.includes(columnName(c)));
  if (!header || missing.length) {
    throw AppError.validation([
      {
        path: 'text',
        message: `The first line must name the columns ${BULK_COLUMNS.join(', ')}; missing: ${missing.join(', ')}`,
      },
    ]);
  }
  if (rows.length === 0)
    throw AppError.validation([{ path: 'text', message: 'The file has no rows under its header' }]);
  if (rows.length > MAX_BULK_ROWS) {
    throw AppError.validation([
      { path: 'text', message: `At most ${MAX_BULK_ROWS} rows a file; this one has ${rows.length}` },
    ]);
  }
  return {
    columns: ALL_COLUMNS.filter((c) => names.includes(columnName(c))),
    rows: rows.map((row, i) => {
      const cells = Object.fromEntries(
        ALL_COLUMNS.map((c) => [c, row[names.indexOf(columnName(c))]?.trim() ?? '']),
      ) as Cells;
      return { line: i + 2, cells };
    }),
  };
}

/** What a row asks for, with the problems a row has on its own (before any order is read). */
function readRow(line: number, cells: Cells): BulkRow {
  const problems: BulkProblem[] = [];
  const reference = cells['Order ID'];
  if (!reference) problems.push({ field: 'Order ID', message: 'Order ID is required' });
  const what = word(cells['Status or event']);
  let action: BulkAction | null = null;
  if (STATUS_WORDS[what]) action = { type: 'status', status: STATUS_WORDS[what] };
  else if (EVENT_WORDS[what]) action = { type: 'event', kind: EVENT_WORDS[what] };
  else if (what) {
    problems.push({
      field: 'Status or event',
      message: `“${cells['Status or event']}” is not a status (${COURIER_STATUSES.map(statusInProse).join(', ')}) or an event (out for delivery, delivery attempted, delayed, exception)`,
    });
  }
  const trackingNumber = cells['Tracking number'] || null;
  if (trackingNumber && !TRACKING_NUMBER_INPUT.test(trackingNumber)) {
    problems.push({ field: 'Tracking number', message: TRACKING_NUMBER_MESSAGE });
  }
  if (!action && !what && trackingNumber) action = { type: 'tracking' };
  if (!action && !what && !trackingNumber && reference) {
    problems.push({
      field: 'Status or event',
      message: 'Nothing to do: give a status, an event or a tracking number',
    });
  }
  const note = cells.Note || null;
  if (note && note.length > 500)
    problems.push({ field: 'Note', message: 'Note must be at most 500 characters' });
  let date: string | null = null;
  if (cells.Date) {
    date = bulkDate(cells.Date);
    if (!date) {
      problems.push({
        field: 'Date',
        message: `“${cells.Date}” is not a date such as 2026-05-01 or 01-05-2026`,
      });
    } else if (!(action?.type === 'event' && action.kind === 'delayed')) {
      problems.push({
        field: 'Date',
        message: 'A date is used only with delayed: the new expected delivery date',
      });
    }
  }
  const round: DeliveryRound = {
    driverName: cells.Driver || null,
    windowFrom: cells['Window from'] || null,
    windowTo: cells['Window to'] || null,
  };
  // The single form's check: a driver or window only with out for delivery, HH:MM, from before to.
  const roundProblem = deliveryRoundProblem(action?.type === 'event' ? action.kind : null, round);
  if (roundProblem) problems.push({ field: ROUND_COLUMNS[roundProblem.path], message: roundProblem.message });
  return { line, reference, orderId: null, action, trackingNumber, note, date, round, problems };
}

const REFERENCE = /^#?([0-9a-f]{8})$/i;
const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNKNOWN_ORDER = 'Unknown order: no paid order of yours has this reference';

type OrderState = Pick<OrderRow, 'id' | 'vendorId' | 'status' | 'paidAt' | 'trackingNumber'>;

/**
 * The courier's own paid orders a reference ('#a1b2c3d4', 'a1b2c3d4' or a whole id) names. Nobody
 * else's are looked up, so a row never tells whether a reference is another courier's.
 */
async function ownOrdersNamed(deps: AppDeps, vendorId: string, reference: string): Promise<OrderState[]> {
  const columns = { id: true, vendorId: true, status: true, paidAt: true, trackingNumber: true } as const;
  const own = and(eq(orders.vendorId, vendorId), isNotNull(orders.paidAt));
  if (FULL_ID.test(reference)) {
    const row = await deps.db.query.orders.findFirst({
      where: and(own, eq(orders.id, reference.toLowerCase())),
      columns,
    });
    return row ? [row] : [];
  }
  const ref = REFERENCE.exec(reference)?.[1]?.toLowerCase();
  if (!ref) return [];
  return deps.db.query.orders.findMany({
    where: and(own, sql`substr(${orders.id}, -8) = ${ref}`),
    columns,
    limit: 5,
  });
}

/**
 * Checks every row against the orders, in file order: a row sees the statuses the rows before it
 * would leave, so "confirmed" then "in transit" for one order previews as it will apply.
 */
export async function checkBulkRows(deps: AppDeps, vendorId: string, file: BulkFile): Promise<BulkRow[]> {
  const now = deps.now();
  const state = new Map<string, OrderState>();
  const numbers = new Map<string, string>();
  const rows: BulkRow[] = [];
  for (const { line, cells } of file.rows) {
    const row = readRow(line, cells);
    rows.push(row);
    if (!row.reference) continue;
    const mine = await ownOrdersNamed(deps, vendorId, row.reference);
    if (mine.length > 1) {
      row.problems.unshift({
        field: 'Order ID',
        message: 'Two of your orders end in this reference: use the full order ID',
      });
      continue;
    }
    const found = mine[0];
    if (!found) {
      // One message for a reference nobody has and another courier's: neither is the courier's to know.
      row.problems.unshift({ field: 'Order ID', message: UNKNOWN_ORDER });
      continue;
    }
    row.orderId = found.id;
    const order = state.get(found.id) ?? found;
    if (row.problems.length || !row.action) continue;
    if (row.trackingNumber && row.trackingNumber !== order.trackingNumber) {
      const claimedHere = numbers.get(row.trackingNumber);
      const taken =
        (claimedHere && claimedHere !== order.id) ||
        (await deps.db.query.orders.findFirst({
          where: and(eq(orders.trackingNumber, row.trackingNumber), ne(orders.id, order.id)),
          columns: { id: true },
        }));
      if (taken) {
        row.problems.push({
          field: 'Tracking number',
          message: 'This tracking number is already used by another order',
        });
      }
    }
    if (row.action.type === 'status') {
      const check = checkTransition({
        from: order.status,
        to: row.action.status,
        actor: 'vendor',
        paidAt: order.paidAt,
        now,
      });
      if (!check.ok)
        row.problems.push({ field: 'Status or event', message: `Not allowed: ${check.message}` });
    } else if (row.action.type === 'event') {
      const problem = trackingEventProblem(
        order,
        { kind: row.action.kind, note: row.note, expectedDelivery: row.date, ...row.round },
        now,
      );
      if (problem) {
        const field =
          problem.path === 'note'
            ? 'Note'
            : problem.path === 'expectedDelivery'
              ? 'Date'
              : (ROUND_COLUMNS[problem.path as keyof DeliveryRound] ?? 'Status or event');
        row.problems.push({ field, message: problem.message });
      }
    }
    if (row.problems.length) continue;
    // The row would apply: the rows after it see the order as it would leave it.
    const next = { ...order };
    if (row.action.type === 'status') next.status = row.action.status;
    if (row.trackingNumber) {
      next.trackingNumber = row.trackingNumber;
      numbers.set(row.trackingNumber, order.id);
    }
    state.set(order.id, next);
  }
  return rows;
}

export type BulkOutcome = BulkRow & { applied: boolean; result: string };

function describeAction(row: BulkRow): string {
  if (!row.action) return '';
  if (row.action.type === 'status') return `Marked ${statusLabel(row.action.status)}`;
  if (row.action.type === 'event') return `Added “${row.action.kind.replace(/_/g, ' ')}”`;
  return 'Tracking number set';
}

/** The rows as uploaded (the file's own columns, so an older file comes back as it went) and each outcome. */
export function bulkResultCsv(rows: readonly BulkOutcome[], file: BulkFile): string {
  const records = rows.map((row, i) =>
    [
      ...file.columns.map((c) => file.rows[i]?.cells[c] ?? ''),
      row.applied ? 'applied' : 'not applied',
      row.result,
    ].map(neutraliseFormula),
  );
  return stringify(records, {
    header: true,
    columns: [...file.columns, 'Result', 'Message'],
    bom: true,
    record_delimiter: 'windows',
  });
}

export class VendorOrdersBulkService {
  constructor(private readonly deps: AppDeps) {}

  async preview(ownerId: string, text: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    const rows = await checkBulkRows(this.deps, vendor.id, parseBulkCsv(text));
    return summary(
      rows.map((row) => ({ ...row, applied: false, result: row.problems.length ? messageOf(row) : 'Ready' })),
    );
  }

  /**
   * Checks the file again (orders may have moved since the preview) and applies each valid row in
   * its own immediate transaction; a row refused at that moment is reported, the others still apply.
   */
  async apply(ownerId: string, text: string) {
    const { deps } = this;
    const vendor = await vendorOf(deps, ownerId);
    const file = parseBulkCsv(text);
    const rows = await checkBulkRows(deps, vendor.id, file);
    const actor = { id: ownerId, role: 'vendor' as const };
    const outcomes: BulkOutcome[] = [];
    for (const row of rows) {
      if (row.problems.length || !row.orderId || !row.action) {
        outcomes.push({ ...row, applied: false, result: messageOf(row) });
        continue;
      }
      const action = row.action;
      try {
        await changeOrder(deps, {
          orderId: row.orderId,
          actor,
          to: action.type === 'status' ? action.status : undefined,
          // A status row's note is its timeline note; an event's note goes with the event.
          ...(action.type === 'status' && row.note ? { note: row.note } : {}),
          where: and(eq(orders.vendorId, vendor.id), isNotNull(orders.paidAt)),
          edit: (tx, order, now) =>
            row.trackingNumber
              ? vendorEdits(tx, order, { trackingNumber: row.trackingNumber }, now)
              : noEdits(),
          alongside:
            action.type === 'event'
              ? async (tx, _before, after, now) => {
                  const event = {
                    kind: action.kind,
                    note: row.note,
                    expectedDelivery: row.date,
                    ...row.round,
                  };
                  const problem = trackingEventProblem(after, event, now);
                  if (problem) throw AppError.conflict(problem.message, problem.code);
                  await writeTrackingEvent(tx, after, event, actor, now);
                }
              : undefined,
        });
        outcomes.push({ ...row, applied: true, result: describeAction(row) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        outcomes.push({ ...row, applied: false, result: `Not applied: ${err.message}` });
      }
    }
    deps.logger.info(
      { vendorId: vendor.id, rows: outcomes.length, applied: outcomes.filter((o) => o.applied).length },
      'vendor bulk update applied',
    );
    return {
      ...summary(outcomes),
      resultFileName: `order-updates-${ukToday(deps.now())}-result.csv`,
      resultCsv: bulkResultCsv(outcomes, file),
    };
  }
}

const noEdits = async () => ({ set: {}, notes: [] as string[] });

const messageOf = (row: BulkRow) => row.problems.map((p) => `${p.field}: ${p.message}`).join('; ');

function summary(rows: BulkOutcome[]) {
  return {
    rows: rows.map((row) => ({
      line: row.line,
      reference: row.reference,
      orderReference: row.orderId ? orderReference(row.orderId) : null,
      action:
        row.action?.type === 'status'
          ? row.action.status
          : row.action?.type === 'event'
            ? row.action.kind
            : row.action
              ? 'tracking_number'
              : null,
      trackingNumber: row.trackingNumber,
      note: row.note,
      date: row.date,
      ...row.round,
      ok: row.problems.length === 0,
      applied: row.applied,
      problems: row.problems,
      result: row.result,
    })),
    valid: rows.filter((r) => r.problems.length === 0).length,
    invalid: rows.filter((r) => r.problems.length > 0).length,
    applied: rows.filter((r) => r.applied).length,
  };
}
