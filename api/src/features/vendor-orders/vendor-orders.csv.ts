/**
 * The vendor dashboard's CSV export (vendor-and-app spec §7): the filtered rows with the columns
 * Order ID, Date, Recipient, Courier, Status, Price, Currency, named vendor-orders-{date}.csv.
 */
import { stringify } from 'csv-stringify/sync';
import { minorUnitsToDecimal } from '../../domain/money';
import { ukToday } from '../../domain/uk-days';
import { type OrderRow, orderReference } from '../orders';

export const CSV_COLUMNS = [
  'Order ID',
  'Date',
  'Recipient',
  'Courier',
  'Status',
  'Price',
  'Currency',
] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some
 * read past) as a formula: a customer named "=HYPERLINK(…)" must stay text. The OWASP remedy is
 * a leading single quote, which spreadsheets show as text and do not evaluate.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** 'YYYY-MM-DD' -> 'dd-mm-yyyy', as the dashboard shows dates. */
export function dashboardDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}-${m}-${y}`;
}

export function vendorOrdersCsv(rows: readonly OrderRow[]): string {
  const records = rows.map((o) =>
    [
      orderReference(o.id),
      dashboardDate(ukToday(o.createdAt)),
      o.deliveryAddress.name,
      o.serviceName,
      o.status,
      minorUnitsToDecimal(o.total),
      o.currency,
    ].map(neutraliseFormula),
  );
  // A byte-order mark, so that Excel reads the UTF-8 (names with accents, '£' in notes) correctly.
  return stringify(records, {
    header: true,
    columns: [...CSV_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
  });
}

export function vendorOrdersFileName(now: Date): string {
  return `vendor-orders-${ukToday(now)}.csv`;
}
