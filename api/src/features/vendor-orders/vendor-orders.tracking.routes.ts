import { createRoute } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { OrderDetailSchema } from '../orders';
import { VendorOrderIdParamsSchema } from './vendor-orders.schemas';
import {
  AddTrackingEventBodySchema,
  BulkPreviewSchema,
  BulkResultSchema,
  BulkUpdateBodySchema,
} from './vendor-orders.tracking.schemas';

const tags = ['Vendor orders'];

export const addVendorOrderEvent = createRoute({
  operationId: 'addVendorOrderEvent',
  method: 'post',
  path: '/vendor/orders/{id}/events',
  tags,
  summary:
    'Add a tracking event (out for delivery, delivery attempted, delayed, exception) without changing status',
  description:
    'Out for delivery and delivery attempted need the order in transit; delayed and exception any paid order not yet ' +
    'delivered or cancelled (else 409). Delivery attempted and exception need a note; delayed needs `expectedDelivery`, ' +
    'which becomes the promised date the customer, the recipient and the tracking page see. Out for delivery may ' +
    'name the driver (`driverName`) and the round’s window (`windowFrom`, `windowTo`), shown to the recipient. Publishes ' +
    '`order.tracking_event`; the recipient is emailed (except for exceptions).',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { params: VendorOrderIdParamsSchema, body: jsonBody(AddTrackingEventBodySchema) },
  responses: {
    201: jsonContent(OrderDetailSchema, 'The order with its timeline'),
    ...pickProblems(401, 403, 404, 409, 422),
  },
});

export const previewVendorOrderUpdates = createRoute({
  operationId: 'previewVendorOrderUpdates',
  method: 'post',
  path: '/vendor/orders/bulk/preview',
  tags,
  summary: 'Check a CSV of order updates row by row; nothing is changed',
  description:
    'Columns: Order ID (`#a1b2c3d4` or the whole id), Status or event (confirmed, in transit, delivered, cancelled, ' +
    'out for delivery, delivery attempted, delayed, exception), Tracking number, Note, Date (the new expected date ' +
    'of a delay: 2026-05-01, 01-05-2026 or 01/05/2026), and optionally Driver, Window from, Window to (an out for ' +
    'delivery row’s driver’s first name and time window, 24-hour HH:MM, the start before the end). Each row is checked as the rows before it would leave the ' +
    'order: an order that is not a paid order of this courier (another courier’s reads the same as one nobody has), a move the status machine forbids, a bad date or window, a taken ' +
    'tracking number. At most 1000 rows.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { body: jsonBody(BulkUpdateBodySchema) },
  responses: {
    200: jsonContent(BulkPreviewSchema, 'Every row with its checks'),
    ...pickProblems(401, 403, 422),
  },
});

export const applyVendorOrderUpdates = createRoute({
  operationId: 'applyVendorOrderUpdates',
  method: 'post',
  path: '/vendor/orders/bulk/apply',
  tags,
  summary: 'Apply the valid rows of a CSV of order updates, each in its own transaction',
  description:
    'Checks the file again as the preview does, then applies each valid row alone (status through the status machine, ' +
    'tracking number, tracking event), as the order drawer would: customers and recipients are emailed as usual. ' +
    'Invalid rows are left out; the answer carries a result CSV with each row’s outcome.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { body: jsonBody(BulkUpdateBodySchema) },
  responses: {
    200: jsonContent(BulkResultSchema, 'What was applied, row by row, and the result file'),
    ...pickProblems(401, 403, 422),
  },
});
