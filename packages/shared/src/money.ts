/**
 * Money as text, en-GB, two decimals: 1299 GBP -> "£12.99", 123450 EUR -> "€1,234.50",
 * 500 USD -> "US$5.00". Amounts are integer minor units (DESIGN §3); this module only turns them
 * into text, never back into floats that would be sent anywhere.
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
