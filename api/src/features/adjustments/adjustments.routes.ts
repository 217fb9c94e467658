import { createRoute } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, ProblemSchema, pickProblems } from '../../lib/openapi';
import { OrderIdParamsSchema } from '../orders';
import {
  AdjustmentDecisionBodySchema,
  AdjustmentIdParamsSchema,
  AdjustmentListSchema,
  AdjustmentPaymentSchema,
  AdjustmentPreviewBodySchema,
  AdjustmentPreviewSchema,
  AdjustmentSchema,
  DisputeAdjustmentBodySchema,
  FileAdjustmentBodySchema,
  OrderAdjustmentParamsSchema,
} from './adjustments.schemas';

const tags = ['Adjustments'];
const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});
const providerProblems = {
  502: problem('The payment provider refused the request'),
  503: problem('The payment provider is unavailable; retry later'),
};

export const previewAdjustment = createRoute({
  operationId: 'previewAdjustment',
  method: 'post',
  path: '/vendor/orders/{id}/adjustments/preview',
  tags,
  summary: 'What an adjustment with these measured parcels would cost the customer (nothing is filed)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: OrderIdParamsSchema, body: jsonBody(AdjustmentPreviewBodySchema) },
  responses: {
    200: jsonContent(AdjustmentPreviewSchema, 'The prices by the courier’s rate card'),
    ...pickProblems(401, 403, 404, 422),
  },
});

export const fileAdjustment = createRoute({
  operationId: 'fileAdjustment',
  method: 'post',
  path: '/vendor/orders/{id}/adjustments',
  tags,
  summary: 'The courier files a weight or size adjustment on one of its collected orders',
  description:
    'Within 2 working days of collection. The price is worked out from the courier’s own rate card for ' +
    'the order’s service (never a free amount); an adjustment that would not raise the price is refused ' +
    '(422 adjustment_not_higher). Nothing is charged until the customer accepts or staff uphold it ' +
    '(docs/claims-and-returns.md).',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: OrderIdParamsSchema, body: jsonBody(FileAdjustmentBodySchema) },
  responses: {
    201: jsonContent(AdjustmentSchema, 'The adjustment, awaiting the customer'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});

export const listOrderAdjustments = createRoute({
  operationId: 'listOrderAdjustments',
  method: 'get',
  path: '/orders/{id}/adjustments',
  tags,
  summary: 'The order’s adjustments: its customer, its courier or staff',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema },
  responses: {
    200: jsonContent(AdjustmentListSchema, 'The adjustments, newest first'),
    ...pickProblems(401, 404),
  },
});

export const acceptAdjustment = createRoute({
  operationId: 'acceptAdjustment',
  method: 'post',
  path: '/orders/{id}/adjustments/{adjustmentId}/accept',
  tags,
  summary: 'The customer accepts an adjustment and starts paying the difference',
  description:
    'Answers the payment session, as starting an order’s payment does: approve it (approveUrl), then ' +
    'POST …/payment/capture (or the provider’s return captures it).',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderAdjustmentParamsSchema },
  responses: {
    200: jsonContent(AdjustmentPaymentSchema, 'The accepted adjustment and its payment'),
    ...pickProblems(401, 404, 409),
    ...providerProblems,
  },
});

export const startAdjustmentPayment = createRoute({
  operationId: 'startAdjustmentPayment',
  method: 'post',
  path: '/orders/{id}/adjustments/{adjustmentId}/payment',
  tags,
  summary: 'Start (or resume) paying an accepted or upheld adjustment’s difference',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderAdjustmentParamsSchema },
  responses: {
    200: jsonContent(AdjustmentPaymentSchema, 'The adjustment and its payment'),
    ...pickProblems(401, 404, 409),
    ...providerProblems,
  },
});

export const captureAdjustmentPayment = createRoute({
  operationId: 'captureAdjustmentPayment',
  method: 'post',
  path: '/orders/{id}/adjustments/{adjustmentId}/payment/capture',
  tags,
  summary: 'Take the approved payment of the difference; the adjustment becomes paid',
  description: 'Safe to repeat: the payment is captured and recorded once.',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderAdjustmentParamsSchema },
  responses: {
    200: jsonContent(AdjustmentSchema, 'Paid'),
    202: jsonContent(AdjustmentSchema, 'The provider holds the payment for review'),
    402: problem('Payment failed. Please try again. (payment_declined)'),
    ...pickProblems(401, 404, 409),
    ...providerProblems,
  },
});

export const disputeAdjustment = createRoute({
  operationId: 'disputeAdjustment',
  method: 'post',
  path: '/orders/{id}/adjustments/{adjustmentId}/dispute',
  tags,
  summary: 'The customer disputes an adjustment with a reason; Consign staff decide',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderAdjustmentParamsSchema, body: jsonBody(DisputeAdjustmentBodySchema) },
  responses: {
    200: jsonContent(AdjustmentSchema, 'The disputed adjustment'),
    ...pickProblems(401, 404, 409, 422),
  },
});

export const decideAdjustment = createRoute({
  operationId: 'adminDecideAdjustment',
  method: 'post',
  path: '/admin/adjustments/{id}/decision',
  tags: ['Admin'],
  summary: 'Staff decide a disputed adjustment (audited)',
  description:
    'uphold: the customer owes the difference, paid as on acceptance; overturn: nothing is charged.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: AdjustmentIdParamsSchema, body: jsonBody(AdjustmentDecisionBodySchema) },
  responses: {
    200: jsonContent(AdjustmentSchema, 'The adjustment after the decision'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
