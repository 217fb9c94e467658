import { z } from '@hono/zod-openapi';
import { CURRENCIES } from '../../domain/currency';
import { HANDOVER_VALUES, LABEL_MODE_VALUES } from '../../domain/handover';
import { SERVICE_TYPE_VALUES } from '../../domain/services';
import { COURIER_SERVICE_STATUSES } from '../../domain/statuses';
import { nullableRef } from '../../lib/openapi';
import { ImageUrlSchema } from '../vendors';

export const NAME_AND_TYPE_REQUIRED = 'Service name and type are required';
export const TIER_REQUIRED = 'At least one weight tier is required';

export const ServiceTypeSchema = z.enum(SERVICE_TYPE_VALUES).openapi('ServiceType');
export const CurrencySchema = z.enum(CURRENCIES).openapi('Currency');
export const HandoverSchema = z.enum(HANDOVER_VALUES).openapi('Handover', {
  description:
    'How the parcel starts: collected from the collection address, taken to one of the courier’s drop-off points, or either',
});
export const LabelModeSchema = z.enum(LABEL_MODE_VALUES).openapi('LabelMode', {
  description:
    "'printed': the sender prints the label; 'printerless': the drop-off point scans a QR code and prints it",
});

export const WeightTierSchema = z
  .strictObject({
    maxKg: z
      .number({ error: 'maxKg must be a number' })
      .gt(0, 'maxKg must be greater than 0')
      .max(10_000, 'maxKg must be at most 10000'),
    price: z
      .number({ error: 'price must be a number' })
      .int('price is in minor units (pence) and must be a whole number')
      // A free tier would make a zero total that no payment provider accepts.
      .min(1, 'price must be at least 1 (one penny, in minor units)')
      .max(100_000_000, 'price is too large'),
  })
  .openapi('WeightTier', {
    description: 'Parcels up to maxKg (chargeable weight) cost price, in minor units',
  });

const fee = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} is in minor units (pence) and must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`);

export const SameDayPricingSchema = z
  .strictObject({
    baseFee: fee('baseFee'),
    // A rate, not an amount: it may be fractional (137.5 = £1.375 a mile); the fee is rounded once.
    perMile: z
      .number({ error: 'perMile must be a number' })
      .min(0, 'perMile cannot be negative')
      .max(1_000_000, 'perMile is too large'),
    minimumFee: fee('minimumFee'),
    maxMiles: z
      .number({ error: 'maxMiles must be a number of miles or null' })
      .positive('maxMiles must be more than 0')
      .max(1000, 'maxMiles must be at most 1000')
      .nullable()
      .optional()
      .openapi({
        description:
          'The furthest this service drives, in road miles; null or absent: no limit. ' +
          'A same-day quote over it does not offer the service.',
        example: 50,
      }),
  })
  .openapi('SameDayPricing', {
    description: 'Distance price in minor units: max(minimumFee, baseFee + perMile × miles)',
  });

/** A size or weight limit; null (or absent when creating) means no limit. */
const limit = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number or null` })
    .min(0, `${name} cannot be negative`)
    .max(max, `${name} must be at most ${max}`)
    .nullable();

const emptyToNull = (v: string | null | undefined) => (v === '' ? null : v);

/** Every field as the wire carries it; create and update pick from these. */
const fields = {
  name: z
    .string({ error: (issue) => (issue.input === undefined ? NAME_AND_TYPE_REQUIRED : 'name must be text') })
    .trim()
    .min(1, NAME_AND_TYPE_REQUIRED)
    .max(120, 'name must be at most 120 characters'),
  serviceType: z.enum(SERVICE_TYPE_VALUES, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? NAME_AND_TYPE_REQUIRED
        : 'serviceType must be domestic, international or same_day',
  }),
  currency: z.enum(CURRENCIES, { error: 'currency must be GBP, EUR or USD' }),
  logoUrl: z
    .union([z.literal(''), ImageUrlSchema])
    .nullable()
    .transform(emptyToNull),
  fromLocation: z
    .string({ error: 'fromLocation must be text' })
    .trim()
    .openapi({ description: "A UK nation or 'Any'; 'GB' for international", example: 'England' }),
  toLocation: z
    .union([z.string().trim(), z.array(z.string().trim()).max(300)], {
      error: 'toLocation must be a location or a list of country codes',
    })
    .openapi({
      description:
        "Domestic and same day: a UK nation or 'Any'. International: 'Any' or a list of ISO 3166 alpha-2 destination codes",
      example: 'Any',
    }),
  weightTiers: z
    .array(WeightTierSchema, { error: TIER_REQUIRED })
    .min(1, TIER_REQUIRED)
    .max(50, 'At most 50 weight tiers'),
  maxLengthCm: limit('maxLengthCm', 10_000),
  maxWidthCm: limit('maxWidthCm', 10_000),
  maxHeightCm: limit('maxHeightCm', 10_000),
  maxWeightKg: limit('maxWeightKg', 10_000),
  volumetricDivisor: z
    .number({ error: 'volumetricDivisor must be a number' })
    .int('volumetricDivisor must be a whole number')
    .min(1000, 'volumetricDivisor must be between 1000 and 10000')
    .max(10_000, 'volumetricDivisor must be between 1000 and 10000'),
  transitDays: z
    .number({ error: 'transitDays must be a number' })
    .int('transitDays must be a whole number of working days')
    .min(0, 'transitDays cannot be negative')
    .max(30, 'transitDays must be at most 30 working days'),
  sameDay: nullableRef(SameDayPricingSchema),
  handover: z.enum(HANDOVER_VALUES, { error: 'handover must be collection, drop_off or both' }),
  labelMode: z.enum(LABEL_MODE_VALUES, { error: 'labelMode must be printed or printerless' }),
  status: z.enum(COURIER_SERVICE_STATUSES, { error: 'status must be active or inactive' }),
};

