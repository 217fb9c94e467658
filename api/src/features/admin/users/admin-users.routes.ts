import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { raListHeaders } from '../../../lib/ra-list';
import { IdParamsSchema, ReasonBodySchema } from '../admin.schemas';
import { AdminUserSchema, UserListQuerySchema } from './admin-users.schemas';

const tags = ['Admin'];

export const listUsers = createRoute({
  operationId: 'adminListUsers',
  method: 'get',
  path: '/admin/users',
  tags,
  summary: 'Accounts, ra-data-simple-rest style; search by email or name',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: UserListQuerySchema },
  responses: {
    200: {
      description: 'One page of users',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(AdminUserSchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getUser = createRoute({
  operationId: 'adminGetUser',
  method: 'get',
  path: '/admin/users/{id}',
  tags,
  summary: 'One account',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(AdminUserSchema, 'The account'), ...pickProblems(401, 403, 404) },
});

export const disableUser = createRoute({
  operationId: 'adminDisableUser',
  method: 'post',
  path: '/admin/users/{id}/disable',
  tags,
  summary: 'Disable an account with a reason (audited): it cannot sign in and its sessions end at once',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: {
    200: jsonContent(AdminUserSchema, 'The account'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});

export const enableUser = createRoute({
  operationId: 'adminEnableUser',
  method: 'post',
  path: '/admin/users/{id}/enable',
  tags,
  summary: 'Re-enable a disabled account with a reason (audited)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: {
    200: jsonContent(AdminUserSchema, 'The account'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
