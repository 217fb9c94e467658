/**
 * The add/edit courier form's values (text, as inputs hold them), their validation, and the
 * conversion to and from the API's courier service (pence, nulls for "no limit").
 */

import {
  DEFAULT_HANDOVER,
  DEFAULT_LABEL_MODE,
  HANDOVER_VALUES,
  LABEL_MODE_VALUES,
} from '@consign/shared/handover';
import { decimalToMinorUnits, rateToDecimal } from '@consign/shared/money';
import { UK_COUNTRY_CODE } from '@consign/shared/nations';
import { z } from 'zod';
import type { CourierService, CourierServiceBody, Currency } from '../../shared/api/courier-services';

const NAME_AND_TYPE_REQUIRED = 'Service name and type are required';
export const ANY = 'Any';
export const INTERNATIONAL_ORIGIN = UK_COUNTRY_CODE;
export const CURRENCIES: readonly Currency[] = ['GBP', 'EUR', 'USD'];
export const DEFAULT_DIVISOR = 5000;
export const DEFAULT_TRANSIT_DAYS = 2;
/** The spec: a new tier is 1 kg at a price of 0. */
export const NEW_TIER: TierFields = { maxKg: '1', price: '0' };

export { SERVICE_TYPE_LABELS } from '../../shared/courier-services/describe';

export interface TierFields {
  maxKg: string;
  price: string;
}

export interface CourierFormValues {
  name: string;
  serviceType: '' | CourierService['serviceType'];
  currency: Currency;
  logoUrl: string;
  status: CourierService['status'];
  /** How the parcel starts: collected, taken to a drop-off point, or either (same day: collected). */
  handover: CourierService['handover'];
  /** Printerless: the drop-off point scans a code and prints the label; needs handover drop_off. */
  labelMode: CourierService['labelMode'];
  /** Domestic and same day: a UK nation or Any. */
  fromLocation: string;
  toLocation: string;
  /** International: everywhere, or only the listed ISO codes. */
  destinationsMode: 'any' | 'selected';
  destinations: string[];
  maxLengthCm: string;
  maxWidthCm: string;
  maxHeightCm: string;
  maxWeightKg: string;
  volumetricDivisor: string;
  transitDays: string;
  /** Same day, in pounds. */
  baseFee: string;
  perMile: string;
  minimumFee: string;
  /** Same day: the furthest the service drives, in miles; '' for no limit. */
  maxMiles: string;
  weightTiers: TierFields[];
}

export function defaultCourierValues(): CourierFormValues {
  return {
    name: '',
    serviceType: '',
    currency: 'GBP',
    logoUrl: '',
    status: 'active',
    handover: DEFAULT_HANDOVER,
    labelMode: DEFAULT_LABEL_MODE,
    fromLocation: ANY,
    toLocation: ANY,
    destinationsMode: 'any',
    destinations: [],
    maxLengthCm: '',
    maxWidthCm: '',
    maxHeightCm: '',
    maxWeightKg: '',
    volumetricDivisor: String(DEFAULT_DIVISOR),
    transitDays: String(DEFAULT_TRANSIT_DAYS),
    baseFee: '',
    perMile: '',
    minimumFee: '',
    maxMiles: '',
    weightTiers: [{ ...NEW_TIER }],
  };
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function valuesFromService(service: CourierService): CourierFormValues {
  const international = service.serviceType === 'international';
  const to = service.toLocation;
  const anyDestination = typeof to === 'string' && to.toLowerCase() === ANY.toLowerCase();
  return {
    name: service.name,
    serviceType: service.serviceType,
    currency: service.currency,
    logoUrl: service.logoUrl ?? '',
    status: service.status,
    handover: service.handover,
    labelMode: service.labelMode,
    fromLocation: international ? ANY : service.fromLocation || ANY,
    toLocation: international ? ANY : (typeof to === 'string' ? to : to[0]) || ANY,
    destinationsMode: international && !anyDestination ? 'selected' : 'any',
    destinations: international && !anyDestination ? (typeof to === 'string' ? [to] : [...to]) : [],
    maxLengthCm: text(service.maxLengthCm),
    maxWidthCm: text(service.maxWidthCm),
    maxHeightCm: text(service.maxHeightCm),
    maxWeightKg: text(service.maxWeightKg),
    volumetricDivisor: String(service.volumetricDivisor),
    transitDays: String(service.transitDays),
    baseFee: service.sameDay ? rateToDecimal(service.sameDay.baseFee) : '',
    perMile: service.sameDay ? rateToDecimal(service.sameDay.perMile) : '',
    minimumFee: service.sameDay ? rateToDecimal(service.sameDay.minimumFee) : '',
    maxMiles: service.sameDay?.maxMiles != null ? String(service.sameDay.maxMiles) : '',
    weightTiers:
      service.weightTiers.length > 0
        ? service.weightTiers.map((t) => ({ maxKg: String(t.maxKg), price: rateToDecimal(t.price) }))
        : [{ ...NEW_TIER }],
  };
}

const isNumber = (v: string) => v.trim() !== '' && Number.isFinite(Number(v));

/** An optional limit: empty means no restriction. */
const limit = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isNumber(v), `${label} must be a number`)
    .refine((v) => !isNumber(v) || Number(v) >= 0, `${label} cannot be negative`)
    .refine((v) => !isNumber(v) || Number(v) <= 10_000, `${label} must be at most 10000`);

