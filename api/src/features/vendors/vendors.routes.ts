import { createRoute } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { UpdateVendorBodySchema, VendorSchema } from './vendors.schemas';

const tags = ['Vendors'];

export const getMyVendor = createRoute({
  operationId: 'getMyVendor',
  method: 'get',
  path: '/vendors/me',
  tags,
  summary: "The caller's vendor business, with its status",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  responses: { 200: jsonContent(VendorSchema, 'The vendor'), ...pickProblems(401, 403) },
});

export const updateMyVendor = createRoute({
  operationId: 'updateMyVendor',
  method: 'patch',
  path: '/vendors/me',
  tags,
  summary: 'Fill in or change the business details (the status is changed only by an admin)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { body: jsonBody(UpdateVendorBodySchema) },
  responses: { 200: jsonContent(VendorSchema, 'The updated vendor'), ...pickProblems(401, 403, 422) },
});
