import { createRoute } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../../lib/audit';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { adminGet, adminList } from '../admin.resource';
import { IdParamsSchema } from '../admin.schemas';
import { AdminVendorDetailSchema, AdminVendorSchema, VendorListQuerySchema } from './admin-vendors.schemas';
import { AdminService } from './admin-vendors.service';

const tags = ['Admin'];

export const listVendors = adminList({
  resource: 'vendors',
  operationId: 'adminListVendors',
  summary: 'Vendors, ra-data-simple-rest style: sort, range and filter as JSON; the total in Content-Range',
  description: 'One page of vendors',
  query: VendorListQuerySchema,
  item: AdminVendorSchema,
  read: (deps, list) => new AdminService(deps).listVendors(list),
});

export const getVendor = adminGet({
  resource: 'vendors',
  operationId: 'adminGetVendor',
  summary: 'One vendor with its onboarding answers, documents and courier services',
  description: 'The vendor',
  item: AdminVendorDetailSchema,
  read: (deps, id) => new AdminService(deps).getVendor(id),
});

export const activateVendor = createRoute({
  operationId: 'adminActivateVendor',
  method: 'post',
  path: '/admin/vendors/{id}/activate',
  tags,
  summary:
    'Make a vendor active with a reason (audited): its active courier services are quoted from now on and the vendor is emailed',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: {
    200: jsonContent(AdminVendorDetailSchema, 'The vendor'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});

export const suspendVendor = createRoute({
  operationId: 'adminSuspendVendor',
  method: 'post',
  path: '/admin/vendors/{id}/suspend',
  tags,
  summary:
    'Suspend a vendor with a reason (audited and emailed): its services leave quotes and open jobs; orders already paid stay its to complete',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: {
    200: jsonContent(AdminVendorDetailSchema, 'The vendor'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
