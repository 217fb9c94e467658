import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { raListHeaders } from '../../../lib/ra-list';
import { IdParamsSchema, ReasonBodySchema } from '../admin.schemas';
import { AdminReviewListQuerySchema, AdminReviewSchema } from './admin-reviews.schemas';

const tags = ['Admin'];

export const listReviews = createRoute({
  operationId: 'adminListReviews',
  method: 'get',
  path: '/admin/reviews',
  tags,
  summary: 'Reviews of delivered orders, newest first by default',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: AdminReviewListQuerySchema },
  responses: {
    200: {
      description: 'One page of reviews',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(AdminReviewSchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getReview = createRoute({
  operationId: 'adminGetReview',
  method: 'get',
  path: '/admin/reviews/{id}',
  tags,
  summary: 'One review',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(AdminReviewSchema, 'The review'), ...pickProblems(401, 403, 404) },
});

export const hideReview = createRoute({
  operationId: 'adminHideReview',
  method: 'post',
  path: '/admin/reviews/{id}/hide',
  tags,
  summary: 'Hide a review’s comment from the public profile, with a reason (audited); the score still counts',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: {
    200: jsonContent(AdminReviewSchema, 'The review, hidden'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
