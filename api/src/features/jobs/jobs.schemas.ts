import { z } from '@hono/zod-openapi';
import { JOB_STATUSES } from '../../db/schema';
import { CURRENCIES, minorUnitsToDecimal } from '../../domain/money';
import { SERVICE_TYPE_VALUES } from '../../domain/services';
import { MoneySchema, nullableRef } from '../../lib/openapi';
import { cursorQuery, limitQuery } from '../../lib/pagination';
import {
  OrderAddressSchema,
  OrderCustomsSchema,
  OrderItemSchema,
  OrderPaymentSummarySchema,
  ParcelCopySchema,
  shipmentFields,
  wholeMinorUnits,
} from '../orders';
import { MAX_PARCELS, ParcelSchema, QuoteRequestSchema } from '../quotes';

/** £1.00: below this no courier would take a parcel, and the fee would eat the payment. */
export const MIN_ASKING_PRICE = 100;
/** £100,000: far above any parcel job, low enough to catch a pounds/pence mix-up. */
export const MAX_ASKING_PRICE = 10_000_000;

export const SELECT_SERVICE_MESSAGE = 'Please select a courier service';

export const AskingPriceSchema = z
  .strictObject({
    amount: wholeMinorUnits('Asking price')
      .min(MIN_ASKING_PRICE, `The asking price must be at least ${minorUnitsToDecimal(MIN_ASKING_PRICE)}`)
      .max(MAX_ASKING_PRICE, 'The asking price is too large')
      .openapi({ description: 'Minor units, VAT included (this is what you pay)', example: 2500 }),
    currency: z.enum(CURRENCIES, { error: `Choose a currency: ${CURRENCIES.join(', ')}` }),
  })
  .openapi('AskingPrice');

/** The route part of a job, exactly the fields a quote request has. */
const ROUTE_KEYS = ['serviceType', 'from', 'to', 'fromPostcode', 'toPostcode', 'parcels'] as const;

