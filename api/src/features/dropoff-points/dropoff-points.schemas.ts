import { z } from '@hono/zod-openapi';
import { DROPOFF_POINT_STATUSES } from '../../db/schema';
import { WEEKDAYS } from '../../domain/handover';
import { FILTER_DAY_MESSAGE, isFilterDay, isIsoDate } from '../../domain/uk-days';
import { parseUkPostcode } from '../../providers/distance';

/** A courier's whole network fits; a bigger file is a sign of a mistake (a whole country's list). */
export const MAX_POINTS_PER_VENDOR = 5000;
export const MAX_CLOSED_DATES = 400;
export const MAX_SEARCH_RESULTS = 50;

const text = (label: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
    })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

export const PostcodeSchema = z
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

const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date such as 2026-12-25` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date such as 2026-12-25`)
    .refine(isIsoDate, `${label} is not a real date`)
    .refine((v) => !isIsoDate(v) || isFilterDay(v), `${label} ${FILTER_DAY_MESSAGE}`)
    .openapi({ format: 'date' });

export const OpeningIntervalSchema = z
  .strictObject({
    opens: z.string({ error: 'Opening time must be HH:MM, such as 09:00' }).openapi({ example: '09:00' }),
    closes: z.string({ error: 'Closing time must be HH:MM, such as 17:30' }).openapi({ example: '17:30' }),
  })
  .openapi('OpeningInterval', {
    description: 'UK local time, 24-hour HH:MM; closes after it opens (24:00 allowed)',
  });

const openings = z
  .array(OpeningIntervalSchema, { error: 'A day is a list of openings ([] when closed)' })
  .openapi({ description: 'In order, not overlapping, at most 4; [] when closed all day' });

/** Monday first; a day left out is closed. The service checks the times (hours.ts). */
export const WeeklyHoursInputSchema = z
  .strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, openings.optional()])) as Record<
      (typeof WEEKDAYS)[number],
      z.ZodOptional<typeof openings>
    >,
  )
  .openapi('WeeklyHoursInput', { description: 'Each weekday’s openings; a day left out is closed' });

export const WeeklyHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(OpeningIntervalSchema)])) as Record<
      (typeof WEEKDAYS)[number],
      z.ZodArray<typeof OpeningIntervalSchema>
    >,
  )
  .openapi('WeeklyHours', { description: 'Every weekday’s openings, Monday first; [] is closed' });

export const ClosedDateSchema = z
  .strictObject({
    date: isoDate('Closed date'),
    reason: z
      .string({ error: 'Reason must be text' })
      .trim()
      .max(120, 'Reason must be at most 120 characters')
      .optional()
      .openapi({ example: 'Christmas Day' }),
  })
  .openapi('ClosedDate', { description: 'A day the point is closed whatever its week says' });

export const DropOffAddressInputSchema = z
  .strictObject({
    line1: text('Street', 200),
    line2: z
      .string({ error: 'Address line 2 must be text' })
      .trim()
      .max(200, 'Address line 2 must be at most 200 characters')
      .optional(),
    town: text('Town', 100),
    postcode: PostcodeSchema,
  })
  .openapi('DropOffAddressInput');

export const DropOffAddressSchema = z
  .object({ line1: z.string(), line2: z.string().nullable(), town: z.string(), postcode: z.string() })
  .openapi('DropOffAddress');

const maxWeightKg = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Heaviest parcel is required' : 'Heaviest parcel must be a number of kg',
  })
  .gt(0, 'Heaviest parcel must be more than 0 kg')
  .max(1000, 'Heaviest parcel must be at most 1000 kg')
  .openapi({ description: 'The heaviest single parcel the counter takes, kg', example: 20 });

const serviceIds = z
  .array(z.string().trim().min(1).max(64), { error: 'Services must be a list of service ids' })
  .min(1, 'Choose at least one service the point takes parcels for')
  .max(200, 'At most 200 services')
  .openapi({ description: 'Courier services of yours, each collection-and-drop-off or drop-off only' });

const code = z
  .string({ error: 'Code must be text' })
  .trim()
  .min(1, 'Code cannot be empty')
  .max(40, 'Code must be at most 40 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Code may contain letters, digits, dots, dashes and underscores')
  .openapi({
    description: 'Your own reference; a CSV import updates the point with the same code',
    example: 'LDN-014',
  });

export const CreateDropOffPointBodySchema = z
  .strictObject({
    code: code.optional().openapi({ description: 'Defaults to the last 8 characters of the id' }),
    name: text('Name', 120).openapi({ example: 'Corner Shop, High Street' }),
    address: DropOffAddressInputSchema,
    openingHours: WeeklyHoursInputSchema,
    closedDates: z
      .array(ClosedDateSchema, { error: 'Closed dates must be a list' })
      .max(MAX_CLOSED_DATES, `At most ${MAX_CLOSED_DATES} closed dates`)
      .optional(),
    maxWeightKg,
    serviceIds,
  })
  .openapi('CreateDropOffPointRequest');

export type CreateDropOffPointBody = z.infer<typeof CreateDropOffPointBodySchema>;

export const UpdateDropOffPointBodySchema = z
  .strictObject({
    code: code.optional(),
    name: text('Name', 120).optional(),
    address: DropOffAddressInputSchema.optional(),
    openingHours: WeeklyHoursInputSchema.optional(),
    closedDates: z
      .array(ClosedDateSchema, { error: 'Closed dates must be a list' })
      .max(MAX_CLOSED_DATES, `At most ${MAX_CLOSED_DATES} closed dates`)
      .optional(),
    maxWeightKg: maxWeightKg.optional(),
    serviceIds: serviceIds.optional(),
  })
  .openapi('UpdateDropOffPointRequest', {
    description:
      'Any subset; a list given replaces the stored one. Orders that can no longer drop off here are emailed to choose another point.',
  });

