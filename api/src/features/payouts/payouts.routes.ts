import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../lib/auth';
import { idempotent } from '../../lib/idempotency';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { raListHeaders } from '../../lib/ra-list';
import { IdempotencyHeadersSchema } from '../orders';
import {
  PayoutAccountBodySchema,
  PayoutAccountSchema,
  PayoutBatchDetailSchema,
  PayoutBatchSchema,
  PayoutCodeBodySchema,
  PayoutListQuerySchema,
  PayoutRunBodySchema,
  PayoutRunSchema,
  VendorPayoutListSchema,
} from './payouts.schemas';

const vendorTags = ['Vendor payouts'];

export const getPayoutAccount = createRoute({
  operationId: 'getPayoutAccount',
  method: 'get',
  path: '/vendor/payout-account',
  tags: vendorTags,
  summary: 'Where the caller’s payouts go: the confirmed PayPal email, and one waiting for its code',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  responses: { 200: jsonContent(PayoutAccountSchema, 'The payout account'), ...pickProblems(401, 403) },
});

export const setPayoutAccount = createRoute({
  operationId: 'setPayoutAccount',
  method: 'put',
  path: '/vendor/payout-account',
  tags: vendorTags,
  summary: 'Set the PayPal email to be paid at: a 6-digit code is mailed to it, valid 15 minutes',
  description:
    'Payouts keep going to the confirmed email until the new one is confirmed with POST /vendor/payout-account/verify. ' +
    'At most 5 codes an hour (429 with Retry-After beyond).',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { body: jsonBody(PayoutAccountBodySchema) },
  responses: {
    200: jsonContent(PayoutAccountSchema, 'The payout account, with the email waiting for its code'),
    ...pickProblems(401, 403, 422, 429),
  },
});

export const verifyPayoutAccount = createRoute({
  operationId: 'verifyPayoutAccount',
  method: 'post',
  path: '/vendor/payout-account/verify',
  tags: vendorTags,
  summary: 'Confirm the waiting PayPal email with its mailed code: payouts go there from now on',
  description:
    '422 for a wrong or expired code (naming `code`); 409 when no email is waiting or after 5 wrong codes (ask for a new one). ' +
    'The previously confirmed address, if any, is told of the change.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  request: { body: jsonBody(PayoutCodeBodySchema) },
  responses: {
    200: jsonContent(PayoutAccountSchema, 'The payout account'),
    ...pickProblems(401, 403, 409, 422),
  },
});

export const listVendorPayouts = createRoute({
  operationId: 'listVendorPayouts',
  method: 'get',
  path: '/vendor/payouts',
  tags: vendorTags,
  summary: 'The caller’s payouts, newest first (the latest 50), with their status',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('vendor')] as const,
  responses: { 200: jsonContent(VendorPayoutListSchema, 'Payouts'), ...pickProblems(401, 403) },
});

const adminTags = ['Admin'];

export const runPayouts = createRoute({
  operationId: 'adminRunPayouts',
  method: 'post',
  path: '/admin/payouts',
  tags: adminTags,
  summary: 'Run payouts now: one PayPal Payouts batch paying every courier due (or those named)',
  description:
    'Due: a confirmed PayPal email, not suspended, and an available balance of at least PAYOUT_MINIMUM. ' +
    'Earlier batches left unsent or unsettled are finished first. Running it again pays nobody twice: ' +
    'the money leaves the balance when the batch is written, and PayPal sees the batch id as sender_batch_id. ' +
    '`batch` is null when nobody is due. Idempotent with Idempotency-Key.',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin'), idempotent] as const,
  request: { headers: IdempotencyHeadersSchema, body: jsonBody(PayoutRunBodySchema) },
  responses: {
    200: jsonContent(PayoutRunSchema, 'What the run did'),
    ...pickProblems(401, 403, 409, 422),
  },
});

export const listPayouts = createRoute({
  operationId: 'adminListPayouts',
  method: 'get',
  path: '/admin/payouts',
  tags: adminTags,
  summary:
    'Payout batches, ra-data-simple-rest style: sort, range and filter as JSON; the total in Content-Range',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: PayoutListQuerySchema },
  responses: {
    200: {
      description: 'One page of payout batches',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(PayoutBatchSchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getPayout = createRoute({
  operationId: 'adminGetPayout',
  method: 'get',
  path: '/admin/payouts/{id}',
  tags: adminTags,
  summary: 'One payout batch with its items and their statuses',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(64)
        .openapi({ param: { name: 'id', in: 'path' } }),
    }),
  },
  responses: { 200: jsonContent(PayoutBatchDetailSchema, 'The batch'), ...pickProblems(401, 403, 404) },
});
