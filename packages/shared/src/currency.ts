/**
 * The currencies Consign prices in and the shape money takes everywhere (docs/architecture.md §3.1): integer
 * minor units plus an ISO currency, never floats. All three currencies have two minor digits,
 * so a minor unit is a penny or a cent.
 */

export const CURRENCIES = ['GBP', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency a price is shown in when none is named (and the currency of cover and jobs). */
export const DEFAULT_CURRENCY: Currency = 'GBP';

export type Money = { amount: number; currency: Currency };

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}
