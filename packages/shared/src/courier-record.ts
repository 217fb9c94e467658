/**
 * A courier's record of price adjustments and claims (docs/claims-and-returns.md) in words, one
 * rule for every place that shows it beside a price: the portal's quote cards, booking summary
 * and courier page, and the widget's results.
 */
import { countOf } from './numbers';

/** The record as the API sends it (`CourierRecord`); only what the words need. */
export type CourierRecordFigures = {
  orders: number;
  adjustmentRate: number | null;
  claimsPerHundred: number | null;
  claimsAccepted: number | null;
};

/** Below 10 orders the API claims no share: this is said instead, never a misleading 0 %. */
export const NOT_ENOUGH_ORDERS = 'Adjustments and claims: Not enough orders yet';

/** A share as a percentage: whole above 10 %, to one decimal below it (0.3 % is not 0 %). */
export function percentOf(share: number): string {
  const percent = share * 100;
  const shown = percent === 0 || percent >= 10 ? Math.round(percent) : Math.round(percent * 10) / 10;
  return `${shown}%`;
}

/**
 * ['2% of orders adjusted', '1.5 claims per 100 orders', '67% of claims accepted'], or null below
 * 10 orders; the share accepted waits for 3 decided claims (the API sends null until then).
 */
export function recordParts(record: CourierRecordFigures): string[] | null {
  if (record.adjustmentRate === null || record.claimsPerHundred === null) return null;
  return [
    `${percentOf(record.adjustmentRate)} of orders adjusted`,
    `${record.claimsPerHundred} ${record.claimsPerHundred === 1 ? 'claim' : 'claims'} per 100 orders`,
    ...(record.claimsAccepted === null ? [] : [`${percentOf(record.claimsAccepted)} of claims accepted`]),
  ];
}

/** What the figures are measured on: "last 90 days, 300 orders". */
export const recordBasis = (record: CourierRecordFigures) =>
  `last 90 days, ${countOf(record.orders, 'order')}`;
