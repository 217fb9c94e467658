/**
 * The batch CSV (docs/batches.md, "The CSV format"): the template with one example row, and a file
 * read into rows by its header. Cells are checked row by row later (batch-row.ts), so a file
 * with bad rows still becomes a batch whose preview names each problem.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { addWorkingDays, ukToday } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { headerColumns } from '../address-book';
import { BATCH_COLUMNS, type BatchCells, REQUIRED_COLUMNS } from './batch-row';
import type { IncomingRow } from './batches.service';

/** The upload limit: 500 full rows are about 150 KB, so this leaves room for long addresses. */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;

export function templateCsv(now: Date): string {
  const example: BatchCells = {
    reference: 'ORDER-1001',
    sender: '',
    sender_name: 'Wendy Ware',
    sender_email: 'dispatch@example.com',
    sender_phone: '0113 496 0000',
    sender_line1: 'Unit 4, Canal Wharf',
    sender_town: 'Leeds',
    sender_county: 'West Yorkshire',
    sender_postcode: 'LS1 4AP',
    recipient_name: 'Robin Reader',
    recipient_email: 'robin@example.com',
    recipient_phone: '020 7946 0000',
    recipient_line1: '2 New Street',
    recipient_town: 'London',
    recipient_county: 'Greater London',
    recipient_postcode: 'SW1A 1AA',
    parcels: '1',
    weight_kg: '2.5',
    length_cm: '30',
    width_cm: '20',
    height_cm: '15',
    contents: 'Books',
    value: '25.00',
    collection_date: addWorkingDays(ukToday(now), 1),
  };
  return stringify([BATCH_COLUMNS, BATCH_COLUMNS.map((c) => example[c] ?? '')]);
}

/** The file's rows by their line (the header is line 1), or 422 for a file that is not a batch. */
export function readBatchCsv(text: string): IncomingRow[] {
  if (Buffer.byteLength(text) > MAX_CSV_BYTES) {
    throw new AppError(413, 'A batch file is at most 5 MB', { code: 'payload_too_large' });
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as never;
  } catch (err) {
    throw AppError.validation([
      { path: 'file', message: `The file is not readable CSV: ${(err as Error).message}` },
    ]);
  }
  const [header, ...rows] = records;
  const names = headerColumns(header?.record, BATCH_COLUMNS, REQUIRED_COLUMNS);
  return rows.map(({ record, info }) => ({
    line: info.lines,
    cells: Object.fromEntries(names.map((name, i) => [name, record[i] ?? ''])),
  }));
}

/** The results' columns (docs/batches.md, "Results"). */
export const RESULT_COLUMNS = [
  'position',
  'reference',
  'status',
  'order_reference',
  'tracking_code',
  'tracking_url',
  'price',
  'error',
] as const;

type ResultRow = {
  position: number;
  status: string;
  cells: BatchCells;
  amount: number | null;
  errors: { message: string; column: string | null }[];
  failure: string | null;
  order: { reference: string; trackingCode: string | null; trackingUrl: string | null } | null;
};

/** Every row of a batch as it stands, one line each, in the upload's order. */
export function resultsCsv(rows: readonly ResultRow[]): string {
  return stringify(
    rows.map((r) => [
      r.position,
      r.cells.reference ?? '',
      r.status,
      r.order?.reference ?? '',
      r.order?.trackingCode ?? '',
      r.order?.trackingUrl ?? '',
      r.amount === null ? '' : (r.amount / 100).toFixed(2),
      r.failure ?? r.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; '),
    ]),
    { header: true, columns: [...RESULT_COLUMNS] },
  );
}
