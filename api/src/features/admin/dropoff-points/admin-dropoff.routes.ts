import { createRoute, z } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../../lib/audit';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { raListHeaders } from '../../../lib/ra-list';
import { IdParamsSchema } from '../admin.schemas';
import { AdminDropOffListQuerySchema, AdminDropOffPointSchema } from './admin-dropoff.schemas';

const tags = ['Admin'];

export const listDropOffPoints = createRoute({
  operationId: 'adminListDropOffPoints',
  method: 'get',
  path: '/admin/dropoff-points',
  tags,
  summary: "Every courier's drop-off points, ra-data-simple-rest style",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: AdminDropOffListQuerySchema },
  responses: {
    200: {
      description: 'One page of points',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(AdminDropOffPointSchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getDropOffPoint = createRoute({
  operationId: 'adminGetDropOffPoint',
  method: 'get',
  path: '/admin/dropoff-points/{id}',
  tags,
  summary: 'One drop-off point',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(AdminDropOffPointSchema, 'The point'), ...pickProblems(401, 403, 404) },
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
