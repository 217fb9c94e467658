/**
 * Money as text, en-GB, two decimals: 1299 GBP -> "£12.99", 123450 EUR -> "€1,234.50",
 * 500 USD -> "US$5.00", and the decimals people type and files carry ("12.50") to and from
 * minor units. Amounts are integer minor units (docs/architecture.md §3.1); nothing here goes through a float
 * that would be sent anywhere.
 */
import { type Currency, DEFAULT_CURRENCY, type Money } from './currency';
import { groupDigits } from './numbers';

// Formatters are costly to build; one per currency lasts the life of the page or process.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  return formatter;
}

function assertMinorUnits(amount: number): void {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Money amounts are integer minor units, got ${amount}`);
  }
}

/** The decimal string of an amount in minor units, built from integers: 5997 -> "59.97". */
export function minorUnitsToDecimal(amount: number): string {
  assertMinorUnits(amount);
  const sign = amount < 0 ? '-' : '';
  const absolute = Math.abs(amount);
  const major = Math.trunc(absolute / 100);
  const minor = absolute % 100;
  return `${sign}${major}.${String(minor).padStart(2, '0')}`;
}

/**
 * A rate in minor units, which may hold a fraction of one (a per-mile fee of 137.5 pence), as a
 * decimal in major units: 137.5 -> "1.375", 1.25 -> "0.0125", 1250 -> "12.50". Whole amounts
 * read as minorUnitsToDecimal prints them; a fraction keeps its digits (up to six decimals of a
 * minor unit) after the two of the minor unit.
 */
export function rateToDecimal(amount: number): string {
  if (Number.isSafeInteger(amount)) return minorUnitsToDecimal(amount);
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  const sign = amount < 0 ? '-' : '';
  const [whole = '0', fraction = ''] = Math.abs(amount)
    .toFixed(6)
    .replace(/0+$/, '')
    .replace(/\.$/, '')
    .split('.');
  const digits = whole.padStart(3, '0');
  return `${sign}${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}.${digits.slice(-2)}${fraction}`;
}

// Digits, at most one point, digits: either side may be empty in the text (the checks say when).
const DECIMAL = /^(-?)(\d*)(?:(\.)(\d*))?$/;

/** Which decimals decimalToMinorUnits takes besides plain ones such as "12.5", "0.29" and "7". */
export type DecimalOptions = {
  /**
   * The most decimals (2). Past the second they are a fraction of a minor unit: "1.375" with 3
   * or more -> 137.5, as a per-mile rate may carry.
   */
  decimals?: number;
  /** Also a leading minus: "-6.48" -> -648. */
  negative?: boolean;
  /** Also a bare point on either side, as people type: ".5" -> 50, "7." -> 700. */
  loose?: boolean;
};

/**
 * A decimal in major units, as text, to minor units, worked out on its digits and never through
 * a float (0.29 * 100 is 28.999999999999996 in binary floating point): "12.5" -> 1250,
 * "0.29" -> 29, " 7 " -> 700. Spaces around it are ignored. Null for anything else: a symbol, a
 * separator, an exponent, more decimals than allowed, or an amount past the safe integers.
 */
export function decimalToMinorUnits(text: string, options: DecimalOptions = {}): number | null {
  const { decimals = 2, negative = false, loose = false } = options;
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', point, fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  if (sign && !negative) return null;
  if (!loose && (whole === '' || (point && fraction === ''))) return null;
  if (fraction.length > decimals) return null;
  const minor = `${whole || '0'}${fraction.slice(0, 2).padEnd(2, '0')}`;
  const rest = fraction.slice(2);
  const amount = Number(rest ? `${minor}.${rest}` : minor);
  if (!Number.isSafeInteger(Math.trunc(amount))) return null;
  return sign && amount !== 0 ? -amount : amount;
}

/** A whole number of pence as en-GB prints pounds: -123456 -> '-£1,234.56'. */
function pounds(pence: number): string {
  const [major, minor] = minorUnitsToDecimal(pence).split('.') as [string, string];
  return major.startsWith('-')
    ? `-£${groupDigits(major.slice(1))}.${minor}`
    : `£${groupDigits(major)}.${minor}`;
}

// The string overload exists at runtime (Intl.NumberFormat v3: Node 19+, every current browser)
// but is missing from the ES2023 lib typings (and older ones type format as number-only).
type DecimalFormat = (decimal: string) => string;

/**
 * An amount in minor units as money: formatMoney(1250) -> "£12.50".
 *
 * A whole number of minor units reaches Intl as an exact decimal string (Intl reads strings as
 * decimals, not doubles: `amount / 100` is a double, and above about 2^53 / 100 its last penny
 * prints wrong). Rates may carry fractions of a penny (a same-day price per mile of 137.5 is
 * £1.375); those are shown rounded to the penny, "£1.38", as a price list shows them.
 */
export function formatMoney(amount: number, currency: Currency | string = DEFAULT_CURRENCY): string {
  // Pounds, nearly every amount shown, are printed without Intl: a page's first formatter costs
  // a long task on a phone (see numbers.ts). Tests hold both paths to the same text.
  if (currency === 'GBP' && Number.isSafeInteger(amount)) return pounds(amount);
  const formatter = formatterFor(currency);
  if (Number.isSafeInteger(amount))
    return (formatter.format as unknown as DecimalFormat)(minorUnitsToDecimal(amount));
  return formatter.format(amount / 100);
}

/**
 * A Money value as text, for documents and emails where the amount is a settled price: anything
 * but integer minor units is a bug upstream and throws a RangeError instead of printing.
 */
export function formatMoneyValue(value: Money): string {
  if (value.currency === 'GBP') return pounds(value.amount);
  return (formatterFor(value.currency).format as unknown as DecimalFormat)(minorUnitsToDecimal(value.amount));
}
