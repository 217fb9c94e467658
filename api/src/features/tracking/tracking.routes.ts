import { createRoute, z } from '@hono/zod-openapi';
import { jsonContent, pickProblems } from '../../lib/openapi';
import {
  TrackingCodeParamsSchema,
  TrackingSchema,
  UnsubscribedSchema,
  UnsubscribeQuerySchema,
} from './tracking.schemas';

const tags = ['Tracking'];

export const getTracking = createRoute({
  operationId: 'getTracking',
  method: 'get',
  path: '/tracking/{code}',
  tags,
  summary: 'A parcel’s progress by its public tracking code (no account needed)',
  description:
    'Status, timeline, promised delivery date, courier and service, and origin and destination as post town and ' +
    'postcode district only. Limited per client address: 120 lookups and 10 unknown codes per 10 minutes (429 with ' +
    '`Retry-After`). Orders not yet paid are not found.',
  request: { params: TrackingCodeParamsSchema },
  responses: {
    200: jsonContent(TrackingSchema, 'The parcel’s progress'),
    ...pickProblems(404, 422, 429),
  },
});

export const unsubscribeTracking = createRoute({
  operationId: 'unsubscribeTracking',
  method: 'post',
  path: '/tracking/{code}/unsubscribe',
  tags,
  summary: 'One-click unsubscribe from a parcel’s recipient emails (RFC 8058)',
  description:
    'The `List-Unsubscribe` URL of every recipient email. Mail providers POST `List-Unsubscribe=One-Click` ' +
    '(`application/x-www-form-urlencoded`); any body is ignored. No more emails go to the recipient about this ' +
    'parcel. Repeating it answers the same.',
  request: {
    params: TrackingCodeParamsSchema,
    query: UnsubscribeQuerySchema,
    body: {
      required: false,
      content: {
        'application/x-www-form-urlencoded': {
          schema: z.object({ 'List-Unsubscribe': z.string().optional().openapi({ example: 'One-Click' }) }),
        },
      },
    },
  },
  responses: {
    200: jsonContent(UnsubscribedSchema, 'No more emails about this parcel'),
    ...pickProblems(404, 422, 429),
  },
});
