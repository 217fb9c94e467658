/**
 * Display formatting for the shipping documents: money, weights, dates and countries.
 * Everything here is en-GB, because the documents are issued by a UK business.
 */
import { type Currency, formatMoney } from '../../../domain/money';
import { DocumentDataError } from './errors';

export { minorUnitsToDecimal } from '../../../domain/money';

/** "£59.97", "€1,234.50", "US$0.01": exact to the penny for any safe integer (see formatMoney). */
export function formatMinorUnits(amount: number, currency: Currency): string {
  return formatMoney({ amount, currency });
}

/**
 * quantity x unit value in minor units, refusing results that integers cannot hold exactly
 * (a silently rounded line value on an invoice would be worse than an error).
 */
export function lineValue(unitValue: number, quantity: number): number {
  const value = unitValue * quantity;
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Line value ${unitValue} x ${quantity} is not an exact integer`);
  }
  return value;
}

const kgFormatter = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** "2.5 kg", "0.25 kg", "12 kg": weights are measurements, not money, so up to two decimals. */
export function formatKg(kg: number): string {
  return `${kgFormatter.format(kg)} kg`;
}

const dimensionFormatter = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

export function formatDimensionsCm(lengthCm: number, widthCm: number, heightCm: number): string {
  return `${[lengthCm, widthCm, heightCm].map((cm) => dimensionFormatter.format(cm)).join(' x ')} cm`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateFormatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * "2025-06-03" -> "3 Jun 2025". A month spelled out cannot be misread as 6 March by a reader
 * abroad. The calendar date is formatted in UTC so the machine's time zone cannot shift it.
 */
export function formatCalendarDate(isoDate: string, field: string): string {
  const match = ISO_DATE.exec(isoDate);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  // Date.UTC rolls 2025-02-30 over to 2 March; comparing back catches dates that do not exist.
  if (!date || date.toISOString().slice(0, 10) !== isoDate) {
    throw new DocumentDataError(field, `must be a calendar date YYYY-MM-DD, got "${isoDate}"`);
  }
  return dateFormatter.format(date);
}

const regionNames = new Intl.DisplayNames(['en-GB'], { type: 'region', fallback: 'code' });

/** "GB" -> "United Kingdom"; an unknown code prints as itself rather than failing. */
export function countryName(code: string): string {
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return code;
  return regionNames.of(upper) ?? upper;
}
