import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { raListHeaders } from '../../../lib/ra-list';
import { IdParamsSchema, ReasonBodySchema } from '../admin.schemas';
import { AdminSessionSchema, SessionListQuerySchema } from './admin-sessions.schemas';

const tags = ['Admin'];

export const listSessions = createRoute({
  operationId: 'adminListSessions',
  method: 'get',
  path: '/admin/user-sessions',
  tags,
  summary:
    "Accounts' sign-in sessions (filter by userId), most recently used first: when each began, was last refreshed and expires; never token material",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: SessionListQuerySchema },
  responses: {
    200: {
      description: 'One page of sessions',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(AdminSessionSchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const revokeSession = createRoute({
  operationId: 'adminRevokeSession',
  method: 'post',
  path: '/admin/user-sessions/{id}/revoke',
  tags,
  summary:
    'End one session with a reason (audited): its refresh token stops working and its access tokens are refused at once',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: {
    200: jsonContent(AdminSessionSchema, 'The session'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
