/**
 * Formatting shared by every screen: amounts typed into forms, dates, references, parcels and
 * addresses. Money is always integer minor units (pence) with a currency; money as text and the
 * status and service-type labels every package shares are in @consign/shared.
 */

import { formatCalendarDay } from '@consign/shared/dates';
import { decimalToMinorUnits } from '@consign/shared/money';

/** The most an amount typed into a form may be: nine digits of pounds, £999,999,999.99. */
const MAX_TYPED_MINOR = 99_999_999_999;

/**
 * An amount typed into a form: '12.5' -> 1250, '£1,234.56' -> 123456; null for anything that is
 * not an amount with at most two decimals. The digits are read by decimalToMinorUnits
 * (@consign/shared/money), never through a float, so 0.1 + 0.2 problems cannot occur.
 */
export function parseMoney(text: string): number | null {
  const minor = decimalToMinorUnits(text.trim().replace(/^£/, '').replace(/,/g, ''));
  return minor === null || minor > MAX_TYPED_MINOR ? null : minor;
}

/**
 * 'YYYY-MM-DD' or an ISO timestamp -> 'Wed, 25 Nov 2026' (a timestamp's day in the UK): the one
 * style for a day that people read across the portal, the console and the emails.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  return formatLongDate(/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ukDate(new Date(value)));
}

/**
 * Intl formatters are built on first use and kept: building one is costly, and the first one a
 * page builds loads the locale's data, a long task on a phone, so none is built at import.
 */
function memo(make: () => Intl.DateTimeFormat): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= make();
    return format;
  };
}

const dateTimeFormat = memo(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** An ISO timestamp as UK wall-clock time, 'Wed, 25 Nov 2026, 17:05' (the emails' style too). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  return dateTimeFormat().format(new Date(value));
}

/**
 * A readable long date for a UK calendar date 'YYYY-MM-DD': 'Tue, 12 May 2026', whatever the
 * browser's time zone (the shared format, written out without Intl). Anything that is not such a
 * date is shown as it is.
 */
export function formatLongDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  // Through a Date so that an impossible day rolls over as Intl would show it (30 Feb -> 2 Mar).
  return formatCalendarDay(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

// en-CA formats as YYYY-MM-DD.
const ukDateFormat = memo(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/** The calendar date in the UK for an instant, 'YYYY-MM-DD' (collection dates are UK dates). */
export function ukDate(now: Date = new Date()): string {
  return ukDateFormat().format(now);
}

/** '#' and the last 8 characters of an id, as people see references. */
export function shortReference(id: string): string {
  return `#${id.slice(-8)}`;
}

/** A badge's colour, from the shared status table (pending yellow, ... cancelled red, else grey). */
export { statusTone } from '@consign/shared/statuses';

export interface ParcelLike {
  length: number;
  width: number;
  height: number;
  weight: number;
}

/** '30 × 20 × 15 cm, 2 kg'. */
export function describeParcel(parcel: ParcelLike): string {
  return `${parcel.length} × ${parcel.width} × ${parcel.height} cm, ${parcel.weight} kg`;
}

export function formatKg(kg: number): string {
  return `${Number(kg.toFixed(3))} kg`;
}

export function totalWeight(parcels: readonly ParcelLike[]): number {
  // Weights have at most a few decimals; rounding to grams hides float dust like 2.0000000004.
  return Math.round(parcels.reduce((sum, p) => sum + p.weight, 0) * 1000) / 1000;
}

/** A one-line postal address. */
export function addressLine(address: {
  line1: string;
  line2?: string | undefined;
  town: string;
  county?: string | undefined;
  postcode: string;
  country: string;
}): string {
  return [address.line1, address.line2, address.town, address.county, address.postcode, address.country]
    .filter(Boolean)
    .join(', ');
}
