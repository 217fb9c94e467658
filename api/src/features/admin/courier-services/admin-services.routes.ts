import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { raListHeaders } from '../../../lib/ra-list';
import { CourierServiceSchema } from '../../couriers';
import { IdParamsSchema, ReasonBodySchema } from '../admin.schemas';
import { AdminServiceListQuerySchema } from './admin-services.schemas';

const tags = ['Admin'];

export const listServices = createRoute({
  operationId: 'adminListCourierServices',
  method: 'get',
  path: '/admin/courier-services',
  tags,
  summary: "Every vendor's courier services, ra-data-simple-rest style",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: AdminServiceListQuerySchema },
  responses: {
    200: {
      description: 'One page of services',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(CourierServiceSchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getService = createRoute({
  operationId: 'adminGetCourierService',
  method: 'get',
  path: '/admin/courier-services/{id}',
  tags,
  summary: 'One courier service',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(CourierServiceSchema, 'The service'), ...pickProblems(401, 403, 404) },
});

export const deactivateService = createRoute({
  operationId: 'adminDeactivateCourierService',
  method: 'post',
  path: '/admin/courier-services/{id}/deactivate',
  tags,
  summary: 'Take a courier service out of quotes at once, with a reason (audited)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: {
    200: jsonContent(CourierServiceSchema, 'The service'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
