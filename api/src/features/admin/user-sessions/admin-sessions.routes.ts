import { createRoute } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../../lib/audit';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { adminList } from '../admin.resource';
import { IdParamsSchema } from '../admin.schemas';
import { AdminSessionSchema, SessionListQuerySchema } from './admin-sessions.schemas';
import { AdminSessionsService } from './admin-sessions.service';

const tags = ['Admin'];

export const listSessions = adminList({
  resource: 'user-sessions',
  operationId: 'adminListSessions',
  summary:
    "Accounts' sign-in sessions (filter by userId), most recently used first: when each began, was last refreshed and expires; never token material",
  description: 'One page of sessions',
  query: SessionListQuerySchema,
  item: AdminSessionSchema,
  read: (deps, list) => new AdminSessionsService(deps).list(list),
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
