import { createRoute } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../../lib/audit';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { CourierServiceSchema } from '../../couriers';
import { adminGet, adminList } from '../admin.resource';
import { IdParamsSchema } from '../admin.schemas';
import { AdminServiceListQuerySchema } from './admin-services.schemas';
import { AdminServicesService } from './admin-services.service';

const tags = ['Admin'];

export const listServices = adminList({
  resource: 'courier-services',
  operationId: 'adminListCourierServices',
  summary: "Every vendor's courier services, ra-data-simple-rest style",
  description: 'One page of services',
  query: AdminServiceListQuerySchema,
  item: CourierServiceSchema,
  read: (deps, list) => new AdminServicesService(deps).listServices(list),
});

export const getService = adminGet({
  resource: 'courier-services',
  operationId: 'adminGetCourierService',
  summary: 'One courier service',
  description: 'The service',
  item: CourierServiceSchema,
  read: (deps, id) => new AdminServicesService(deps).getService(id),
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
