import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../lib/auth';
import { bearerSecurity, jsonContent, pickProblems } from '../../lib/openapi';
import {
  OwnLossClaimOfferSchema,
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

export const getOwnLossClaimOffer = createRoute({
  operationId: 'getOwnLossClaimOffer',
  method: 'get',
  path: '/tracking/{code}/loss-claim-offer',
  tags,
  summary: 'The caller’s own order of a tracking code, with its loss claim offer',
  description:
    'For the tracking page’s “Claim for a lost parcel”: the order’s id (to open it in the dashboard) and the offer ' +
    'as GET /orders/{id}/loss-claim-offer answers it. Only the order’s customer: anyone else, or a code of no paid ' +
    'order, gets 404. Counted against the same per-address limits as GET /tracking/{code}.',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: TrackingCodeParamsSchema },
  responses: {
    200: jsonContent(OwnLossClaimOfferSchema, 'The order and its offer'),
    ...pickProblems(401, 404, 422, 429),
  },
});
