import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../lib/auth';
import { idempotent } from '../../lib/idempotency';
import { bearerSecurity, jsonBody, jsonContent, ProblemSchema, pickProblems } from '../../lib/openapi';
import {
  CancelOrderBodySchema,
  ChangeDropOffPointBodySchema,
  CreateOrderBodySchema,
  IdempotencyHeadersSchema,
  LabelFormatQuerySchema,
  OrderDetailSchema,
  OrderIdParamsSchema,
  OrderLabelsBodySchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderSchema,
  PaymentSessionSchema,
} from './orders.schemas';

const tags = ['Orders'];

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

const pdf = (description: string) => ({
  description,
  headers: z.object({
    'Content-Disposition': z
      .string()
      .openapi({ example: 'attachment; filename="consign-label-a1b2c3d4.pdf"' }),
  }),
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
});

/** A label document: PDF, or ZPL as text; streamed as it is written. */
export const labelsContent = (description: string) => ({
  description,
  headers: z.object({
    'Content-Disposition': z
      .string()
      .openapi({ example: 'attachment; filename="consign-labels-a1b2c3d4.pdf"' }),
  }),
  content: {
    'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
    'text/plain': {
      schema: z.string().openapi({ description: 'ZPL II, one `^XA…^XZ` per label (format=zpl)' }),
    },
  },
});

export const createOrder = createRoute({
  operationId: 'createOrder',
  method: 'post',
  path: '/orders',
  tags,
  summary: 'Book a quote option; the order awaits payment',
  description:
    'The price is the stored quote option’s plus the fee of the chosen cover tier (no VAT on cover: ' +
    'it is insurance). A price or total in the body is rejected as an unknown field. An expired ' +
    'quote answers 409 quote_expired.',
  security: bearerSecurity,
  middleware: [requireAuth, idempotent] as const,
  request: { headers: IdempotencyHeadersSchema, body: jsonBody(CreateOrderBodySchema) },
  responses: {
    201: jsonContent(OrderSchema, 'The order, awaiting payment, with the server’s price breakdown'),
    ...pickProblems(400, 401, 409, 422),
  },
});

export const listOrders = createRoute({
  operationId: 'listOrders',
  method: 'get',
  path: '/orders',
  tags,
  summary: 'The caller’s orders, newest first, with totals',
  description: '`totals` cover all the caller’s orders whatever the `status` filter.',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { query: OrderListQuerySchema },
  responses: { 200: jsonContent(OrderListSchema, 'One page'), ...pickProblems(401, 422) },
});

export const getOrder = createRoute({
  operationId: 'getOrder',
  method: 'get',
  path: '/orders/{id}',
  tags,
  summary: 'One order with its event timeline (its customer, its vendor or an admin)',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema },
  responses: { 200: jsonContent(OrderDetailSchema, 'The order'), ...pickProblems(401, 404) },
});

export const cancelOrder = createRoute({
  operationId: 'cancelOrder',
  method: 'post',
  path: '/orders/{id}/cancel',
  tags,
  summary: 'Cancel an order; a paid one is refunded',
  description:
    'The customer may cancel while the order awaits payment, or within 1 hour of payment before it ' +
    'is in transit; the vendor (and an admin) until it is delivered. Otherwise 409.',
  security: bearerSecurity,
  middleware: [requireAuth, idempotent] as const,
  request: {
    headers: IdempotencyHeadersSchema,
    params: OrderIdParamsSchema,
    body: { required: false, content: { 'application/json': { schema: CancelOrderBodySchema } } },
  },
  responses: {
    200: jsonContent(OrderDetailSchema, 'The cancelled order'),
    ...pickProblems(401, 404, 409, 422),
  },
});

export const startOrderPayment = createRoute({
  operationId: 'startOrderPayment',
  method: 'post',
  path: '/orders/{id}/payment',
  tags,
  summary: 'Start paying: the provider order to approve (created once per order)',
  description:
    'Send the browser to `approveUrl` (the test provider’s TEST MODE page, or PayPal), or render ' +
    'PayPal buttons with `clientId` and `providerOrderId`. Calling again answers the same provider order.',
  security: bearerSecurity,
  middleware: [requireAuth, idempotent] as const,
  request: { headers: IdempotencyHeadersSchema, params: OrderIdParamsSchema },
  responses: {
    200: jsonContent(PaymentSessionSchema, 'The provider order'),
    ...pickProblems(401, 404, 409),
    502: problem('The payment provider refused the request'),
    503: problem('The payment provider is unavailable; retry later'),
  },
});

