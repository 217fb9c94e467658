/**
 * The quote form's values, their validation, and the `/result` query string they become.
 *
 * URL contract (read by /result and, for "Post a job instead", by /post-job):
 *
 *   /result?type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=1
 *   /result?type=International&from=GB&to=FR&length=…            (to: ISO code; a country name is also read)
 *   /result?type=Same%20Day&fromPostcode=SW1A%201AA&toPostcode=EC1A%201BB&length=…
 *
 * `type` is Domestic, International or Same Day (the spec's values; the API's domestic,
 * international and same_day are read too); without it the spec's default, Same Day, applies.
 * Several parcels repeat the four measures in order: the n-th `length`, `width`, `height` and
 * `weight` describe parcel n. A reader that knows only one parcel reads the first.
 */
import { findUkNation } from '@consign/shared/nations';
import { normalisePostcode } from '@consign/shared/postcodes';
import { z } from 'zod';
import type { Country, DestinationCode, Parcel, QuoteRequest, ServiceType, UkNation } from '../api/quotes';
import { DEFAULT_DESTINATION, DEFAULT_NATION, INTERNATIONAL_ORIGIN, UK_NATIONS } from './referenceData';

/** Mirrors the API's bounds (features/quotes/quotes.schemas.ts). */
export const MAX_PARCELS = 20;
export const MAX_DIMENSION_CM = 500;
export const MAX_WEIGHT_KG = 1000;

export const FILL_ALL_FIELDS = 'Please fill in every field.';
/** Every field is filled but one is refused: the toast says so rather than asking for all fields. */
export const FIX_FIELDS = 'Please correct the fields marked below.';
export const POSTCODE_INVALID = 'Enter a valid UK postcode, such as SW1A 1AA';

export type QuoteTypeParam = 'Domestic' | 'International' | 'Same Day';

export const TYPE_PARAM: Record<ServiceType, QuoteTypeParam> = {
  domestic: 'Domestic',
  international: 'International',
  same_day: 'Same Day',
};

const SERVICE_FROM_PARAM: Record<string, ServiceType> = {
  domestic: 'domestic',
  international: 'international',
  'same day': 'same_day',
  same_day: 'same_day',
  sameday: 'same_day',
};

/* ------------------------------------------------------------------ form values */

export interface ParcelFields {
  length: string;
  width: string;
  height: string;
  weight: string;
}

export interface QuoteFormValues {
  serviceType: ServiceType;
  from: UkNation;
  to: UkNation;
  /** ISO code of the international destination. */
  destination: string;
  fromPostcode: string;
  toPostcode: string;
  parcels: ParcelFields[];
}

export const EMPTY_PARCEL: ParcelFields = { length: '', width: '', height: '', weight: '1' };

export function defaultFormValues(defaultDestination = DEFAULT_DESTINATION): QuoteFormValues {
  return {
    serviceType: 'domestic',
    from: DEFAULT_NATION,
    to: DEFAULT_NATION,
    destination: defaultDestination,
    fromPostcode: '',
    toPostcode: '',
    parcels: [{ ...EMPTY_PARCEL }],
  };
}

const isNumber = (v: string) => v.trim() !== '' && Number.isFinite(Number(v));

/** What each measure is called in messages, its upper bound and its unit. */
const MEASURES: Record<keyof ParcelFields, readonly [label: string, max: number, unit: string]> = {
  length: ['Length', MAX_DIMENSION_CM, 'cm'],
  width: ['Width', MAX_DIMENSION_CM, 'cm'],
  height: ['Height', MAX_DIMENSION_CM, 'cm'],
  weight: ['Weight', MAX_WEIGHT_KG, 'kg'],
};
const MEASURE_KEYS = Object.keys(MEASURES) as (keyof ParcelFields)[];

/** What is wrong with a measure as typed (the first thing), or undefined when it is usable. */
function measureProblem(key: keyof ParcelFields, value: string): string | undefined {
  const [label, max, unit] = MEASURES[key];
  const v = value.trim();
  if (v === '') return `Enter the ${label.toLowerCase()}`;
  if (!isNumber(v)) return `${label} must be a number`;
  if (Number(v) <= 0) return `${label} must be more than 0`;
  if (Number(v) > max) return `${label} must be at most ${max} ${unit}`;
  return undefined;
}

/**
 * The form's weight: a measure, in tenths of a kilogram, and no heavier than the heaviest parcel
 * an active service takes (GET /quotes/limits) when that is known. A results link is read with
 * the API's own bounds only: the quote then says that nothing carries it.
 */
export function weightProblem(value: string, maxWeightKg?: number | null): string | undefined {
  const problem = measureProblem('weight', value);
  if (problem) return problem;
  const kg = Number(value.trim());
  if (maxWeightKg != null && kg > maxWeightKg) {
    return `No courier takes more than ${maxWeightKg} kg`;
  }
  if (Math.abs(kg * 10 - Math.round(kg * 10)) > 1e-9) return 'Weight to 0.1 kg, such as 2.5';
  return undefined;
}

