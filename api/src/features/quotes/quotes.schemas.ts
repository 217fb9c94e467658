import { z } from '@hono/zod-openapi';
import { HANDOVER_VALUES, LABEL_MODE_VALUES } from '../../domain/handover';
import { CURRENCIES } from '../../domain/money';
import { UK_NATION_VALUES } from '../../domain/nations';
import { DESTINATION_CODES } from '../../domain/reference-data';
import { SERVICE_TYPE_VALUES } from '../../domain/services';
import { isIsoDate } from '../../domain/uk-days';
import { parseUkPostcode } from '../../providers/distance';
import { CourierRecordSchema } from '../couriers';

/** Sane upper bounds: far above any courier's limits, low enough to catch a unit mix-up (mm, g). */
export const MAX_PARCELS = 20;
export const MAX_DIMENSION_CM = 500;
export const MAX_WEIGHT_KG = 1000;

const measure = (label: string, max: number, unit: string, example: number) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
    })
    .positive(`${label} must be more than 0`)
    .max(max, `${label} must be at most ${max} ${unit}`)
    .openapi({ example });

export const ParcelSchema = z
  .strictObject({
    length: measure('Length', MAX_DIMENSION_CM, 'cm', 30),
    width: measure('Width', MAX_DIMENSION_CM, 'cm', 20),
    height: measure('Height', MAX_DIMENSION_CM, 'cm', 15),
    weight: measure('Weight', MAX_WEIGHT_KG, 'kg', 2),
  })
  .openapi('Parcel', { description: 'Centimetres and kilograms' });

const parcels = z
  .array(ParcelSchema, { error: 'parcels must be a list of parcels' })
  .min(1, 'Add at least one parcel')
  .max(MAX_PARCELS, `A quote covers at most ${MAX_PARCELS} parcels`);

const UkNationSchema = z.enum(UK_NATION_VALUES, {
  error: `Choose one of ${UK_NATION_VALUES.join(', ')}`,
});

const DestinationSchema = z
  .enum(DESTINATION_CODES, { error: 'Choose a destination country from the list (ISO code, e.g. FR)' })
  .openapi({ description: 'ISO 3166-1 alpha-2 code of one of the destinations GET /meta lists' });

/** Any spacing or case in; the canonical "SW1A 1AA" out, so logs and look-ups agree. */
const PostcodeSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Postcode is required' : 'Postcode must be text'),
  })
  .max(16, 'Enter a valid UK postcode, such as SW1A 1AA')
  .transform((value, ctx) => {
    const parsed = parseUkPostcode(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid UK postcode, such as SW1A 1AA' });
      return z.NEVER;
    }
    return parsed.postcode;
  })
  .openapi({ type: 'string', example: 'SW1A 1AA' });

/** Optional on every request: the day the parcel is to be collected, which delivery dates assume. */
const collectionDate = (missing: string) =>
  z
    .string({ error: missing })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Collection date must be a date such as 2026-05-01')
    .refine(isIsoDate, 'Collection date is not a real date');

const CollectionDateSchema = collectionDate('Collection date must be a date such as 2026-05-01')
  .optional()
  .openapi({
    format: 'date',
    description: 'Not before today, UK time; when absent, the next collection day (today on a working day)',
  });

const DomesticRequestSchema = z
  .strictObject({
    serviceType: z.literal('domestic'),
    from: UkNationSchema,
    to: UkNationSchema,
    parcels,
    collectionDate: CollectionDateSchema,
  })
  .openapi('DomesticQuoteRequest');

const InternationalRequestSchema = z
  .strictObject({
    serviceType: z.literal('international'),
    from: z
      .literal('GB', { error: 'International parcels leave from GB' })
      .default('GB')
      .openapi({ description: 'Always GB, the only origin' }),
    to: DestinationSchema,
    parcels,
    collectionDate: CollectionDateSchema,
  })
  .openapi('InternationalQuoteRequest');

const SameDayRequestSchema = z
  .strictObject({
    serviceType: z.literal('same_day'),
    fromPostcode: PostcodeSchema,
    toPostcode: PostcodeSchema,
    from: UkNationSchema.optional().openapi({
      description: "Collection nation; when absent, the nation of the postcode area's main town",
    }),
    to: UkNationSchema.optional().openapi({
      description: "Delivery nation; when absent, the nation of the postcode area's main town",
    }),
    parcels,
    collectionDate: CollectionDateSchema,
  })
  .openapi('SameDayQuoteRequest');

export const QuoteRequestSchema = z
  .discriminatedUnion(
    'serviceType',
    [DomesticRequestSchema, InternationalRequestSchema, SameDayRequestSchema],
    {
      error: (issue) =>
        issue.code === 'invalid_union'
          ? `Choose a service type: ${SERVICE_TYPE_VALUES.join(', ')}`
          : undefined,
    },
  )
  .openapi('QuoteRequest');

export type QuoteRequestInput = z.infer<typeof QuoteRequestSchema>;

const ServiceTypeSchema = z.enum(SERVICE_TYPE_VALUES);

/** The request as validated and normalised, echoed with the quote. */
export const QuoteRequestRecordSchema = z
  .object({
    serviceType: ServiceTypeSchema,
    from: z.string().optional(),
    to: z.string().optional(),
    fromPostcode: z.string().optional(),
    toPostcode: z.string().optional(),
    parcels: z.array(
      z.object({ length: z.number(), width: z.number(), height: z.number(), weight: z.number() }),
    ),
    collectionDate: z.string().optional().openapi({ format: 'date' }),
  })
  .openapi('QuoteRequestRecord');

