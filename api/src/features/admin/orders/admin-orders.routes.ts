import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { idempotent } from '../../../lib/idempotency';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { raListHeaders } from '../../../lib/ra-list';
import {
  IdempotencyHeadersSchema,
  OrderDetailSchema,
  OrderIdParamsSchema,
  OrderSummarySchema,
} from '../../orders';
import { ReasonBodySchema } from '../admin.schemas';
import { AdminOrderListQuerySchema, AdminOrderStatusBodySchema } from './admin-orders.schemas';

const tags = ['Admin'];

export const listOrders = createRoute({
  operationId: 'adminListOrders',
  method: 'get',
  path: '/admin/orders',
  tags,
  summary: 'Every order, ra-data-simple-rest style, with the vendor dashboard’s filters',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: AdminOrderListQuerySchema },
  responses: {
    200: {
      description: 'One page of orders, as lists show them (GET an order for the whole of it)',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(OrderSummarySchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getOrder = createRoute({
  operationId: 'adminGetOrder',
  method: 'get',
  path: '/admin/orders/{id}',
  tags,
  summary: 'One order with its timeline and payment',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: OrderIdParamsSchema },
  responses: { 200: jsonContent(OrderDetailSchema, 'The order'), ...pickProblems(401, 403, 404) },
});

export const changeOrderStatus = createRoute({
  operationId: 'adminChangeOrderStatus',
  method: 'post',
  path: '/admin/orders/{id}/status',
  tags,
  summary:
    'Move an order within the status machine, with a reason (audited; idempotent with Idempotency-Key)',
  description:
    'Cancelling a paid order refunds it. A move the status machine does not allow is 409 with its reason.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin'), idempotent] as const,
  request: {
    headers: IdempotencyHeadersSchema,
    params: OrderIdParamsSchema,
    body: jsonBody(AdminOrderStatusBodySchema),
  },
  responses: {
    200: jsonContent(OrderDetailSchema, 'The order'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});

export const refundOrder = createRoute({
  operationId: 'adminRefundOrder',
  method: 'post',
  path: '/admin/orders/{id}/refund',
  tags,
  summary: 'Refund an order’s payment in full, with a reason (audited; idempotent with Idempotency-Key)',
  description:
    'An order still under way is cancelled (and so refunded); a delivered or cancelled order keeps its status. 409 when there is no captured payment or it is already refunded.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin'), idempotent] as const,
  request: {
    headers: IdempotencyHeadersSchema,
    params: OrderIdParamsSchema,
    body: jsonBody(ReasonBodySchema),
  },
  responses: {
    200: jsonContent(OrderDetailSchema, 'The order'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