export const CreateJobBodySchema = z
  .strictObject({
    serviceType: z.enum(SERVICE_TYPE_VALUES, {
      error: `Choose a service type: ${SERVICE_TYPE_VALUES.join(', ')}`,
    }),
    from: z.string({ error: 'from must be text' }).optional().openapi({
      description: 'As in a quote request: a UK nation (domestic, same day) or GB (international)',
    }),
    to: z.string({ error: 'to must be text' }).optional().openapi({
      description: 'As in a quote request: a UK nation, or the destination ISO code (international)',
    }),
    fromPostcode: z
      .string({ error: 'fromPostcode must be text' })
      .optional()
      .openapi({ description: 'Same day only' }),
    toPostcode: z
      .string({ error: 'toPostcode must be text' })
      .optional()
      .openapi({ description: 'Same day only' }),
    parcels: z
      .array(ParcelSchema, { error: 'parcels must be a list of parcels' })
      .min(1, 'Add at least one parcel')
      .max(MAX_PARCELS, `A job covers at most ${MAX_PARCELS} parcels`),
    collectionAddress: OrderAddressSchema,
    deliveryAddress: OrderAddressSchema,
    collectionDate: shipmentFields.collectionDate,
    contents: shipmentFields.contents,
    contentValue: shipmentFields.contentValue.openapi({
      description: 'Minor units of the asking price currency',
    }),
    customs: shipmentFields.customs.openapi({ description: 'Required for international jobs' }),
    items: shipmentFields.items.openapi({
      description: 'The breakdown of contents; at least one for international jobs',
    }),
    askingPrice: AskingPriceSchema,
    notes: shipmentFields.notes.openapi({ description: 'For the courier; shown to vendors with the job' }),
  })
  .superRefine((body, ctx) => {
    // The route obeys exactly the quote request's rules (nations, destinations, postcodes), so
    // a job describes a consignment the quote engine can match against courier services.
    const route = routeOf(body);
    const parsed = QuoteRequestSchema.safeParse(route);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is not part of a ${body.serviceType} route`,
          });
        }
      } else {
        ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
      }
    }
  })
  .openapi('CreateJobRequest', {
    description:
      'A route and parcels as in a quote request, the addresses and details as in a booking, and the price ' +
      'the customer offers. International jobs need customs details and at least one item.',
  });

export type CreateJobBody = z.infer<typeof CreateJobBodySchema>;

/** The quote-request part of a job body, without absent keys (quote requests are strict). */
export function routeOf(body: Pick<CreateJobBody, (typeof ROUTE_KEYS)[number]>) {
  return Object.fromEntries(ROUTE_KEYS.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
}

export const JobStatusSchema = z.enum(JOB_STATUSES).openapi('JobStatus');

export const JobRouteSchema = z
  .object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    fromPostcode: z.string().nullable(),
    toPostcode: z.string().nullable(),
  })
  .openapi('JobRoute', {
    description: 'Nations for domestic and same day, GB and a country code for international',
  });

export const JobSchema = z
  .object({
    id: z.string(),
    reference: z.string().openapi({ example: '#a1b2c3d4' }),
    status: JobStatusSchema,
    serviceType: z.enum(SERVICE_TYPE_VALUES),
    route: JobRouteSchema,
    parcels: z.array(ParcelCopySchema),
    collectionAddress: OrderAddressSchema,
    deliveryAddress: OrderAddressSchema,
    collectionDate: z.string(),
    contents: z.string(),
    contentValue: z.number().int(),
    customs: nullableRef(OrderCustomsSchema),
    items: z.array(OrderItemSchema).nullable(),
    notes: z.string().nullable(),
    askingPrice: MoneySchema,
    orderId: z
      .string()
      .nullable()
      .openapi({ description: 'The order the job became once a courier accepted it' }),
    customerId: z.string().optional().openapi({ description: 'The customer’s account; to staff only' }),
    payment: nullableRef(OrderPaymentSummarySchema),
    actions: z.object({ pay: z.boolean(), withdraw: z.boolean() }),
    paidAt: z.iso.datetime().nullable(),
    expiresAt: z.iso
      .datetime()
      .openapi({ description: 'An open job not accepted by then expires and is refunded' }),
    acceptedAt: z.iso.datetime().nullable(),
    closedAt: z.iso.datetime().nullable().openapi({ description: 'When it was withdrawn or expired' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('Job');

export const JobListSchema = z
  .object({ items: z.array(JobSchema), nextCursor: z.string().nullable(), total: z.number().int() })
  .openapi('JobList');

const PlaceSchema = z
  .object({ town: z.string(), county: z.string(), postcode: z.string(), country: z.string() })
  .openapi('JobPlace', {
    description: 'Where, without the person: names, streets and contacts come with the order',
  });

export const VendorJobSchema = z
  .object({
    id: z.string(),
    reference: z.string(),
    serviceType: z.enum(SERVICE_TYPE_VALUES),
    route: JobRouteSchema,
    parcels: z.array(ParcelCopySchema),
    collection: PlaceSchema,
    delivery: PlaceSchema,
    collectionDate: z.string(),
    contents: z.string(),
    contentValue: z.number().int(),
    notes: z.string().nullable(),
    askingPrice: MoneySchema,
    postedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    services: z.array(z.object({ id: z.string(), name: z.string() })).openapi({
      description: 'The caller’s active courier services that could carry it: accept with one of these',
    }),
  })
  .openapi('VendorJob');

export const VendorJobListSchema = z
  .object({
    items: z.array(VendorJobSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .openapi('VendorJobList');

export const JobListQuerySchema = z.object({
  limit: limitQuery,
  cursor: cursorQuery(),
  status: JobStatusSchema.optional().openapi({ param: { name: 'status', in: 'query' } }),
});

export const VendorJobListQuerySchema = z.object({
  limit: limitQuery,
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(10_000, 'page must be at most 10000')
    .default(1)
    .openapi({ param: { name: 'page', in: 'query' }, example: 1 }),
});

export const JobIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0193f1b2-7c1e-7000-8000-00000000abcd' }),
});

export const AcceptJobBodySchema = z
  .strictObject({
    courierServiceId: z
      .string({ error: SELECT_SERVICE_MESSAGE })
      .trim()
      .min(1, SELECT_SERVICE_MESSAGE)
      .max(64, 'Not a courier service id')
      .openapi({ description: 'One of the caller’s active courier services that can carry the job' }),
  })
  .openapi('AcceptJobRequest');
