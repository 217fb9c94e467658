/**
 * One batch row, checked on its own (docs/batches.md, "The CSV format"): the cells as sent, read
 * into a shipment or answered with every problem by column. Pure: saved senders, quotes and the
 * rule are the preview's (batches.preview.ts).
 */
import type { OrderAddress } from '../../db/schema';
import { UK_NATION_VALUES, type UkNation } from '../../domain/nations';
import { isIsoDate } from '../../domain/uk-days';
import { checkAddress } from '../address-book';
import { MAX_PARCELS, ParcelSchema } from '../quotes';

/** The columns, in the template's order. Every cell is text; blank means "not given". */
export const BATCH_COLUMNS = [
  'reference',
  'sender',
  'sender_name',
  'sender_email',
  'sender_phone',
  'sender_line1',
  'sender_line2',
  'sender_town',
  'sender_county',
  'sender_postcode',
  'recipient_name',
  'recipient_email',
  'recipient_phone',
  'recipient_line1',
  'recipient_line2',
  'recipient_town',
  'recipient_county',
  'recipient_postcode',
  'parcels',
  'weight_kg',
  'length_cm',
  'width_cm',
  'height_cm',
  'contents',
  'value',
  'collection_date',
  'from_nation',
  'to_nation',
  'service',
  'courier',
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];
export type BatchCells = Partial<Record<BatchColumn, string>>;

/** Every row must fill these (the sender may instead be a saved address or the default sender). */
export const REQUIRED_COLUMNS = [
  'recipient_name',
  'recipient_email',
  'recipient_phone',
  'recipient_line1',
  'recipient_town',
  'recipient_postcode',
  'weight_kg',
  'length_cm',
  'width_cm',
  'height_cm',
  'contents',
  'value',
  'collection_date',
] as const satisfies readonly BatchColumn[];

export const SENDER_FIELDS = [
  'name',
  'email',
  'phone',
  'line1',
  'line2',
  'town',
  'county',
  'postcode',
] as const;

export type CellError = { column: BatchColumn; message: string };

/** £10,000: the most a batch row may declare (orders take more, one at a time). */
export const MAX_ROW_VALUE_PENCE = 1_000_000;

export type CheckedRow = {
  reference: string | null;
  /** A saved address's label, when the row names one instead of filling the sender columns. */
  senderLabel: string | null;
  /** Filled in from the columns; null when the sender is a saved address or the default. */
  sender: OrderAddress | null;
  recipient: OrderAddress;
  parcels: { length: number; width: number; height: number; weight: number }[];
  contents: string;
  contentValue: number;
  collectionDate: string;
  fromNation: UkNation | null;
  toNation: UkNation | null;
  service: string | null;
  courier: string | null;
};

/** Cells from any source (CSV text, JSON strings or numbers) as trimmed text; unknown keys are dropped. */
export function toCells(raw: Record<string, unknown>): BatchCells {
  const cells: BatchCells = {};
  for (const column of BATCH_COLUMNS) {
    const value = raw[column];
    if (value === undefined || value === null) continue;
    const text = String(value).trim();
    if (text) cells[column] = text;
  }
  return cells;
}

const NUMBER = /^\d+(\.\d+)?$/;

function addressFrom(cells: BatchCells, prefix: 'sender' | 'recipient', errors: CellError[]) {
  const cell = (field: string) => cells[`${prefix}_${field}` as BatchColumn];
  const checked = checkAddress({
    name: cell('name') ?? '',
    email: cell('email') ?? '',
    phone: cell('phone') ?? '',
    line1: cell('line1') ?? '',
    ...(cell('line2') ? { line2: cell('line2') } : {}),
    town: cell('town') ?? '',
    county: cell('county') ?? '',
    postcode: cell('postcode') ?? '',
    country: 'GB',
  });
  if (checked.ok) return checked.address;
  for (const e of checked.errors) {
    const column = `${prefix}_${e.field}` as BatchColumn;
    errors.push({ column: BATCH_COLUMNS.includes(column) ? column : `${prefix}_line1`, message: e.message });
  }
  return null;
}