/**
 * Pounds as typed ("4.99", ".5", "7.") to pence on the wire; a rate such as the per-mile fee may
 * take more decimals ("1.375" -> 137.5 pence). Null for anything else.
 */
const poundsToPence = (v: string, maxDecimals: number) =>
  decimalToMinorUnits(v, { decimals: maxDecimals, loose: true });

const MAX_PRICE_PENCE = 100_000_000;
const MAX_FEE_PENCE = 10_000_000;

const pounds = (label: string, { maxDecimals = 2, maxPence = MAX_FEE_PENCE, positive = false } = {}) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label.toLowerCase()}`)
    .refine(
      (v) => v === '' || poundsToPence(v, maxDecimals) !== null,
      maxDecimals === 2
        ? `${label} must be an amount such as 4.99`
        : `${label} must be an amount with at most ${maxDecimals} decimals`,
    )
    .refine((v) => (poundsToPence(v, maxDecimals) ?? 0) <= maxPence, `${label} is too large`)
    // A tier's price is what a parcel costs: the API takes at least a penny.
    .refine((v) => !positive || (poundsToPence(v, maxDecimals) ?? 1) > 0, `${label} must be more than 0`);

const tierSchema = z.object({
  maxKg: z
    .string()
    .trim()
    .min(1, 'Enter the weight')
    .refine((v) => v === '' || isNumber(v), 'Weight must be a number')
    .refine((v) => !isNumber(v) || Number(v) > 0, 'Weight must be more than 0')
    .refine((v) => !isNumber(v) || Number(v) <= 10_000, 'Weight must be at most 10000 kg'),
  price: pounds('Price', { maxPence: MAX_PRICE_PENCE, positive: true }),
});

export const courierFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the service name').max(120, 'At most 120 characters'),
    serviceType: z.enum(['domestic', 'international', 'same_day'], { error: 'Choose a service type' }),
    currency: z.enum(['GBP', 'EUR', 'USD']),
    logoUrl: z.string(),
    status: z.enum(['active', 'inactive']),
    handover: z.enum(HANDOVER_VALUES),
    labelMode: z.enum(LABEL_MODE_VALUES),
    fromLocation: z.string(),
    toLocation: z.string(),
    destinationsMode: z.enum(['any', 'selected']),
    destinations: z.array(z.string()),
    maxLengthCm: limit('Maximum length'),
    maxWidthCm: limit('Maximum width'),
    maxHeightCm: limit('Maximum height'),
    maxWeightKg: limit('Maximum weight'),
    volumetricDivisor: z
      .string()
      .trim()
      .refine(
        (v) => /^\d+$/.test(v) && Number(v) >= 1000 && Number(v) <= 10_000,
        'Enter a whole number from 1000 to 10000',
      ),
    transitDays: z.string().trim(),
    baseFee: z.string(),
    perMile: z.string(),
    minimumFee: z.string(),
    maxMiles: z.string().trim(),
    weightTiers: z.array(tierSchema).min(1, 'Add at least one weight tier'),
  })
  .superRefine((values, ctx) => {
    const seen = new Map<number, number>();
    values.weightTiers.forEach((tier, index) => {
      if (!isNumber(tier.maxKg)) return;
      const kg = Number(tier.maxKg);
      const first = seen.get(kg);
      if (first === undefined) seen.set(kg, index);
      else
        ctx.addIssue({
          code: 'custom',
          path: ['weightTiers', index, 'maxKg'],
          message: `Tier ${first + 1} already covers up to ${kg} kg`,
        });
    });

    if (values.serviceType === 'international') {
      if (values.destinationsMode === 'selected' && values.destinations.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['destinations'],
          message: 'Choose at least one destination, or Any',
        });
      }
    }

    if (values.serviceType === 'same_day') {
      const fees = [
        ['baseFee', pounds('Base fee')],
        ['perMile', pounds('Price per mile', { maxDecimals: 4 })],
        ['minimumFee', pounds('Minimum fee')],
      ] as const;
      for (const [key, schema] of fees) {
        const result = schema.safeParse(values[key]);
        if (!result.success)
          ctx.addIssue({ code: 'custom', path: [key], message: result.error.issues[0]!.message });
      }
      const miles = Number(values.maxMiles);
      if (values.maxMiles !== '' && !(Number.isFinite(miles) && miles > 0 && miles <= 1000)) {
        ctx.addIssue({
          code: 'custom',
          path: ['maxMiles'],
          message: 'Enter a distance from 1 to 1000 miles, or leave it empty for no limit',
        });
      }
    } else if (!/^\d+$/.test(values.transitDays) || Number(values.transitDays) > 30) {
      ctx.addIssue({
        code: 'custom',
        path: ['transitDays'],
        message: 'Enter a whole number of working days, 0 to 30',
      });
    }
  });

const limitValue = (v: string) => (v.trim() === '' ? null : Number(v));
const pence = (v: string, maxDecimals = 2) => poundsToPence(v, maxDecimals) ?? 0;

/** The API body for values that passed `courierFormSchema`. */
export function bodyFromValues(values: CourierFormValues): CourierServiceBody {
  if (!values.serviceType) throw new Error(NAME_AND_TYPE_REQUIRED);
  const type = values.serviceType;
  const international = type === 'international';
  const sameDay = type === 'same_day';
  return {
    name: values.name.trim(),
    serviceType: type,
    currency: values.currency,
    logoUrl: values.logoUrl || null,
    fromLocation: international ? INTERNATIONAL_ORIGIN : values.fromLocation,
    toLocation: international
      ? values.destinationsMode === 'any'
        ? ANY
        : [...values.destinations]
      : values.toLocation,
    weightTiers: values.weightTiers
      .map((t) => ({ maxKg: Number(t.maxKg), price: pence(t.price) }))
      .sort((a, b) => a.maxKg - b.maxKg),
    maxLengthCm: limitValue(values.maxLengthCm),
    maxWidthCm: limitValue(values.maxWidthCm),
    maxHeightCm: limitValue(values.maxHeightCm),
    maxWeightKg: limitValue(values.maxWeightKg),
    volumetricDivisor: Number(values.volumetricDivisor),
    transitDays: sameDay ? 0 : Number(values.transitDays),
    sameDay: sameDay
      ? {
          baseFee: pence(values.baseFee),
          perMile: pence(values.perMile, 4),
          minimumFee: pence(values.minimumFee),
          maxMiles: values.maxMiles === '' ? null : Number(values.maxMiles),
        }
      : null,
    // Same day is always collected, and only a drop-off service can be printerless.
    handover: sameDay ? 'collection' : values.handover,
    labelMode: !sameDay && values.handover === 'drop_off' ? values.labelMode : 'printed',
    status: values.status,
  };
}
