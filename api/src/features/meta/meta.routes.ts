import { createRoute, z } from '@hono/zod-openapi';
import { jsonContent } from '../../lib/openapi';

export const ClientSettingsSchema = z
  .object({
    googleClientId: z.string().nullable().openapi({ description: 'Set when Google sign-in is available' }),
    mailTransport: z
      .enum(['outbox', 'smtp'])
      .openapi({ description: "'outbox' means /dev/mailbox shows sent mail" }),
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