function nation(
  cells: BatchCells,
  column: 'from_nation' | 'to_nation',
  errors: CellError[],
): UkNation | null {
  const value = cells[column];
  if (!value) return null;
  const found = UK_NATION_VALUES.find((n) => n.toLowerCase() === value.toLowerCase());
  if (!found) errors.push({ column, message: `Choose one of ${UK_NATION_VALUES.join(', ')}` });
  return found ?? null;
}

/** The row read and checked, or every problem it has by column (in column order). */
export function checkRow(cells: BatchCells): { row: CheckedRow } | { errors: CellError[] } {
  const errors: CellError[] = [];
  for (const column of REQUIRED_COLUMNS) {
    if (!cells[column]) errors.push({ column, message: 'Required' });
  }
  const senderLabel = cells.sender ?? null;
  const senderGiven = SENDER_FIELDS.some((f) => cells[`sender_${f}`]);
  if (senderLabel && senderGiven) {
    errors.push({
      column: 'sender',
      message: 'Name a saved sender or fill the sender columns, not both',
    });
  }
  const sender = !senderLabel && senderGiven ? addressFrom(cells, 'sender', errors) : null;
  // A blank required cell is said once ("Required"), not again by the address check.
  const requiredHere = new Set(errors.map((e) => e.column));
  const recipientErrors: CellError[] = [];
  const recipient = addressFrom(cells, 'recipient', recipientErrors);
  errors.push(...recipientErrors.filter((e) => !requiredHere.has(e.column)));

  const count = cells.parcels ?? '1';
  let parcelCount = 1;
  if (!/^\d+$/.test(count) || Number(count) < 1 || Number(count) > MAX_PARCELS) {
    errors.push({ column: 'parcels', message: `A whole number of parcels from 1 to ${MAX_PARCELS}` });
  } else parcelCount = Number(count);

  const measures = {
    weight_kg: 'weight',
    length_cm: 'length',
    width_cm: 'width',
    height_cm: 'height',
  } as const;
  const parcel: Record<string, number> = {};
  let measuresReadable = true;
  for (const [column, key] of Object.entries(measures) as [keyof typeof measures, string][]) {
    const value = cells[column];
    if (!value) {
      measuresReadable = false;
      continue;
    }
    if (!NUMBER.test(value)) {
      errors.push({ column, message: 'A number, such as 2.5' });
      measuresReadable = false;
    } else parcel[key] = Number(value);
  }
  if (measuresReadable) {
    const parsed = ParcelSchema.safeParse(parcel);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        const column = (Object.keys(measures) as (keyof typeof measures)[]).find((c) => measures[c] === key);
        errors.push({ column: column ?? 'weight_kg', message: issue.message });
      }
    }
  }

  const contents = cells.contents ?? '';
  if (contents.length > 200) errors.push({ column: 'contents', message: 'At most 200 characters' });
  let contentValue = 0;
  if (cells.value) {
    if (!/^\d+(\.\d{1,2})?$/.test(cells.value)) {
      errors.push({ column: 'value', message: 'Pounds and pence, such as 25.00' });
    } else {
      contentValue = Math.round(Number(cells.value) * 100);
      if (contentValue > MAX_ROW_VALUE_PENCE)
        errors.push({ column: 'value', message: 'At most £10,000 a row' });
    }
  }
  const date = cells.collection_date ?? '';
  // Working days and the cut-off are the booking's own rule (collectionDateProblem), checked with the route.
  if (date && !isIsoDate(date)) errors.push({ column: 'collection_date', message: 'A date as YYYY-MM-DD' });
  const fromNation = nation(cells, 'from_nation', errors);
  const toNation = nation(cells, 'to_nation', errors);

  if (errors.length || !recipient) return { errors: inColumnOrder(errors) };
  const p = parcel as CheckedRow['parcels'][number];
  return {
    row: {
      reference: cells.reference ?? null,
      senderLabel,
      sender,
      recipient,
      parcels: Array.from({ length: parcelCount }, () => ({ ...p })),
      contents,
      contentValue,
      collectionDate: date,
      fromNation,
      toNation,
      service: cells.service ?? null,
      courier: cells.courier ?? null,
    },
  };
}

export function inColumnOrder(errors: CellError[]): CellError[] {
  return [...errors].sort((a, b) => BATCH_COLUMNS.indexOf(a.column) - BATCH_COLUMNS.indexOf(b.column));
}
