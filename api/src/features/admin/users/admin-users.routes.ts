import { createRoute } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../../lib/audit';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { adminGet, adminList } from '../admin.resource';
import { IdParamsSchema } from '../admin.schemas';
import { AdminUserSchema, UserListQuerySchema } from './admin-users.schemas';
import { AdminUsersService } from './admin-users.service';

const tags = ['Admin'];

export const listUsers = adminList({
  resource: 'users',
  operationId: 'adminListUsers',
  summary: 'Accounts, ra-data-simple-rest style; search by email or name',
  description: 'One page of users',
  query: UserListQuerySchema,
  item: AdminUserSchema,
  read: (deps, list) => new AdminUsersService(deps).listUsers(list),
});

export const getUser = adminGet({
  resource: 'users',
  operationId: 'adminGetUser',
  summary: 'One account',
  description: 'The account',
  item: AdminUserSchema,
  read: (deps, id) => new AdminUsersService(deps).getUser(id),
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
