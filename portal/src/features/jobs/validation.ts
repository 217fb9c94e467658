import type { CollectionDaysWire } from '@consign/shared/collection-days';
import { isUkPostcode } from '@consign/shared/postcodes';
import { parseMoney } from '../../lib/format';
import { required, validateBooking } from '../../shared/booking-form/bookingSchema';
import type { BookingValues } from '../../shared/booking-form/formValues';
import type { RouteValues } from './routeQuery';

export const MIN_ASKING_PRICE = 100;
export const MAX_DIMENSION_CM = 500;
export const MAX_WEIGHT_KG = 1000;

export interface JobValues extends BookingValues, RouteValues {
  askingPrice: string;
}

export const jobMessages = {
  from: 'Choose where the parcel is collected',
  to: 'Choose where the parcel goes',
  destination: 'Choose a destination country',
  postcode: 'Enter a valid UK postcode, such as SW1A 1AA',
  parcels: 'Add at least one parcel',
  askingPrice: 'Enter the price you offer in pounds, such as 25.00',
  askingPriceMin: 'The asking price must be at least £1.00',
} as const;

function measure(label: string, value: string, max: number, unit: string): string | null {
  if (value.trim() === '') return required(label);
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return `${label} must be more than 0`;
  if (n > max) return `${label} must be at most ${max} ${unit}`;
  return null;
}

/** The booking form's rules (no cover: a job's price is the asking price) plus route, parcels and price. */
export function validateJob(
  values: JobValues,
  today: string,
  collectionDays?: CollectionDaysWire,
): Record<string, string> {
  const international = values.serviceType === 'international';
  const errors = validateBooking(values, {
    international,
    today,
    collectionDays,
    coverAmounts: [],
    requireCover: false,
  });
  const add = (path: string, message: string) => {
    errors[path] ??= message;
  };
  if (values.serviceType === 'domestic') {
    if (!values.from) add('from', jobMessages.from);
    if (!values.to) add('to', jobMessages.to);
  } else if (international) {
    if (!values.to) add('to', jobMessages.destination);
  } else {
    if (!values.fromPostcode.trim()) add('fromPostcode', required('Collection postcode'));
    else if (!isUkPostcode(values.fromPostcode)) add('fromPostcode', jobMessages.postcode);
    if (!values.toPostcode.trim()) add('toPostcode', required('Delivery postcode'));
    else if (!isUkPostcode(values.toPostcode)) add('toPostcode', jobMessages.postcode);
  }
  if (values.parcels.length === 0) add('parcels', jobMessages.parcels);
  values.parcels.forEach((parcel, index) => {
    const checks: [keyof typeof parcel, string, number, string][] = [
      ['length', 'Length', MAX_DIMENSION_CM, 'cm'],
      ['width', 'Width', MAX_DIMENSION_CM, 'cm'],
      ['height', 'Height', MAX_DIMENSION_CM, 'cm'],
      ['weight', 'Weight', MAX_WEIGHT_KG, 'kg'],
    ];
    for (const [key, label, max, unit] of checks) {
      const message = measure(label, parcel[key], max, unit);
      if (message) add(`parcels.${index}.${key}`, message);
    }
  });
  if (!values.askingPrice.trim()) add('askingPrice', required('Asking price'));
  else {
    const pence = parseMoney(values.askingPrice);
    if (pence === null) add('askingPrice', jobMessages.askingPrice);
    else if (pence < MIN_ASKING_PRICE) add('askingPrice', jobMessages.askingPriceMin);
  }
  return errors;
}