/**
 * The first problem of a parcel's measures, in the form's order. The results page checks its
 * URL with this rather than through zod: building a zod schema and its first parse were 40 ms
 * of a phone's main thread in the task that asks for the quote.
 */
function parcelProblem(fields: ParcelFields): string | undefined {
  for (const key of MEASURE_KEYS) {
    const problem = measureProblem(key, fields[key]);
    if (problem) return problem;
  }
  return undefined;
}

const measure = (key: keyof ParcelFields) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = measureProblem(key, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const buildParcelSchema = (maxWeightKg: number | null) =>
  z.object({
    length: measure('length'),
    width: measure('width'),
    height: measure('height'),
    weight: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const problem = weightProblem(value, maxWeightKg);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  });

const postcode = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, missing)
    .refine((v) => v === '' || normalisePostcode(v) !== null, POSTCODE_INVALID);

/**
 * Only the fields of the chosen tab are checked; the others keep their values for a tab switch.
 * Built on first use, not when the module loads: building zod schemas took tens of milliseconds
 * of a phone's main thread while the home page was starting, before anyone could submit.
 * `maxWeightKg`: the heaviest parcel the chosen service type's services take, when known.
 */
export function quoteFormSchema(maxWeightKg: number | null = null) {
  let schema = formSchemas.get(maxWeightKg);
  if (!schema) {
    schema = buildQuoteFormSchema(maxWeightKg);
    formSchemas.set(maxWeightKg, schema);
  }
  return schema;
}

const formSchemas = new Map<number | null, ReturnType<typeof buildQuoteFormSchema>>();

const buildQuoteFormSchema = (maxWeightKg: number | null) =>
  z
    .object({
      serviceType: z.enum(['domestic', 'international', 'same_day']),
      from: z.enum(UK_NATIONS as [UkNation, ...UkNation[]]),
      to: z.enum(UK_NATIONS as [UkNation, ...UkNation[]]),
      destination: z.string(),
      fromPostcode: z.string(),
      toPostcode: z.string(),
      parcels: z
        .array(buildParcelSchema(maxWeightKg))
        .min(1)
        .max(MAX_PARCELS, `At most ${MAX_PARCELS} parcels`),
    })
    .superRefine((values, ctx) => {
      if (values.serviceType === 'international' && !values.destination) {
        ctx.addIssue({ code: 'custom', path: ['destination'], message: 'Choose a destination' });
      }
      if (values.serviceType !== 'same_day') return;
      for (const [key, missing] of [
        ['fromPostcode', 'Enter the collection postcode'],
        ['toPostcode', 'Enter the delivery postcode'],
      ] as const) {
        const result = postcode(missing).safeParse(values[key]);
        if (!result.success) {
          ctx.addIssue({ code: 'custom', path: [key], message: result.error.issues[0]!.message });
        }
      }
    });

/** True when a required field is blank: the FILL_ALL_FIELDS case (FIX_FIELDS otherwise). */
export function hasEmptyRequiredField(values: QuoteFormValues): boolean {
  const blank = (v: string | undefined) => !v || v.trim() === '';
  if (values.parcels.some((p) => blank(p.length) || blank(p.width) || blank(p.height) || blank(p.weight))) {
    return true;
  }
  return values.serviceType === 'same_day' && (blank(values.fromPostcode) || blank(values.toPostcode));
}

function toParcel(fields: ParcelFields): Parcel {
  return {
    length: Number(fields.length),
    width: Number(fields.width),
    height: Number(fields.height),
    weight: Number(fields.weight),
  };
}

/** The API request for values that passed `quoteFormSchema`. */
export function requestFromForm(values: QuoteFormValues): QuoteRequest {
  const parcels = values.parcels.map(toParcel);
  switch (values.serviceType) {
    case 'domestic':
      return { serviceType: 'domestic', from: values.from, to: values.to, parcels };
    case 'international':
      return {
        serviceType: 'international',
        from: INTERNATIONAL_ORIGIN,
        to: values.destination as DestinationCode,
        parcels,
      };
    case 'same_day':
      return {
        serviceType: 'same_day',
        fromPostcode: normalisePostcode(values.fromPostcode) ?? values.fromPostcode.trim(),
        toPostcode: normalisePostcode(values.toPostcode) ?? values.toPostcode.trim(),
        parcels,
      };
  }
}