export const CreateCourierBodySchema = z
  .strictObject({
    name: fields.name,
    serviceType: fields.serviceType,
    currency: fields.currency.optional().openapi({ default: 'GBP' }),
    logoUrl: fields.logoUrl.optional(),
    fromLocation: fields.fromLocation
      .optional()
      .openapi({ description: "Defaults to 'Any' ('GB' for international)" }),
    toLocation: fields.toLocation.optional().openapi({ description: "Defaults to 'Any'" }),
    weightTiers: fields.weightTiers,
    maxLengthCm: fields.maxLengthCm.optional(),
    maxWidthCm: fields.maxWidthCm.optional(),
    maxHeightCm: fields.maxHeightCm.optional(),
    maxWeightKg: fields.maxWeightKg.optional(),
    volumetricDivisor: fields.volumetricDivisor.optional().openapi({ default: 5000 }),
    transitDays: fields.transitDays
      .optional()
      .openapi({ description: 'Working days from collection; defaults to 0 for same day, otherwise 2' }),
    sameDay: fields.sameDay
      .optional()
      .openapi({ description: 'Required for same-day services, only for them' }),
    handover: fields.handover.optional().openapi({
      description: "Defaults to 'collection' for same day (the only choice there), otherwise 'both'",
    }),
    labelMode: fields.labelMode
      .optional()
      .openapi({ description: "Defaults to 'printed'; 'printerless' needs handover 'drop_off'" }),
    status: fields.status.optional().openapi({ default: 'active' }),
  })
  .openapi('CreateCourierServiceRequest');

/** Any subset of the fields; the service checks that the result is still a valid service. */
export const UpdateCourierBodySchema = z
  .strictObject({
    name: fields.name.optional(),
    serviceType: fields.serviceType.optional(),
    currency: fields.currency.optional(),
    logoUrl: fields.logoUrl.optional(),
    fromLocation: fields.fromLocation.optional(),
    toLocation: fields.toLocation.optional(),
    weightTiers: fields.weightTiers.optional(),
    maxLengthCm: fields.maxLengthCm.optional(),
    maxWidthCm: fields.maxWidthCm.optional(),
    maxHeightCm: fields.maxHeightCm.optional(),
    maxWeightKg: fields.maxWeightKg.optional(),
    volumetricDivisor: fields.volumetricDivisor.optional(),
    transitDays: fields.transitDays.optional(),
    sameDay: fields.sameDay.optional(),
    handover: fields.handover.optional(),
    labelMode: fields.labelMode.optional(),
    status: fields.status.optional(),
  })
  .openapi('UpdateCourierServiceRequest');

export const CourierServiceSchema = z
  .object({
    id: z.string(),
    vendorId: z.string(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    serviceType: ServiceTypeSchema,
    currency: CurrencySchema,
    fromLocation: z.string(),
    toLocation: z.union([z.string(), z.array(z.string())]),
    weightTiers: z.array(WeightTierSchema),
    maxLengthCm: z.number().nullable(),
    maxWidthCm: z.number().nullable(),
    maxHeightCm: z.number().nullable(),
    maxWeightKg: z.number().nullable(),
    volumetricDivisor: z.number().int(),
    transitDays: z.number().int(),
    sameDay: nullableRef(SameDayPricingSchema),
    handover: HandoverSchema,
    labelMode: LabelModeSchema,
    status: z.enum(COURIER_SERVICE_STATUSES),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('CourierService');

export const CourierServiceListSchema = z
  .object({ items: z.array(CourierServiceSchema).openapi({ description: 'Newest first' }) })
  .openapi('CourierServiceList');

export const CourierIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e' }),
});

/** A courier's record over the last 90 days, shown beside its on-time score (scores.ts, `recordOf`). */
export const CourierRecordSchema = z
  .object({
    orders: z.number().int().openapi({ description: "The courier's orders paid in the last 90 days" }),
    adjustments: z
      .number()
      .int()
      .openapi({ description: 'Price adjustments it filed in the last 90 days, whatever their outcome' }),
    adjustmentRate: z.number().nullable().openapi({
      description:
        'adjustments ÷ orders (0–1, three decimals); null below 10 orders (show "Not enough orders yet")',
      example: 0.02,
    }),
    claims: z.number().int().openapi({ description: 'Loss and damage claims filed in the last 90 days' }),
    claimsPerHundred: z.number().nullable().openapi({
      description: 'claims per hundred orders (one decimal); null below 10 orders',
      example: 1.5,
    }),
    claimsDecided: z.number().int().openapi({
      description:
        'Claims decided for good in the last 90 days: accepted or part accepted (by the courier or staff), or rejected by staff',
    }),
    claimsAccepted: z.number().nullable().openapi({
      description:
        'Share (0–1, three decimals) of the decided claims accepted in full or in part; null below 10 orders or 3 decided claims',
      example: 0.667,
    }),
  })
  .openapi('CourierRecord', {
    description: "The courier's adjustment and claim record over the last 90 days, as of reading",
  });
