import { createRoute, z } from '@hono/zod-openapi';
import { jsonContent } from '../../lib/openapi';
import { ReferenceDataSchema } from './meta.schemas';

export const ClientSettingsSchema = z
  .object({
    googleClientId: z.string().nullable().openapi({ description: 'Set when Google sign-in is available' }),
    mailTransport: z
      .enum(['outbox', 'smtp'])
      .openapi({ description: "'outbox' means mail is kept in the database instead of being sent" }),
    devMailbox: z
      .boolean()
      .openapi({ description: 'True when /dev/mailbox shows sent mail (never in production)' }),
    paymentsProvider: z.enum(['test', 'paypal']),
  })
  .openapi('ClientSettings');

export const getClientSettings = createRoute({
  operationId: 'getClientSettings',
  method: 'get',
  path: '/meta/auth',
  tags: ['Meta'],
  summary: 'What the front ends need to know about configured providers',
  responses: { 200: jsonContent(ClientSettingsSchema, 'Client settings') },
});

export const getReferenceData = createRoute({
  operationId: 'getReferenceData',
  method: 'get',
  path: '/meta',
  tags: ['Meta'],
  summary: 'Reference data for forms: service types, nations, destinations, cover, customs lists',
  description:
    'Changes only with a release: cacheable for an hour, with an ETag so a revalidation costs a 304.',
  request: {
    headers: z.object({ 'if-none-match': z.string().optional() }),
  },
  responses: {
    200: {
      ...jsonContent(ReferenceDataSchema, 'The reference data'),
      headers: {
        ETag: { schema: { type: 'string' } },
        'Cache-Control': { schema: { type: 'string', example: 'public, max-age=3600' } },
      },
    },
    304: { description: 'Not modified: the copy named by If-None-Match is current' },
  },
});

const isoDay = (description: string) => z.string().openapi({ example: '2026-11-30', description });

export const CollectionDaysSchema = z
  .object({
    today: isoDay('Today in the UK (Europe/London)'),
    earliest: isoDay(
      'The first collection day for a booking made now: today on a working day before the cut-off, else the next working day',
    ),
    latest: isoDay('The last day a collection may be booked for (12 months ahead)'),
    cutoff: z.string().openapi({ example: '14:00', description: 'The same-day cut-off, UK time' }),
    timeZone: z.literal('Europe/London'),
    bankHolidays: z
      .array(z.string())
      .openapi({ description: 'England & Wales bank holidays from today to latest: no collections' }),
    hint: z.string().openapi({ description: 'The rule in a sentence, as the booking forms state it' }),
  })
  .openapi('CollectionDays');

export const getCollectionDays = createRoute({
  operationId: 'getCollectionDays',
  method: 'get',
  path: '/meta/collection-days',
  tags: ['Meta'],
  summary: 'The days a parcel booked now may be collected',
  description:
    'Collections are Monday to Friday, not on England & Wales bank holidays, up to 12 months ahead; ' +
    'today only when booked before the same-day cut-off (UK time). Every booking path refuses other ' +
    'days with a 422 naming collectionDate; booking forms offer only these days.',
  responses: {
    200: {
      ...jsonContent(CollectionDaysSchema, 'The collection calendar now'),
      headers: { 'Cache-Control': { schema: { type: 'string', example: 'no-store' } } },
    },
  },
});
