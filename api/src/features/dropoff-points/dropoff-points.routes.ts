import { createRoute } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import {
  CreateDropOffPointBodySchema,
  DropOffPointIdParamsSchema,
  DropOffPointListSchema,
  DropOffPointSchema,
  DropOffSearchQuerySchema,
  DropOffSearchResultSchema,
  ImportDropOffPointsBodySchema,
  ImportDropOffPointsResultSchema,
  UpdateDropOffPointBodySchema,
} from './dropoff-points.schemas';

const tags = ['Drop-off points'];

export const searchDropOffPoints = createRoute({
  operationId: 'searchDropOffPoints',
  method: 'get',
  path: '/dropoff-points',
  tags,
  summary: 'The nearest drop-off points of a service to a postcode, with their hours on the date',
  description:
    'Sorted by straight-line distance between postcode centroids (the same centroids same-day distances use). ' +
    'Each point says its hours on the date (closed dates applied), whether it takes the heaviest parcel ' +
    '(`weightKg`) and so whether it may be chosen. Suspended and closed points are never listed.',
  request: { query: DropOffSearchQuerySchema },
  responses: {
    200: jsonContent(DropOffSearchResultSchema, 'Nearest first'),
    ...pickProblems(422),
  },
});

export const listVendorDropOffPoints = createRoute({
  operationId: 'listVendorDropOffPoints',
  method: 'get',
  path: '/vendor/dropoff-points',
  tags,
  summary: "The caller's drop-off points (closed ones left out), by name",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  responses: { 200: jsonContent(DropOffPointListSchema, 'The points'), ...pickProblems(401, 403) },
});

export const createVendorDropOffPoint = createRoute({
  operationId: 'createVendorDropOffPoint',
  method: 'post',
  path: '/vendor/dropoff-points',
  tags,
  summary: 'Publish a drop-off point',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { body: jsonBody(CreateDropOffPointBodySchema) },
  responses: { 201: jsonContent(DropOffPointSchema, 'Created'), ...pickProblems(401, 403, 409, 422) },
});

export const importVendorDropOffPoints = createRoute({
  operationId: 'importVendorDropOffPoints',
  method: 'post',
  path: '/vendor/dropoff-points/import',
  tags,
  summary: 'Save drop-off points from a CSV file: every row, or none',
  description:
    'Columns (docs/dropoff-points.md): code, name, line1, line2, town, postcode, monday … sunday (09:00-17:30, several ' +
    'separated by spaces, or closed), closed_dates (2026-12-25 Christmas Day; 2026-12-26), max_weight_kg, services ' +
    '(names or ids separated by semicolons). A row whose code you already use replaces that point. Every problem ' +
    'is named by line and column (`rows.<line>.<column>`) and nothing is saved. At most 5000 rows.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { body: jsonBody(ImportDropOffPointsBodySchema) },
  responses: {
    200: jsonContent(ImportDropOffPointsResultSchema, 'What was saved (or would be, with dryRun)'),
    ...pickProblems(401, 403, 409, 422),
  },
});

export const getVendorDropOffPoint = createRoute({
  operationId: 'getVendorDropOffPoint',
  method: 'get',
  path: '/vendor/dropoff-points/{id}',
  tags,
  summary: "One of the caller's drop-off points",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: DropOffPointIdParamsSchema },
  responses: { 200: jsonContent(DropOffPointSchema, 'The point'), ...pickProblems(401, 403, 404) },
});

export const updateVendorDropOffPoint = createRoute({
  operationId: 'updateVendorDropOffPoint',
  method: 'patch',
  path: '/vendor/dropoff-points/{id}',
  tags,
  summary: 'Change a drop-off point; customers it can no longer serve are asked to choose another',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: DropOffPointIdParamsSchema, body: jsonBody(UpdateDropOffPointBodySchema) },
  responses: { 200: jsonContent(DropOffPointSchema, 'The point'), ...pickProblems(401, 403, 404, 422) },
});

export const deleteVendorDropOffPoint = createRoute({
  operationId: 'deleteVendorDropOffPoint',
  method: 'delete',
  path: '/vendor/dropoff-points/{id}',
  tags,
  summary: 'Close a drop-off point; customers booked there are asked to choose another',
  description: 'The point leaves your list and every search; orders that chose it keep its name and address.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: DropOffPointIdParamsSchema },
  responses: { 204: { description: 'Closed' }, ...pickProblems(401, 403, 404) },
});
