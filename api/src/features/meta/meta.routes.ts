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
