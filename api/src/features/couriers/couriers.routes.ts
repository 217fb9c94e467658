import { createRoute } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import {
  CourierIdParamsSchema,
  CourierServiceListSchema,
  CourierServiceSchema,
  CreateCourierBodySchema,
  UpdateCourierBodySchema,
} from './couriers.schemas';

const tags = ['Courier services'];

export const listCouriers = createRoute({
  operationId: 'listCourierServices',
  method: 'get',
  path: '/couriers',
  tags,
  summary: "The caller's courier services, newest first",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  responses: { 200: jsonContent(CourierServiceListSchema, 'The services'), ...pickProblems(401, 403) },
});

export const createCourier = createRoute({
  operationId: 'createCourierService',
  method: 'post',
  path: '/couriers',
  tags,
  summary: 'Add a courier service',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { body: jsonBody(CreateCourierBodySchema) },
  responses: {
    201: jsonContent(CourierServiceSchema, 'Created'),
    ...pickProblems(401, 403, 409, 422),
  },
});

export const getCourier = createRoute({
  operationId: 'getCourierService',
  method: 'get',
  path: '/couriers/{id}',
  tags,
  summary: "One of the caller's courier services",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: CourierIdParamsSchema },
  responses: { 200: jsonContent(CourierServiceSchema, 'The service'), ...pickProblems(401, 403, 404) },
});

export const updateCourier = createRoute({
  operationId: 'updateCourierService',
  method: 'patch',
  path: '/couriers/{id}',
  tags,
  summary: 'Change some fields; the result must still be a valid service',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: CourierIdParamsSchema, body: jsonBody(UpdateCourierBodySchema) },
  responses: {
    200: jsonContent(CourierServiceSchema, 'The updated service'),
    ...pickProblems(401, 403, 404, 422),
  },
});

export const deleteCourier = createRoute({
  operationId: 'deleteCourierService',
  method: 'delete',
  path: '/couriers/{id}',
  tags,
  summary: 'Delete a courier service',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: CourierIdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...pickProblems(401, 403, 404) },
});
