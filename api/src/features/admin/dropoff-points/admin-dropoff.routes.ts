import { createRoute } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../../lib/audit';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { adminGet, adminList } from '../admin.resource';
import { IdParamsSchema } from '../admin.schemas';
import { AdminDropOffListQuerySchema, AdminDropOffPointSchema } from './admin-dropoff.schemas';
import { AdminDropOffService } from './admin-dropoff.service';

const tags = ['Admin'];

export const listDropOffPoints = adminList({
  resource: 'dropoff-points',
  operationId: 'adminListDropOffPoints',
  summary: "Every courier's drop-off points, every status",
  description: 'One page of points',
  query: AdminDropOffListQuerySchema,
  item: AdminDropOffPointSchema,
  read: (deps, list) => new AdminDropOffService(deps).list(list),
});

export const getDropOffPoint = adminGet({
  resource: 'dropoff-points',
  operationId: 'adminGetDropOffPoint',
  summary: 'One drop-off point',
  description: 'The point',
  item: AdminDropOffPointSchema,
  read: (deps, id) => new AdminDropOffService(deps).get(id),
});

export const suspendDropOffPoint = createRoute({
  operationId: 'adminSuspendDropOffPoint',
  method: 'post',
  path: '/admin/dropoff-points/{id}/suspend',
  tags,
  summary:
    'Stop offering a drop-off point, with a reason (audited); customers booked there are asked to choose another',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: {
    200: jsonContent(AdminDropOffPointSchema, 'The point'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});

export const reinstateDropOffPoint = createRoute({
  operationId: 'adminReinstateDropOffPoint',
  method: 'post',
  path: '/admin/dropoff-points/{id}/reinstate',
  tags,
  summary: 'Offer a suspended drop-off point again, with a reason (audited)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: {
    200: jsonContent(AdminDropOffPointSchema, 'The point'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