export const PriceSchema = z
  .object({
    net: z.number().int(),
    vat: z.number().int(),
    total: z.number().int(),
    currency: z.enum(CURRENCIES),
  })
  .openapi('Price', { description: 'Minor units (pence); total = net + VAT' });

export const QuoteOptionSchema = z
  .object({
    id: z.string().openapi({ description: 'The stored option: a booking names it and pays this price' }),
    courierService: z.object({ id: z.string(), name: z.string(), logoUrl: z.string().nullable() }),
    vendor: z.object({ id: z.string(), name: z.string() }),
    serviceType: ServiceTypeSchema,
    handover: z.enum(HANDOVER_VALUES).openapi({
      description:
        "How the parcel starts: 'collection' from the door, 'drop_off' at one of the courier's points (choose one when booking), or 'both'",
    }),
    labelMode: z.enum(LABEL_MODE_VALUES).openapi({
      description:
        "'printed': print the label; 'printerless': the drop-off point scans a QR code and prints it",
    }),
    price: PriceSchema,
    chargeableWeightKg: z.number().openapi({ description: 'Summed over the parcels' }),
    billedBy: z
      .enum(['actual', 'volumetric'])
      .openapi({ description: "'volumetric' when any parcel was billed by its volume" }),
    estimatedDelivery: z.string().openapi({ format: 'date', example: '2026-03-12' }),
    transitDays: z.number().int(),
    limits: z.object({
      maxLengthCm: z.number().nullable(),
      maxWidthCm: z.number().nullable(),
      maxHeightCm: z.number().nullable(),
      maxWeightKg: z.number().nullable(),
      volumetricDivisor: z.number().int().openapi({
        description: 'cm³ per kg: a parcel is billed by max(actual kg, L×W×H ÷ this), as billedBy says',
        example: 5000,
      }),
    }),
    badges: z.array(z.enum(['cheapest', 'fastest'])),
    rating: z
      .object({
        average: z.number().nullable().openapi({
          description: 'Mean review score 1–5 to one decimal; null below 3 reviews (show "New")',
          example: 4.6,
        }),
        count: z.number().int().openapi({ description: 'Reviews of delivered orders of this service' }),
      })
      .openapi('ServiceRating', {
        description: "The courier service's measured review score, as of reading",
      }),
    onTime: z
      .object({
        share: z
          .number()
          .nullable()
          .openapi({
            description:
              "Share (0–1, three decimals) of the last 90 days' delivered orders that arrived by the date " +
              'promised at booking; null below 5 delivered orders',
            example: 0.94,
          }),
        delivered: z.number().int().openapi({ description: 'Orders delivered in the last 90 days' }),
      })
      .openapi('ServiceOnTime', {
        description: "The courier service's measured on-time record, as of reading",
      }),
    record: CourierRecordSchema,
    distance: z
      .object({ miles: z.number(), source: z.enum(['estimate', 'maps']) })
      .optional()
      .openapi({
        description: "Same day only; 'estimate' is great-circle × road factor, 'maps' a routed figure",
      }),
  })
  .openapi('QuoteOption');

export type QuoteOptionDto = z.infer<typeof QuoteOptionSchema>;

export const QuoteSchema = z
  .object({
    id: z.string(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    expiresAt: z.string().openapi({ format: 'date-time' }),
    expired: z
      .boolean()
      .openapi({ description: 'An expired quote is still readable but no longer bookable' }),
    request: QuoteRequestRecordSchema,
    collectionDate: z.string().openapi({
      format: 'date',
      example: '2026-03-10',
      description: "The collection day every option's estimatedDelivery assumes",
    }),
    options: z.array(QuoteOptionSchema).openapi({ description: 'Cheapest first; empty when nothing fits' }),
    routeServed: z.boolean().openapi({
      description:
        'False when no active courier service covers the route at all (for international, the ' +
        'destination country): then say "No courier serves … yet" rather than "nothing fits the parcel"',
    }),
  })
  .openapi('Quote');

export const QuoteIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e' }),
});

export const DeliveryDateParamsSchema = QuoteIdParamsSchema.extend({
  optionId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'optionId', in: 'path' }, example: '0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6f' }),
});

export const DeliveryDateQuerySchema = z.object({
  collectionDate: collectionDate('Collection date is required').openapi({
    param: { name: 'collectionDate', in: 'query' },
    format: 'date',
    example: '2026-03-13',
  }),
});

export const DeliveryDateSchema = z
  .object({
    collectionDate: z.string().openapi({ format: 'date' }),
    estimatedDelivery: z.string().openapi({ format: 'date' }),
  })
  .openapi('DeliveryDate', {
    description:
      'When a parcel collected on collectionDate arrives with this option; a booking stores the same date',
  });

const MaxWeightSchema = z.number().nullable().openapi({
  description:
    'Kilograms: the most any active service takes (its own limit or its heaviest tier); null when none is active',
  example: 30,
});
const TypeLimitsSchema = z.object({ maxWeightKg: MaxWeightSchema });

export const QuoteLimitsSchema = z
  .object({
    maxWeightKg: MaxWeightSchema,
    byServiceType: z
      .object({ domestic: TypeLimitsSchema, international: TypeLimitsSchema, same_day: TypeLimitsSchema })
      .openapi({ description: 'The same, for each service type' }),
  })
  .openapi('QuoteLimits');
