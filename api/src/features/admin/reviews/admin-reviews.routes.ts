import { createRoute } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../../lib/audit';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { adminGet, adminList } from '../admin.resource';
import { IdParamsSchema } from '../admin.schemas';
import { AdminReviewListQuerySchema, AdminReviewSchema } from './admin-reviews.schemas';
import { AdminReviewsService } from './admin-reviews.service';

const tags = ['Admin'];

export const listReviews = adminList({
  resource: 'reviews',
  operationId: 'adminListReviews',
  summary: 'Reviews of delivered orders, newest first by default',
  description: 'One page of reviews',
  query: AdminReviewListQuerySchema,
  item: AdminReviewSchema,
  read: (deps, list) => new AdminReviewsService(deps).list(list),
});

export const getReview = adminGet({
  resource: 'reviews',
  operationId: 'adminGetReview',
  summary: 'One review',
  description: 'The review',
  item: AdminReviewSchema,
  read: (deps, id) => new AdminReviewsService(deps).get(id),
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

export const showReview = createRoute({
  operationId: 'adminShowReview',
  method: 'post',
  path: '/admin/reviews/{id}/show',
  tags,
  summary: 'Show a hidden review’s comment on the public profile again, with a reason (audited)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: {
    200: jsonContent(AdminReviewSchema, 'The review, shown'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
