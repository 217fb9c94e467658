import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { raListHeaders } from '../../../lib/ra-list';
import { IdParamsSchema, ReasonBodySchema } from '../admin.schemas';
import { AdminVendorDetailSchema, AdminVendorSchema, VendorListQuerySchema } from './admin-vendors.schemas';

const tags = ['Admin'];

export const listVendors = createRoute({
  operationId: 'adminListVendors',
  method: 'get',
  path: '/admin/vendors',
  tags,
  summary: 'Vendors, ra-data-simple-rest style: sort, range and filter as JSON; the total in Content-Range',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: VendorListQuerySchema },
  responses: {
    200: {
      description: 'One page of vendors',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(AdminVendorSchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getVendor = createRoute({
  operationId: 'adminGetVendor',
  method: 'get',
  path: '/admin/vendors/{id}',
  tags,
  summary: 'One vendor with its onboarding answers, documents and courier services',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(AdminVendorDetailSchema, 'The vendor'), ...pickProblems(401, 403, 404) },
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
