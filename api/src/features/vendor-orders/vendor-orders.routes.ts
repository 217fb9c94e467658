import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { OrderDetailSchema } from '../orders';
import {
  UpdateVendorOrderBodySchema,
  VendorOrderFilterSchema,
  VendorOrderIdParamsSchema,
  VendorOrderListQuerySchema,
  VendorOrderListSchema,
  VendorOrderStatsSchema,
} from './vendor-orders.schemas';

const tags = ['Vendor orders'];
export const listVendorOrders = createRoute({
  operationId: 'listVendorOrders',
  method: 'get',
  path: '/vendor/orders',
  tags,
  summary: 'The caller’s paid orders, newest first, filtered as on the vendor dashboard',
  description:
    '`to` includes its whole day, to 23:59:59 UK time. Page with `limit` and `page`, or `limit` and `cursor`; ' +
    '`total` counts every order the filters match.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { query: VendorOrderListQuerySchema },
  responses: { 200: jsonContent(VendorOrderListSchema, 'One page'), ...pickProblems(401, 403, 422) },
});

export const getVendorOrderStats = createRoute({
  operationId: 'getVendorOrderStats',
  method: 'get',
  path: '/vendor/orders/stats',
  tags,
  summary: 'The dashboard’s figures: orders by status and revenue',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  responses: { 200: jsonContent(VendorOrderStatsSchema, 'The figures'), ...pickProblems(401, 403) },
});

export const exportVendorOrders = createRoute({
  operationId: 'exportVendorOrders',
  method: 'get',
  path: '/vendor/orders/export.csv',
  tags,
  summary: 'The filtered orders as CSV: Order ID, Date, Recipient, Courier, Status, Price, Currency',
  description:
    'Same filters as the list, every matching row (up to 50,000). Dates dd-mm-yyyy (UK), prices in major units. ' +
    'Cells that a spreadsheet would run as a formula are prefixed with a single quote.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { query: VendorOrderFilterSchema },
  responses: {
    200: {
      description: 'The CSV file (UTF-8 with a byte-order mark)',
      headers: z.object({
        'Content-Disposition': z
          .string()
          .openapi({ example: 'attachment; filename="vendor-orders-2026-03-10.csv"' }),
      }),
      content: { 'text/csv': { schema: z.string() } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const updateVendorOrder = createRoute({
  operationId: 'updateVendorOrder',
  method: 'patch',
  path: '/vendor/orders/{id}',
  tags,
  summary: 'Change an order’s status, tracking number, label link, courier notes or collection date',
  description:
    'The status moves by the order status machine (pending → confirmed → in transit → delivered, or cancelled ' +
    'before delivery); an illegal move is 409. Every change is recorded on the order’s timeline; the customer is ' +
    'emailed on a status change, and a cancelled order is refunded.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: VendorOrderIdParamsSchema, body: jsonBody(UpdateVendorOrderBodySchema) },
  responses: {
    200: jsonContent(OrderDetailSchema, 'The order with its timeline'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});
