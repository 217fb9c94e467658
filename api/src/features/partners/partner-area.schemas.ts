import { z } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '../../db/schema';
import { CURRENCIES } from '../../domain/currency';
import { SERVICE_TYPE_VALUES } from '../../domain/services';
import { cursorQuery, limitQuery } from '../../lib/pagination';
import { OriginListSchema, PartnerStatusSchema } from './partners.schemas';

/** What a partner sees of itself (the staff view, PartnerSchema, has more). */
export const PartnerSelfSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mode: z.enum(['test', 'live']),
    status: PartnerStatusSchema,
    publishableKey: z.string().openapi({ example: 'pk_test_3Jc9bXw1QmZ0aL2kR7sT5uVy' }),
    previousKeyExpiresAt: z.iso.datetime().nullable(),
    allowedOrigins: z.array(z.string()),
    limits: z.object({
      perClientPerMinute: z
        .number()
        .int()
        .openapi({ description: 'Publishable-key calls a minute from one client address' }),
      perKeyPerMinute: z.number().int().openapi({ description: 'Publishable-key calls a minute in all' }),
      secretKeyPerMinute: z.number().int().openapi({ description: 'Secret-key calls a minute' }),
    }),
    docsUrl: z
      .string()
      .openapi({ description: 'The partner guide, a page of this server', example: '/docs/partners' }),
  })
  .openapi('PartnerSelf');

export const AllowedOriginsBodySchema = z
  .strictObject({ allowedOrigins: OriginListSchema })
  .openapi('PartnerAllowedOrigins');

export const OverviewQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(90, 'days must be at most 90')
    .default(30)
    .openapi({ param: { name: 'days', in: 'query' }, example: 30 }),
});

export const PartnerOverviewSchema = z
  .object({
    from: z.string().openapi({ description: 'First day, YYYY-MM-DD (UTC)' }),
    to: z.string().openapi({ description: 'Last day, YYYY-MM-DD (UTC), today' }),
    totals: z.object({
      quotes: z.number().int(),
      bookings: z.number().int().openapi({ description: 'Orders paid in the period' }),
      conversion: z
        .number()
        .min(0)
        .max(1)
        .nullable()
        .openapi({ description: 'bookings / quotes; null without quotes' }),
      revenuePence: z.number().int().openapi({ description: 'Paid less refunded, cancelled orders nothing' }),
      currency: z.enum(CURRENCIES),
    }),
    days: z.array(
      z.object({
        date: z.string(),
        quotes: z.number().int(),
        bookings: z.number().int(),
        revenuePence: z.number().int(),
      }),
    ),
  })
  .openapi('PartnerOverview');

const SecretKeyFields = {
  id: z.string(),
  prefix: z.string().openapi({ example: 'sk_test_AbC1', description: 'The first 12 characters' }),
  mode: z.enum(['test', 'live']),
  status: z.enum(['active', 'expiring', 'revoked']),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable().openapi({ description: 'When it stops (stopped) working' }),
};

export const SecretKeySchema = z.object(SecretKeyFields).openapi('SecretKey');
export const NewSecretKeySchema = z
  .object({
    ...SecretKeyFields,
    secret: z.string().openapi({ description: 'The whole key, shown this once', example: 'sk_test_…' }),
  })
  .openapi('NewSecretKey');
export const SecretKeyListSchema = z.object({ data: z.array(SecretKeySchema) }).openapi('SecretKeyList');
export const CreateSecretKeySchema = z.strictObject({}).openapi('CreateSecretKey');
export const RotateSecretKeySchema = z
  .strictObject({
    graceHours: z
      .number()
      .int('A whole number of hours')
      .min(1, 'At least 1 hour')
      .max(168, 'At most 168 hours (a week)')
      .optional()
      .openapi({ description: 'How long the old key keeps working; 24 when absent' }),
  })
  .openapi('RotateSecretKey');
export const RotatedSecretKeySchema = z
  .object({ key: NewSecretKeySchema, previous: SecretKeySchema })
  .openapi('RotatedSecretKey');

export const IdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const Place = {
  postTown: z.string().nullable(),
  postcodeDistrict: z.string().openapi({ example: 'LS10' }),
};

export const PartnerOrderSchema = z
  .object({
    reference: z.string().openapi({ example: '#1a2b3c4d' }),
    status: z.enum(ORDER_STATUSES),
    serviceType: z.enum(SERVICE_TYPE_VALUES),
    courier: z.object({ name: z.string() }),
    service: z.object({ name: z.string() }),
    totalPence: z.number().int(),
    refundedPence: z.number().int(),
    currency: z.enum(CURRENCIES),
    createdAt: z.iso.datetime(),
    collectionDate: z.string(),
    paidAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    origin: z.object(Place),
    destination: z.object({ ...Place, country: z.string() }),
  })
  .openapi('PartnerOrder');

const dateQuery = (name: string, description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date, YYYY-MM-DD`)
    .optional()
    .openapi({ param: { name, in: 'query' }, description });

export const PartnerOrdersQuerySchema = z.object({
  cursor: cursorQuery(),
  limit: limitQuery,
  status: z
    .enum(ORDER_STATUSES)
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
  from: dateQuery('from', 'Booked on or after this day (UTC)'),
  to: dateQuery('to', 'Booked on or before this day (UTC)'),
});

export const PartnerOrderListSchema = z
  .object({ data: z.array(PartnerOrderSchema), nextCursor: z.string().nullable() })
  .openapi('PartnerOrderList');

export const ReferenceParamsSchema = z.object({
  reference: z
    .string()
    .regex(/^#?[0-9a-zA-Z]{8}$/, 'A reference is # and 8 characters')
    .openapi({ param: { name: 'reference', in: 'path' }, example: '1a2b3c4d' }),
});
