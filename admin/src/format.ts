import { formatMoney } from '@consign/shared/money';
import { sentenceCase } from '@consign/shared/words';
import type { CourierService, OrderAddress } from './types';

/** Minor units as money with pence: 1234 GBP → "£12.34". */
export const money = (minor: number, currency = 'GBP') => formatMoney(minor, currency);

/**
 * A service's destinations in words. The API answers one location ("Scotland", "Any") or a list
 * of country codes (["FR", "DE"]): both shapes are valid.
 */
export const destinations = (to: CourierService['toLocation']) => (Array.isArray(to) ? to.join(', ') : to);

/** "England → Scotland" or "GB → FR, DE". */
export const route = (s: Pick<CourierService, 'fromLocation' | 'toLocation'>) =>
  `${s.fromLocation} → ${destinations(s.toLocation)}`;

/** An order's address as lines: name, street, town, county, postcode, country. */
export const addressLines = (a: OrderAddress | null | undefined): string[] =>
  a
    ? [a.name, a.line1, a.line2, a.town, a.county, a.postcode, a.country].filter((l): l is string =>
        Boolean(l),
      )
    : [];

/** "service_type" or "in_transit" → "In transit". */
export const words = sentenceCase;

/** A commission rate in words: 1250 bp and 30 → "12.5% + £0.30"; nothing charged → "0%". */
export function rate(percentBp: number, fixed: number, currency = 'GBP'): string {
  const percent = `${(percentBp / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;
  return fixed > 0 ? `${percent} + ${money(fixed, currency)}` : percent;
}

/** A moment as staff read it: "29/11/2026, 07:02" (UK time). */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'short',
    timeStyle: 'short',
  });
