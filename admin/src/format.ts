import { formatCalendarDay } from '@consign/shared/dates';
import { formatMoney } from '@consign/shared/money';
import { sentenceCase } from '@consign/shared/words';
import type { CourierService, OrderAddress } from './types';

/** Minor units as money with pence: 1234 GBP → "£12.34". */
export const money = (minor: number, currency = 'GBP') => formatMoney(minor, currency);

/**
 * A service's destinations in words. The API answers one location ("Scotland", "Any") or a list
 * of country codes (["FR", "DE"]): both shapes are valid.
 */
export const destinations = (to: CourierService['toLocation']) =>
  Array.isArray(to) ? to.map(place).join(', ') : place(to);

/** A country code ('FR') as its name; a region ('Scotland', 'Any') as it is. */
const place = (where: string) => (/^[A-Z]{2}$/.test(where) ? countryName(where) : where);

/** "England → Scotland" or "United Kingdom → France, Germany". */
export const route = (s: Pick<CourierService, 'fromLocation' | 'toLocation'>) =>
  `${place(s.fromLocation)} → ${destinations(s.toLocation)}`;

/** An order's address as lines: name, street, town, county, postcode, the country's name. */
export const addressLines = (a: OrderAddress | null | undefined): string[] =>
  a
    ? [a.name, a.line1, a.line2, a.town, a.county, a.postcode, a.country && countryName(a.country)].filter(
        (l): l is string => Boolean(l),
      )
    : [];

/** "service_type" or "in_transit" → "In transit". */
export const words = sentenceCase;

/** 'GB' → 'United Kingdom'; anything Intl does not know is shown as given. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en-GB'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A calendar date 'YYYY-MM-DD' as people read it, 'Thu, 26 Nov 2026' (the portal's and emails' style). */
export function dayText(isoDate: string | null | undefined): string {
  if (!isoDate) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  return formatCalendarDay(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/**
 * An instant in UK time, 'Wed, 25 Nov 2026, 12:00': DateField's `options` for every date with a
 * time, in the portal's and emails' style.
 */
export const DATE_TIME = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
} as const satisfies Intl.DateTimeFormatOptions;

/** The day of an instant in the UK, 'Wed, 25 Nov 2026': DateField's `options` for a date alone. */
export const DAY = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
} as const satisfies Intl.DateTimeFormatOptions;

/** An instant as DATE_TIME says, for text outside a DateField. */
export const dateTimeText = (iso: string) => new Date(iso).toLocaleString('en-GB', DATE_TIME);

/** Who did a step of an order, in words: 'the customer', 'the courier', 'staff', 'Consign'. */
export const ACTOR_WORDS: Record<string, string> = {
  customer: 'the customer',
  vendor: 'the courier',
  admin: 'staff',
  system: 'Consign',
};

/** A payment in words: 'Captured (test payment)', 'Refunded through PayPal on 26 Nov 2026, 10:00'. */
export function paymentText(p: { provider: string; status: string; refundedAt: string | null }): string {
  const how =
    p.provider === 'test' ? '(test payment)' : `through ${p.provider === 'paypal' ? 'PayPal' : p.provider}`;
  return `${sentenceCase(p.status)} ${how}${p.refundedAt ? `, refunded ${dateTimeText(p.refundedAt)}` : ''}`;
}

/** An audit action key in words: 'partner.rotate_key' → 'Partner: rotate key', 'user.session.revoke' → 'User session: revoke'. */
export function auditActionText(action: string): string {
  const cut = action.lastIndexOf('.');
  if (cut < 0) return sentenceCase(action);
  const what = sentenceCase(action.slice(0, cut).replace(/\./g, ' '));
  return `${what}: ${action.slice(cut + 1).replace(/_/g, ' ')}`;
}

/** A commission rate in words: 1250 bp and 30 → "12.5% + £0.30"; nothing charged → "0%". */
export function rate(percentBp: number, fixed: number, currency = 'GBP'): string {
  const percent = `${(percentBp / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;
  return fixed > 0 ? `${percent} + ${money(fixed, currency)}` : percent;
}

const RELATIVE = [
  { unit: 'day', ms: 86_400_000 },
  { unit: 'hour', ms: 3_600_000 },
  { unit: 'minute', ms: 60_000 },
] as const;

/**
 * How far an instant is from `now`, in the largest whole unit up to days: '3 days ago',
 * 'in 5 hours', 'in 1 minute'; under a minute, 'now'. What a queue's age and a deadline read as.
 */
export function relativeText(iso: string, now: number = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const format = new Intl.RelativeTimeFormat('en-GB', { numeric: 'always' });
  for (const { unit, ms } of RELATIVE) {
    const n = Math.trunc(diff / ms);
    if (n !== 0) return format.format(n, unit);
  }
  return 'now';
}
