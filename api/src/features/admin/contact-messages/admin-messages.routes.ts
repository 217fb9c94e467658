import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { raListHeaders } from '../../../lib/ra-list';
import { IdParamsSchema, ReasonBodySchema } from '../admin.schemas';
import { ContactMessageListQuerySchema, ContactMessageSchema } from './admin-messages.schemas';

const tags = ['Admin'];

export const listMessages = createRoute({
  operationId: 'adminListContactMessages',
  method: 'get',
  path: '/admin/contact-messages',
  tags,
  summary: 'Messages sent through the contact form, newest first by default',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: ContactMessageListQuerySchema },
  responses: {
    200: {
      description: 'One page of messages',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(ContactMessageSchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getMessage = createRoute({
  operationId: 'adminGetContactMessage',
  method: 'get',
  path: '/admin/contact-messages/{id}',
  tags,
  summary: 'One contact message',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(ContactMessageSchema, 'The message'), ...pickProblems(401, 403, 404) },
});

export const handleMessage = createRoute({
  operationId: 'adminHandleContactMessage',
  method: 'post',
  path: '/admin/contact-messages/{id}/handle',
  tags,
  summary: 'Mark a contact message handled, with a note of how (audited)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: {
    200: jsonContent(ContactMessageSchema, 'The message'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
