import { createRoute } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../../lib/audit';
import { requireAuth, requireRole } from '../../../lib/auth';
import { idempotent } from '../../../lib/idempotency';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import {
  IdempotencyHeadersSchema,
  OrderDetailSchema,
  OrderIdParamsSchema,
  OrderSummarySchema,
} from '../../orders';
import { adminGet, adminList } from '../admin.resource';
import {
  AdminOrderListQuerySchema,
  AdminOrderStatusBodySchema,
  AdminRefundBodySchema,
} from './admin-orders.schemas';
import { AdminOrdersService } from './admin-orders.service';

const tags = ['Admin'];

export const listOrders = adminList({
  resource: 'orders',
  operationId: 'adminListOrders',
  summary: 'Every order, ra-data-simple-rest style, with the vendor dashboard’s filters',
  description: 'One page of orders, as lists show them (GET an order for the whole of it)',
  query: AdminOrderListQuerySchema,
  item: OrderSummarySchema,
  read: (deps, list) => new AdminOrdersService(deps).list(list),
});

export const getOrder = adminGet({
  resource: 'orders',
  operationId: 'adminGetOrder',
  summary: 'One order with its timeline and payment',
  description: 'The order',
  item: OrderDetailSchema,
  params: OrderIdParamsSchema,
  read: (deps, id) => new AdminOrdersService(deps).get(id),
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
  summary:
    'Refund an order’s payment, in full or in part, with a reason and who bears it (audited; idempotent with Idempotency-Key)',
  description:
    'A full refund of an order still under way cancels it (and so refunds it); a part refund, or any refund of a delivered or cancelled order, keeps its status. The customer and the courier are emailed the amounts, with a credit note. 409 when there is no captured payment, it is already refunded, or another refund of it is on its way; 422 for an amount over what is left.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin'), idempotent] as const,
  request: {
    headers: IdempotencyHeadersSchema,
    params: OrderIdParamsSchema,
    body: jsonBody(AdminRefundBodySchema),
  },
  responses: {
    200: jsonContent(OrderDetailSchema, 'The order'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
