import { createRoute } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { OrderIdParamsSchema } from '../orders';
import {
  CourierProfileSchema,
  CourierSlugParamsSchema,
  OrderReviewSchema,
  ReplyBodySchema,
  ReviewBodySchema,
  ReviewIdParamsSchema,
  ReviewSchema,
  ReviewSummarySchema,
  VendorReviewListSchema,
} from './reviews.schemas';

const tags = ['Reviews'];

export const getOrderReview = createRoute({
  operationId: 'getOrderReview',
  method: 'get',
  path: '/orders/{id}/review',
  tags,
  summary: 'The review of one of the caller’s orders, and whether it may be written or changed now',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema },
  responses: { 200: jsonContent(OrderReviewSchema, 'The review state'), ...pickProblems(401, 404) },
});

export const writeOrderReview = createRoute({
  operationId: 'writeOrderReview',
  method: 'post',
  path: '/orders/{id}/review',
  tags,
  summary: 'Review a delivered order (1–5 and an optional comment); again within 30 days to change it',
  description:
    'One review per order. The first call creates it (201); calling again within 30 days of the first ' +
    'replaces its score and comment (200); after that 409 review_locked. An order not yet delivered ' +
    'answers 409 order_not_delivered; another customer’s order 404. The score counts in the ' +
    'service’s `rating` on the next quote.',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema, body: jsonBody(ReviewBodySchema) },
  responses: {
    200: jsonContent(ReviewSchema, 'The changed review'),
    201: jsonContent(ReviewSchema, 'The new review'),
    ...pickProblems(401, 404, 409, 422),
  },
});

export const listVendorReviews = createRoute({
  operationId: 'listVendorReviews',
  method: 'get',
  path: '/vendor/reviews',
  tags,
  summary: 'Reviews of the caller’s courier services, newest first',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  responses: { 200: jsonContent(VendorReviewListSchema, 'The newest 100'), ...pickProblems(401, 403) },
});

export const replyToReview = createRoute({
  operationId: 'replyToReview',
  method: 'post',
  path: '/vendor/reviews/{id}/reply',
  tags,
  summary: 'Reply to a review, once; the reply shows under it on the public profile',
  description: 'A second reply answers 409 reply_exists; another courier’s review 404.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: ReviewIdParamsSchema, body: jsonBody(ReplyBodySchema) },
  responses: {
    200: jsonContent(ReviewSchema, 'The review with its reply'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});

export const getCourierProfile = createRoute({
  operationId: 'getCourierProfile',
  method: 'get',
  path: '/couriers/{slug}/profile',
  tags,
  summary: 'A courier’s public profile: services, ratings, on-time record and recent reviews',
  description:
    'No account needed; not cached (a hidden comment goes at once). `{slug}` is the courier’s slug (or its id, which quote options carry). A comment ' +
    'hidden by staff comes as `comment: null, hidden: true`; its score still counts.',
  request: { params: CourierSlugParamsSchema },
  responses: { 200: jsonContent(CourierProfileSchema, 'The profile'), ...pickProblems(404) },
});

export const getReviewSummary = createRoute({
  operationId: 'getReviewSummary',
  method: 'get',
  path: '/reviews/summary',
  tags,
  summary: 'How many reviews Consign holds, and their average: the figures marketing pages may quote',
  responses: { 200: jsonContent(ReviewSummarySchema, 'The figures') },
});