/** Form values showing a request (the form above the results starts from the current search). */
export function formFromRequest(
  request: QuoteRequest,
  defaultDestination = DEFAULT_DESTINATION,
): QuoteFormValues {
  const values = defaultFormValues(defaultDestination);
  values.serviceType = request.serviceType;
  values.parcels = request.parcels.map((p) => ({
    length: String(p.length),
    width: String(p.width),
    height: String(p.height),
    weight: String(p.weight),
  }));
  if (request.serviceType === 'domestic') {
    values.from = request.from;
    values.to = request.to;
  } else if (request.serviceType === 'international') {
    values.destination = request.to;
  } else {
    values.fromPostcode = request.fromPostcode;
    values.toPostcode = request.toPostcode;
  }
  return values;
}

/* ------------------------------------------------------------------ the URL */

const trimNumber = (n: number) => String(n);

/** `type=…&from=…&to=…&length=…` for a request; append to `/result?` or `/post-job?`. */
export function searchFromRequest(request: QuoteRequest): string {
  const params = new URLSearchParams();
  params.set('type', TYPE_PARAM[request.serviceType]);
  if (request.serviceType === 'same_day') {
    params.set('fromPostcode', request.fromPostcode);
    params.set('toPostcode', request.toPostcode);
  } else {
    params.set('from', request.serviceType === 'international' ? INTERNATIONAL_ORIGIN : request.from);
    params.set('to', request.to);
  }
  for (const parcel of request.parcels) {
    params.append('length', trimNumber(parcel.length));
    params.append('width', trimNumber(parcel.width));
    params.append('height', trimNumber(parcel.height));
    params.append('weight', trimNumber(parcel.weight));
  }
  return params.toString();
}

export type ParsedSearch =
  /** Nothing to search for yet: the page asks for the form. */
  | { kind: 'empty' }
  /** A destination given by name needs the destination list, which is still loading. */
  | { kind: 'pending' }
  | { kind: 'invalid'; message: string }
  | { kind: 'ok'; request: QuoteRequest };

const ROUTE_KEYS = ['length', 'width', 'height', 'weight', 'from', 'to', 'fromPostcode', 'toPostcode'];

function nation(value: string | null): UkNation | undefined {
  return findUkNation(value ?? '');
}

/**
 * Reads `/result`'s query string. `destinations` is the list from GET /meta, needed only when
 * the destination is given by name rather than ISO code; undefined while it loads.
 */
export function parseResultSearch(params: URLSearchParams, destinations?: readonly Country[]): ParsedSearch {
  if (!ROUTE_KEYS.some((key) => params.get(key)?.trim())) return { kind: 'empty' };

  const typeParam = (params.get('type') ?? TYPE_PARAM.same_day).trim().toLowerCase();
  const serviceType = SERVICE_FROM_PARAM[typeParam];
  if (!serviceType) return { kind: 'invalid', message: `Unknown service type "${params.get('type')}"` };

  const lengths = params.getAll('length');
  const widths = params.getAll('width');
  const heights = params.getAll('height');
  const weights = params.getAll('weight');
  const count = Math.max(lengths.length, widths.length, heights.length, weights.length);
  if (count === 0) return { kind: 'invalid', message: 'Enter the size and weight of your parcel' };
  if (count > MAX_PARCELS)
    return { kind: 'invalid', message: `A quote covers at most ${MAX_PARCELS} parcels` };

  const parcels: Parcel[] = [];
  for (let i = 0; i < count; i++) {
    const fields: ParcelFields = {
      length: lengths[i] ?? '',
      width: widths[i] ?? '',
      height: heights[i] ?? '',
      weight: weights[i] ?? '',
    };
    const message = parcelProblem(fields);
    if (message) return { kind: 'invalid', message: count > 1 ? `Parcel ${i + 1}: ${message}` : message };
    parcels.push(toParcel(fields));
  }

  if (serviceType === 'domestic') {
    const from = nation(params.get('from'));
    const to = nation(params.get('to'));
    if (!from || !to)
      return { kind: 'invalid', message: `Choose where from and to: ${UK_NATIONS.join(', ')}` };
    return { kind: 'ok', request: { serviceType, from, to, parcels } };
  }

  if (serviceType === 'international') {
    const raw = (params.get('to') ?? '').trim();
    let code: string | undefined;
    if (/^[A-Za-z]{2}$/.test(raw)) {
      code = raw.toUpperCase();
    } else if (raw) {
      if (!destinations) return { kind: 'pending' };
      code = destinations.find((d) => d.name.toLowerCase() === raw.toLowerCase())?.code;
    }
    if (!code) return { kind: 'invalid', message: 'Choose a destination country' };
    return {
      kind: 'ok',
      request: { serviceType, from: INTERNATIONAL_ORIGIN, to: code as DestinationCode, parcels },
    };
  }

  const fromPostcode = normalisePostcode(params.get('fromPostcode') ?? '');
  const toPostcode = normalisePostcode(params.get('toPostcode') ?? '');
  if (!fromPostcode || !toPostcode) return { kind: 'invalid', message: POSTCODE_INVALID };
  return { kind: 'ok', request: { serviceType, fromPostcode, toPostcode, parcels } };
}
