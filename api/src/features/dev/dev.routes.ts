import { createRoute, z } from '@hono/zod-openapi';
import { jsonContent, pickProblems } from '../../lib/openapi';

export const MailboxSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        html: z.string(),
        createdAt: z.iso.datetime(),
      }),
    ),
  })
  .openapi('Mailbox');

export const listMailbox = createRoute({
  operationId: 'listMailbox',
  method: 'get',
  path: '/dev/mailbox',
  tags: ['Development'],
  summary:
    'Mail kept in the outbox, newest first (never in production; only while no SMTP server is configured; only from the loopback address)',
  request: {
    query: z.object({
      to: z.string().optional().openapi({ description: 'Only mail to this address' }),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
  },
  responses: { 200: jsonContent(MailboxSchema, 'The outbox'), ...pickProblems(404) },
});
