/**
 * The points' CSV format (docs/dropoff-points.md): one point a row, opening hours one column a
 * weekday. Parsing turns each row into the same body the form sends, so a row is checked by the
 * same schema and rules and its errors name the column.
 */
import { parse } from 'csv-parse/sync';
import { parseClosedDates, parseOpenings, WEEKDAYS } from '../../domain/handover';
import { AppError, type FieldError } from '../../lib/errors';

export const CSV_COLUMNS = [
  'code',
  'name',
  'line1',
  'line2',
  'town',
  'postcode',
  ...WEEKDAYS,
  'closed_dates',
  'max_weight_kg',
  'services',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
const REQUIRED: readonly CsvColumn[] = [
  'code',
  'name',
  'line1',
  'town',
  'postcode',
  'max_weight_kg',
  'services',
];

export const MAX_IMPORT_ROWS = 5000;

export type CsvRow = { line: number; cells: Record<CsvColumn, string> };

/** The file's rows, or 422 naming what is wrong with the file as a whole. */
export function parsePointsCsv(text: string): CsvRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    throw AppError.validation([
      { path: 'text', message: `The file is not readable CSV: ${(err as Error).message}` },
    ]);
  }
  const [header, ...rows] = records;
  const names = (header ?? []).map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const missing = REQUIRED.filter((c) => !names.includes(c));
  if (!header || missing.length) {
    throw AppError.validation([
      { path: 'text', message: `The first line must name the columns; missing: ${missing.join(', ')}` },
    ]);
  }
  if (rows.length === 0)
    throw AppError.validation([{ path: 'text', message: 'The file has no rows under its header' }]);
  if (rows.length > MAX_IMPORT_ROWS) {
    throw AppError.validation([
      { path: 'text', message: `At most ${MAX_IMPORT_ROWS} rows a file; this one has ${rows.length}` },
    ]);
  }
  return rows.map((row, i) => ({
    line: i + 2,
    cells: Object.fromEntries(
      CSV_COLUMNS.map((c) => [c, names.includes(c) ? (row[names.indexOf(c)]?.trim() ?? '') : '']),
    ) as Record<CsvColumn, string>,
  }));
}

/**
 * A row as the form's body, with what cannot be read as such; services are named by id or by
 * name (case ignored) and resolved against the courier's own.
 */
export function rowToBody(
  row: CsvRow,
  services: ReadonlyMap<string, { name: string }>,
): { body: Record<string, unknown>; errors: FieldError[] } {
  const { cells, line } = row;
  const errors: FieldError[] = [];
  const at = (column: CsvColumn) => `rows.${line}.${column}`;
  const openingHours: Record<string, unknown> = {};
  for (const day of WEEKDAYS) {
    const openings = parseOpenings(cells[day]);
    if (openings === null) {
      errors.push({
        path: at(day),
        message: `Line ${line}, ${day}: write openings as 09:00-17:30 (several separated by spaces), or closed`,
      });
    } else {
      openingHours[day] = openings;
    }
  }
  const closedDates = parseClosedDates(cells.closed_dates);
  if (closedDates === null) {
    errors.push({
      path: at('closed_dates'),
      message: `Line ${line}, closed_dates: write dates as 2026-12-25, each with an optional reason, separated by semicolons`,
    });
  }
  const weight = Number(cells.max_weight_kg);
  const byName = new Map([...services].map(([id, s]) => [s.name.trim().toLowerCase(), id]));
  const serviceIds: string[] = [];
  for (const ref of cells.services
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const id = services.has(ref) ? ref : byName.get(ref.toLowerCase());
    if (id) serviceIds.push(id);
    else
      errors.push({
        path: at('services'),
        message: `Line ${line}, services: you have no service called ${ref}`,
      });
  }
  return {
    body: {
      code: cells.code,
      name: cells.name,
      address: {
        line1: cells.line1,
        ...(cells.line2 ? { line2: cells.line2 } : {}),
        town: cells.town,
        postcode: cells.postcode,
      },
      openingHours,
      closedDates: closedDates ?? [],
      maxWeightKg:
        cells.max_weight_kg === '' || Number.isNaN(weight) ? cells.max_weight_kg || undefined : weight,
      serviceIds,
    },
    errors,
  };
}

/** A body field's path as the CSV column it came from ("address.postcode" -> "postcode"). */
export function columnOf(path: string): CsvColumn | null {
  const [head, next] = path.split('.');
  if (head === 'address' && next) return next as CsvColumn;
  if (head === 'openingHours' && next) return next as CsvColumn;
  if (head === 'closedDates') return 'closed_dates';
  if (head === 'maxWeightKg') return 'max_weight_kg';
  if (head === 'serviceIds') return 'services';
  return (CSV_COLUMNS as readonly string[]).includes(head ?? '') ? (head as CsvColumn) : null;
}
