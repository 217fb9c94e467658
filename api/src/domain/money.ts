/**
 * Money is always integer minor units plus an ISO currency (docs/architecture.md §3.1): floats never carry
 * prices, so sums and comparisons are exact and the only rounding happens in one place (VAT).
 * All three supported currencies have two minor digits, so "minor unit" means penny/cent.
 */
import { decimalToMinorUnits, formatMoneyValue, minorUnitsToDecimal } from '@consign/shared/money';
import { CURRENCIES, type Currency, isCurrency, type Money } from './currency';
import type { ServiceType } from './services';

export { CURRENCIES, type Currency, decimalToMinorUnits, isCurrency, type Money, minorUnitsToDecimal };

/**
 * "£12.99", "€1,234.50", "US$5.00": the en-GB rendering used in emails, labels and PDFs, the
 * same the portal and the widget show (@consign/shared). A non-integer amount throws.
 */
export const formatMoney: (value: Money) => string = formatMoneyValue;

export class CurrencyMismatchError extends Error {
  constructor(a: Currency, b: Currency) {
    super(`Cannot combine ${a} and ${b} amounts without an exchange rate`);
    this.name = 'CurrencyMismatchError';
  }
}

function assertMinorUnits(amount: number): void {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Money amounts are integer minor units, got ${amount}`);
  }
}

export function money(amount: number, currency: Currency): Money {
  assertMinorUnits(amount);
  return { amount, currency };
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
  return money(a.amount + b.amount, a.currency);
}

/** Sums amounts of one currency; an empty list needs the currency to be named. */
export function sumMoney(items: readonly Money[], currency: Currency): Money {
  return items.reduce<Money>((total, item) => addMoney(total, item), money(0, currency));
}

/**
 * VAT rates in basis points (1/100 of a percent) so the arithmetic stays in integers.
 * Domestic and same-day deliveries are standard-rated UK supplies (20%); international
 * deliveries are exports of a transport service and zero-rated.
 */
export const VAT_RATE_BASIS_POINTS: Readonly<Record<ServiceType, number>> = {
  domestic: 2000,
  same_day: 2000,
  international: 0,
};

/**
 * Rounds `amount * basisPoints / 10000` to a whole minor unit, half up (half away from zero
 * for negative amounts, so the VAT on a refund mirrors the VAT that was charged).
 * Integer arithmetic only: `x * 0.2` in floating point can land on 0.49999… and round wrong.
 */
export function applyRate(amount: number, basisPoints: number): number {
  assertMinorUnits(amount);
  if (!Number.isInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`Rate must be whole non-negative basis points, got ${basisPoints}`);
  }
  const scaled = Math.abs(amount) * basisPoints;
  const rounded = Math.floor((scaled + 5000) / 10000);
  return amount < 0 ? -rounded : rounded;
}

/** VAT due on a net amount for a service type, rounded half up to the penny. */
export function vatFor(net: Money, serviceType: ServiceType): Money {
  return money(applyRate(net.amount, VAT_RATE_BASIS_POINTS[serviceType]), net.currency);
}

export type PriceBreakdown = { net: number; vat: number; total: number; currency: Currency };

/** Net, VAT and gross for one net amount; VAT is computed once on the whole net, never per line. */
export function withVat(net: Money, serviceType: ServiceType): PriceBreakdown {
  const vat = vatFor(net, serviceType).amount;
  return { net: net.amount, vat, total: net.amount + vat, currency: net.currency };
}
