import { z } from '@hono/zod-openapi';
import { SERVICE_TYPE_VALUES } from '../../domain/services';
import { MoneySchema } from '../../lib/openapi';
import { raListQuery } from '../../lib/ra-list';
import { QuoteOptionSchema, QuoteRequestRecordSchema } from './quotes.schemas';

const ServiceTypeSchema = z.enum(SERVICE_TYPE_VALUES);

/** One line of the admin's quote log (one row per quote asked, as a spreadsheet log would have it, with the route and partner). */
export const QuoteLogEntrySchema = z
  .object({
    id: z.string(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    expiresAt: z.string().openapi({ format: 'date-time' }),
    serviceType: ServiceTypeSchema,
    from: z.string().nullable().openapi({ description: 'Nation, GB or collection postcode' }),
    to: z.string().nullable().openapi({ description: 'Nation, destination ISO code or delivery postcode' }),
    route: z.string().openapi({ example: 'England → Scotland' }),
    parcels: QuoteRequestRecordSchema.shape.parcels,
    parcelCount: z.number().int(),
    totalWeightKg: z.number().openapi({ description: 'Actual weight over all parcels' }),
    userId: z.string().nullable(),
    partnerId: z.string().nullable(),
    optionCount: z.number().int(),
    cheapestPrice: MoneySchema.nullable().openapi({
      description: 'The cheapest option; null when nothing fitted',
    }),
  })
  .openapi('QuoteLogEntry');

export const AdminQuoteSchema = QuoteLogEntrySchema.extend({
  expired: z.boolean(),
  request: QuoteRequestRecordSchema,
  options: z
    .array(QuoteOptionSchema)
    .openapi({ description: 'As offered; empty once the quote is past retention (optionsKept false)' }),
  optionsKept: z.boolean().openapi({
    description:
      'False once the retention job has deleted the quote, which unbooked quotes are some days after expiry',
  }),
}).openapi('AdminQuote');

export const QUOTE_LOG_SORT_FIELDS = ['createdAt', 'expiresAt', 'serviceType', 'optionCount', 'id'] as const;

/** A date (a whole UK day) or an instant with its offset. */
const DateBoundSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'Use a date (2026-03-01) or a date-time with offset (2026-03-01T09:00:00Z)',
  })
  .openapi({ type: 'string', example: '2026-03-01' });

export const QuoteLogFilterSchema = z
  .strictObject({
    serviceType: ServiceTypeSchema.optional(),
    createdAt_gte: DateBoundSchema.optional().openapi({
      description: 'Asked at or after; a date means from the start of that UK day',
    }),
    createdAt_lte: DateBoundSchema.optional().openapi({
      description: 'Asked at or before; a date means to the end of that UK day',
    }),
    userId: z.string().max(64).optional(),
    partnerId: z.string().max(64).optional(),
    id: z
      .union([z.string(), z.array(z.string()).max(1000)])
      .optional()
      .openapi({ description: 'One id or a list (react-admin getMany)' }),
  })
  .openapi('QuoteLogFilter');

export const QuoteLogListQuerySchema = raListQuery({
  sortFields: QUOTE_LOG_SORT_FIELDS,
  filter: QuoteLogFilterSchema,
});
