import { createRoute } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../../lib/audit';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { adminGet, adminList } from '../admin.resource';
import { IdParamsSchema } from '../admin.schemas';
import { ContactMessageListQuerySchema, ContactMessageSchema } from './admin-messages.schemas';
import { AdminMessagesService } from './admin-messages.service';

const tags = ['Admin'];

export const listMessages = adminList({
  resource: 'contact-messages',
  operationId: 'adminListContactMessages',
  summary: 'Messages sent through the contact form, newest first by default',
  description: 'One page of messages',
  query: ContactMessageListQuerySchema,
  item: ContactMessageSchema,
  read: (deps, list) => new AdminMessagesService(deps).list(list),
});

export const getMessage = adminGet({
  resource: 'contact-messages',
  operationId: 'adminGetContactMessage',
  summary: 'One contact message',
  description: 'The message',
  item: ContactMessageSchema,
  read: (deps, id) => new AdminMessagesService(deps).get(id),
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
