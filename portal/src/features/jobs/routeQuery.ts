/**
 * Reads the route and parcels of a quote from the results page's query string, so "post a job"
 * opens with `/post-job?` + the query of `/result` (the contract is in quotes/quoteQuery.ts:
 * type, from, to or fromPostcode/toPostcode, and length/width/height/weight repeated per
 * parcel). Unlike the results page it never refuses a query: whatever is missing or wrong is
 * simply left for the customer to fill in on the form.
 */
import { looksLikePostcode } from '@consign/shared/postcodes';
import type { ServiceType } from '@consign/shared/services';

export type { ServiceType };

export interface ParcelValues {
  length: string;
  width: string;
  height: string;
  weight: string;
}

export interface RouteValues {
  serviceType: ServiceType;
  from: string;
  to: string;
  fromPostcode: string;
  toPostcode: string;
  parcels: ParcelValues[];
}

export const emptyParcel = (): ParcelValues => ({ length: '', width: '', height: '', weight: '' });

export function parseServiceType(value: string | null): ServiceType | null {
  const key = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (key === 'international') return 'international';
  if (key === 'sameday') return 'same_day';
  if (key === 'domestic' || key === 'uktouk' || key === 'ukuk' || key === 'uk') return 'domestic';
  return null;
}

function numberText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return value.trim();
  return '';
}

function parcelsFrom(params: URLSearchParams): ParcelValues[] {
  const lengths = params.getAll('length');
  const widths = params.getAll('width');
  const heights = params.getAll('height');
  const weights = params.getAll('weight');
  const count = Math.min(20, Math.max(1, lengths.length, widths.length, heights.length, weights.length));
  return Array.from({ length: count }, (_, i) => ({
    length: numberText(lengths[i]),
    width: numberText(widths[i]),
    height: numberText(heights[i]),
    weight: numberText(weights[i]),
  }));
}

export function parseRouteQuery(params: URLSearchParams): RouteValues {
  const from = params.get('from')?.trim() ?? '';
  const to = params.get('to')?.trim() ?? '';
  const fromPostcode = params.get('fromPostcode')?.trim() ?? (looksLikePostcode(from) ? from : '');
  const toPostcode = params.get('toPostcode')?.trim() ?? (looksLikePostcode(to) ? to : '');
  // The results page's default type is Same Day; an empty query (the dashboard's link) starts domestic.
  const hasRoute = ['from', 'to', 'fromPostcode', 'toPostcode', 'length'].some((key) => params.get(key));
  const serviceType =
    parseServiceType(params.get('type') ?? params.get('serviceType')) ?? (hasRoute ? 'same_day' : 'domestic');
  const parcels = parcelsFrom(params);
  if (serviceType === 'same_day') return { serviceType, from: '', to: '', fromPostcode, toPostcode, parcels };
  if (serviceType === 'international')
    return { serviceType, from: 'GB', to, fromPostcode: '', toPostcode: '', parcels };
  return { serviceType, from, to, fromPostcode: '', toPostcode: '', parcels };
}