export type UpdateDropOffPointBody = z.infer<typeof UpdateDropOffPointBodySchema>;

export const DropOffPointStatusSchema = z.enum(DROPOFF_POINT_STATUSES).openapi('DropOffPointStatus', {
  description: "'suspended' by staff (offered to nobody); 'closed' by the courier (kept for its orders)",
});

export const DropOffPointSchema = z
  .object({
    id: z.string(),
    vendorId: z.string(),
    code: z.string(),
    name: z.string(),
    address: DropOffAddressSchema,
    openingHours: WeeklyHoursSchema,
    closedDates: z.array(
      z.object({ date: z.string().openapi({ format: 'date' }), reason: z.string().nullable() }),
    ),
    maxWeightKg: z.number(),
    serviceIds: z.array(z.string()),
    status: DropOffPointStatusSchema,
    suspendedReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('DropOffPoint');

export const DropOffPointListSchema = z
  .object({ items: z.array(DropOffPointSchema).openapi({ description: 'By name' }) })
  .openapi('DropOffPointList');

export const DropOffPointIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e' }),
});

export const ImportDropOffPointsBodySchema = z
  .strictObject({
    text: z
      .string({ error: 'Send the CSV file’s text' })
      .min(1, 'The file is empty')
      .max(5_000_000, 'The file is larger than 5 MB; split it'),
    dryRun: z
      .boolean({ error: 'dryRun must be true or false' })
      .optional()
      .openapi({ description: 'Check every row and change nothing' }),
  })
  .openapi('ImportDropOffPointsRequest', {
    description: 'A CSV file in the format of docs/dropoff-points.md: all rows are saved, or none',
  });

export const ImportDropOffPointsResultSchema = z
  .object({
    dryRun: z.boolean(),
    created: z.number().int().openapi({ description: 'Rows whose code was new' }),
    updated: z.number().int().openapi({ description: 'Rows that replaced the point with the same code' }),
    items: z.array(DropOffPointSchema).openapi({ description: 'The points as saved (or as they would be)' }),
  })
  .openapi('ImportDropOffPointsResult');

export const DayHoursSchema = z
  .object({
    date: z.string().openapi({ format: 'date' }),
    weekday: z.enum(WEEKDAYS),
    open: z.boolean(),
    openings: z.array(OpeningIntervalSchema),
    closedReason: z
      .string()
      .nullable()
      .openapi({ description: 'On a closed date: why (or "Closed"); null otherwise' }),
  })
  .openapi('DropOffDayHours', { description: 'The point’s hours on one date, closed dates applied' });

export const DropOffSearchQuerySchema = z.object({
  postcode: PostcodeSchema.openapi({ param: { name: 'postcode', in: 'query' }, example: 'SW1A 1AA' }),
  serviceId: z
    .string({ error: 'serviceId is required' })
    .min(1, 'serviceId is required')
    .max(64, 'serviceId is too long')
    .openapi({ param: { name: 'serviceId', in: 'query' } }),
  date: isoDate('Date')
    .optional()
    .openapi({
      param: { name: 'date', in: 'query' },
      description: 'The day the parcel is handed over (the collection date); today, UK time, when absent',
    }),
  weightKg: z.coerce
    .number({ error: 'weightKg must be a number of kg' })
    .positive('weightKg must be more than 0')
    .max(1000, 'weightKg must be at most 1000')
    .optional()
    .openapi({
      param: { name: 'weightKg', in: 'query' },
      description: 'The heaviest parcel’s weight; without it `takesWeight` is null',
    }),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_SEARCH_RESULTS, `limit must be at most ${MAX_SEARCH_RESULTS}`)
    .default(10)
    .openapi({ param: { name: 'limit', in: 'query' } }),
});

export const DropOffPointOptionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    vendorName: z.string(),
    address: DropOffAddressSchema,
    distanceMiles: z.number().openapi({
      description: 'Straight-line miles between the postcodes’ centroids, one decimal',
      example: 0.8,
    }),
    hoursOnDate: DayHoursSchema,
    openingHours: WeeklyHoursSchema,
    maxWeightKg: z.number(),
    takesWeight: z
      .boolean()
      .nullable()
      .openapi({ description: 'Whether it takes the heaviest parcel (weightKg); null when none was given' }),
    available: z.boolean().openapi({ description: 'Open on the date and takes the weight: may be chosen' }),
    unavailableReason: z
      .string()
      .nullable()
      .openapi({ description: 'Why it may not be chosen, for the customer' }),
  })
  .openapi('DropOffPointOption');

export const DropOffSearchResultSchema = z
  .object({
    postcode: z.string(),
    date: z.string().openapi({ format: 'date' }),
    centroid: z.enum(['imported', 'area']).openapi({
      description:
        "How the postcode was placed: 'imported' from the postcode table (its own or its district's centroid), " +
        "or 'area', the postcode area's main town until the table is imported (distances are then rough)",
    }),
    items: z.array(DropOffPointOptionSchema).openapi({ description: 'Nearest first' }),
  })
  .openapi('DropOffSearchResult');

export const OrderDropOffPointSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    address: DropOffAddressSchema,
    openingHours: WeeklyHoursSchema,
    hoursOnDate: DayHoursSchema.openapi({
      description: 'Its hours on the order’s collection (drop-off) date',
    }),
    status: DropOffPointStatusSchema,
    problem: z.string().nullable().openapi({
      description:
        'Why the point can no longer take this parcel (closed that day, suspended, …): choose another point; null when it can',
    }),
  })
  .openapi('OrderDropOffPoint', { description: 'The drop-off point the order names, as it is now' });
