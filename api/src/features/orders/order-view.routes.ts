import { createRoute, z } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '../../db/schema';
import { SERVICE_TYPE_VALUES } from '../../domain/services';
import { requireAuth } from '../../lib/auth';
import { bearerSecurity, jsonContent, ProblemSchema, pickProblems } from '../../lib/openapi';
import { OrderIdParamsSchema } from './orders.schemas';

const tags = ['Orders'];

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

const invalidOrExpired = {
  404: problem('The link was not made by Consign or was changed (order_link_invalid)'),
  410: problem('The link has expired (order_link_expired): the order is still in the account that booked it'),
};

export const OrderViewLinkSchema = z
  .object({
    token: z.string().openapi({ description: 'Opens this order at /order-view?token=… without a sign-in' }),
    expiresAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('OrderViewLink');

export const OrderViewTokenParamsSchema = z.object({
  token: z
    .string()
    .min(1)
    .max(512)
    .openapi({ param: { name: 'token', in: 'path' }, description: 'A token from an OrderViewLink' }),
});

const Place = z.object({ town: z.string(), country: z.string().openapi({ example: 'GB' }) });

export const OrderViewSchema = z
  .object({
    id: z.string(),
    reference: z.string().openapi({ example: '#89abcdef' }),
    status: z.enum(ORDER_STATUSES),
    serviceType: z.enum(SERVICE_TYPE_VALUES),
    serviceName: z.string(),
    vendorName: z.string().openapi({ description: 'The courier' }),
    collectionDate: z.string().openapi({ format: 'date' }),
    from: Place,
    to: Place,
    price: z.object({
      total: z.number().int().openapi({ description: 'Minor units of currency, VAT included' }),
      currency: z.string(),
    }),
    paid: z.boolean(),
    trackingNumber: z.string().nullable(),
    label: z.object({
      available: z.boolean(),
      reason: z.string().optional().openapi({ description: 'Why there is no label yet' }),
    }),
    expiresAt: z.string().openapi({ format: 'date-time', description: 'When the link stops working' }),
  })
  .openapi('OrderView');

export const createOrderViewLink = createRoute({
  operationId: 'createOrderViewLink',
  method: 'post',
  path: '/orders/{id}/view-link',
  tags,
  summary: 'A signed link that opens this order’s confirmation and label without a sign-in',
  description:
    'For the customer who booked it: the widget’s checkout asks for one after a signed-in capture, so the ' +
    'shopper can open the order from the partner’s page in a tab that has no session. See docs/widget.md.',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: OrderIdParamsSchema },
  responses: { 200: jsonContent(OrderViewLinkSchema, 'The link’s token'), ...pickProblems(401, 404) },
});

export const getOrderView = createRoute({
  operationId: 'getOrderView',
  method: 'get',
  path: '/order-views/{token}',
  tags,
  summary: 'The order a signed link opens: its confirmation, towns only, and whether its label is ready',
  request: { params: OrderViewTokenParamsSchema },
  responses: {
    200: jsonContent(OrderViewSchema, 'The order'),
    ...invalidOrExpired,
    ...pickProblems(429),
  },
});

export const getOrderViewLabel = createRoute({
  operationId: 'getOrderViewLabel',
  method: 'get',
  path: '/order-views/{token}/label.pdf',
  tags,
  summary: 'The label of the order a signed link opens (PDF), once the order is paid',
  request: { params: OrderViewTokenParamsSchema },
  responses: {
    200: {
      description: 'The label',
      headers: z.object({ 'Content-Disposition': z.string() }),
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...invalidOrExpired,
    ...pickProblems(409, 422, 429),
  },
});