export const captureOrderPayment = createRoute({
  operationId: 'captureOrderPayment',
  method: 'post',
  path: '/orders/{id}/payment/capture',
  tags,
  summary: 'Take the approved payment; the order becomes pending',
  description:
    'Safe to repeat: the payment is captured and recorded once however often this is called. ' +
    '402 payment_declined: the buyer’s funding was refused (approve again with another one). ' +
    '409 payment_not_approved: the buyer has not approved yet.',
  security: bearerSecurity,
  middleware: [requireAuth, idempotent] as const,
  request: { headers: IdempotencyHeadersSchema, params: OrderIdParamsSchema },
  responses: {
    200: jsonContent(OrderDetailSchema, 'Paid: the order, now pending, with its tracking number'),
    202: jsonContent(
      OrderDetailSchema,
      'The provider holds the payment for review; the order stays awaiting payment',
    ),
    402: problem('Payment failed. Please try again. (payment_declined)'),
    ...pickProblems(401, 404, 409),
    502: problem('The payment provider refused the request'),
    503: problem('The payment provider is unavailable; retry later'),
  },
});

export const getOrderLabel = createRoute({
  operationId: 'getOrderLabel',
  method: 'get',
  path: '/orders/{id}/label.pdf',
  tags,
  summary: 'The 4x6 inch shipping label (PDF), once the order is paid',
  description:
    'A label naming a drop-off point is printed only while that point can take the parcel on its date: ' +
    'otherwise 422 with the reason at `dropOffPointId` (choose another point with PUT /orders/{id}/drop-off-point).',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema },
  responses: { 200: pdf('The label'), ...pickProblems(401, 404, 409, 422) },
});

export const getOrderLabels = createRoute({
  operationId: 'getOrderLabels',
  method: 'get',
  path: '/orders/{id}/labels',
  tags,
  summary: "The order's labels in a format: 4x6 PDF, A4 sheet or ZPL, once the order is paid",
  description: 'One label per parcel. See docs/batches.md for the formats.',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema, query: LabelFormatQuerySchema },
  responses: { 200: labelsContent('The labels'), ...pickProblems(401, 404, 409, 422) },
});

export const printOrderLabels = createRoute({
  operationId: 'printOrderLabels',
  method: 'post',
  path: '/orders/labels',
  tags,
  summary: 'One label document for a selection of paid orders (the dashboard\'s "Print labels")',
  description:
    'The orders are named in the body rather than the query: 500 ids would not fit a URL. Each must ' +
    "be the caller's (404 otherwise) and paid (409 naming it otherwise). Streamed as it is drawn.",
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { body: jsonBody(OrderLabelsBodySchema) },
  responses: { 200: labelsContent('The labels, in the order asked'), ...pickProblems(401, 404, 409, 422) },
});

export const getOrderCustoms = createRoute({
  operationId: 'getOrderCustoms',
  method: 'get',
  path: '/orders/{id}/customs.pdf',
  tags,
  summary:
    'The customs declaration (CN23 with commercial-invoice details, PDF) of a paid international order',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema },
  responses: { 200: pdf('The customs declaration'), ...pickProblems(401, 404, 409) },
});

export const changeOrderDropOffPoint = createRoute({
  operationId: 'changeOrderDropOffPoint',
  method: 'put',
  path: '/orders/{id}/drop-off-point',
  tags,
  summary: 'Choose another drop-off point for a paid order still waiting to be dropped off',
  description:
    'The link in the "choose another drop-off point" email leads here. Checked as at booking (the point takes ' +
    'the service, is open on the collection date, takes the heaviest parcel); the timeline records the change ' +
    'and the label names the new point. 409 once the parcel is in transit or the order is collected.',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema, body: jsonBody(ChangeDropOffPointBodySchema) },
  responses: { 200: jsonContent(OrderDetailSchema, 'The order'), ...pickProblems(401, 404, 409, 422) },
});
