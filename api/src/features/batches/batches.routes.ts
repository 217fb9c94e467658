import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../lib/auth';
import { bearerSecurity, jsonContent, ProblemSchema, pickProblems } from '../../lib/openapi';
import { LabelFormatQuerySchema, labelsContent, PaymentSessionSchema } from '../orders';
import { requirePartner } from '../partners';
import {
  BatchIdParamsSchema,
  BatchListSchema,
  BatchReceiptQuerySchema,
  BatchRowParamsSchema,
  BatchSchema,
  BatchSettingsQuerySchema,
  CreateBatchSchema,
  FixBatchRowSchema,
} from './batches.schemas';

const tags = ['Batches'];

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

const createBody = {
  required: false,
  description:
    'JSON rows, or the CSV file itself (`text/csv`, the settings then in the query string), or a form with the file as `file`. At most 500 rows and 5 MB.',
  content: {
    'application/json': { schema: CreateBatchSchema },
    'text/csv': { schema: z.string().openapi({ example: 'reference,sender,sender_name,...' }) },
    'multipart/form-data': {
      schema: z.object({ file: z.instanceof(File).openapi({ type: 'string', format: 'binary' }) }),
    },
  },
};

const createDescription =
  'Every row is checked and priced: the answer is the preview, each row valid with its chosen option and price, ' +
  'or invalid with its errors by column (docs/batches.md). Bad rows do not refuse the batch; a file that is not ' +
  'a batch (no header, unknown columns, over 500 rows or 5 MB) does.';

export const getBatchTemplate = createRoute({
  operationId: 'getBatchTemplate',
  method: 'get',
  path: '/batches/template.csv',
  tags,
  summary: 'The batch CSV template: the header and one example row',
  responses: {
    200: { description: 'The template', content: { 'text/csv': { schema: z.string() } } },
  },
});

export const createBatch = createRoute({
  operationId: 'createBatch',
  method: 'post',
  path: '/batches',
  tags,
  summary: 'Upload up to 500 shipments (CSV or JSON rows) and preview them',
  description: createDescription,
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { query: BatchSettingsQuerySchema, body: createBody },
  responses: {
    201: jsonContent(BatchSchema, 'The batch and its preview'),
    ...pickProblems(401, 413, 415, 422),
  },
});

export const listBatches = createRoute({
  operationId: 'listBatches',
  method: 'get',
  path: '/batches',
  tags,
  summary: 'Your batches, newest first, with their counts',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  responses: { 200: jsonContent(BatchListSchema, 'The batches'), ...pickProblems(401) },
});

export const getBatch = createRoute({
  operationId: 'getBatch',
  method: 'get',
  path: '/batches/{id}',
  tags,
  summary: 'A batch with every row: its status, errors, choice and order',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: BatchIdParamsSchema },
  responses: { 200: jsonContent(BatchSchema, 'The batch'), ...pickProblems(401, 404) },
});

export const fixBatchRow = createRoute({
  operationId: 'fixBatchRow',
  method: 'patch',
  path: '/batches/{id}/rows/{rowId}',
  tags,
  summary: 'Change cells of a row; it is checked and priced again (a dropped row comes back)',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: {
    params: BatchRowParamsSchema,
    body: { required: true, content: { 'application/json': { schema: FixBatchRowSchema } } },
  },
  responses: { 200: jsonContent(BatchSchema, 'The batch'), ...pickProblems(401, 404, 409, 422) },
});

export const dropBatchRow = createRoute({
  operationId: 'dropBatchRow',
  method: 'delete',
  path: '/batches/{id}/rows/{rowId}',
  tags,
  summary: 'Leave a row out of the batch (fixing it brings it back)',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: BatchRowParamsSchema },
  responses: { 200: jsonContent(BatchSchema, 'The batch'), ...pickProblems(401, 404, 409) },
});

export const retryBatchRow = createRoute({
  operationId: 'retryBatchRow',
  method: 'post',
  path: '/batches/{id}/rows/{rowId}/retry',
  tags,
  summary: 'Check and price a failed row again (once its refund is made), to pay with the next charge',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: BatchRowParamsSchema },
  responses: { 200: jsonContent(BatchSchema, 'The batch'), ...pickProblems(401, 404, 409) },
});

const payDescription =
  'One charge for the rows valid now (invalid and dropped rows are left out, to fix and pay later), one ' +
  'provider order with an item per row. Send the browser to `approveUrl` (the test provider’s TEST MODE ' +
  'page, or PayPal), or render PayPal buttons with `clientId` and `providerOrderId`. Asking again answers the ' +
  'same provider order while no row changed; changing or dropping a row voids it.';
const captureDescription =
  'Takes the approved payment, then books every paid row as an order (the row’s id is the order’s id), ' +
  'each exactly once however often or simultaneously this is called. A row that cannot be booked ends ' +
  '`failed` with the reason and its amount is refunded. 402 payment_declined: approve again with another ' +
  'funding source; 409 payment_not_approved: not approved yet; 409 charge_void: a row changed.';
const payProblems = {
  502: problem('The payment provider refused the request'),
  503: problem('The payment provider is unavailable; retry later'),
};

export const startBatchPayment = createRoute({
  operationId: 'startBatchPayment',
  method: 'post',
  path: '/batches/{id}/payment',
  tags,
  summary: 'Start paying for the batch’s valid rows: the provider order to approve',
  description: payDescription,
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: BatchIdParamsSchema },
  responses: {
    200: jsonContent(PaymentSessionSchema, 'The provider order'),
    ...pickProblems(401, 404, 409),
    ...payProblems,
  },
});

export const captureBatchPayment = createRoute({
  operationId: 'captureBatchPayment',
  method: 'post',
  path: '/batches/{id}/payment/capture',
  tags,
  summary: 'Take the approved payment; every paid row becomes an order',
  description: captureDescription,
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: BatchIdParamsSchema },
  responses: {
    200: jsonContent(BatchSchema, 'Paid: the batch, its rows booked or failed'),
    202: jsonContent(BatchSchema, 'The provider holds the payment for review; the rows wait'),
    402: problem('Payment failed. Please try again. (payment_declined)'),
    ...pickProblems(401, 404, 409),
    ...payProblems,
  },
});

export const getBatchResults = createRoute({
  operationId: 'getBatchResults',
  method: 'get',
  path: '/batches/{id}/results.csv',
  tags,
  summary: 'The rows as CSV: reference, status, order reference, tracking code and URL, price, error',
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: BatchIdParamsSchema },
  responses: {
    200: { description: 'The results', content: { 'text/csv': { schema: z.string() } } },
    ...pickProblems(401, 404),
  },
});

const labelsDescription =
  'One document with the labels of every order the batch made (one label per parcel), in row order; ' +
  'cancelled orders are left out. 409 batch_not_booked while no row is booked. Streamed as it is drawn; ' +
  'the formats are in docs/batches.md.';

export const getBatchLabels = createRoute({
  operationId: 'getBatchLabels',
  method: 'get',
  path: '/batches/{id}/labels',
  tags,
  summary: "The batch's labels in one document: 4x6 PDF, A4 sheets or ZPL",
  description: labelsDescription,
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: BatchIdParamsSchema, query: LabelFormatQuerySchema },
  responses: { 200: labelsContent('The labels, in row order'), ...pickProblems(401, 404, 409, 422) },
});

const receiptDescription =
  'The VAT receipt of a payment of the batch (its latest by default; `number` picks another of `receipts`): ' +
  'a line per row the payment paid for (reference, route, service, net, VAT, total), adding up to what was ' +
  'paid. 409 batch_not_paid before the batch is paid; 404 for a receipt that is not one of the batch’s.';
const pdfContent = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
});

export const getBatchReceipt = createRoute({
  operationId: 'getBatchReceipt',
  method: 'get',
  path: '/batches/{id}/receipt.pdf',
  tags,
  summary: "A batch payment's VAT receipt (PDF), a line per row",
  description: receiptDescription,
  security: bearerSecurity,
  middleware: [requireAuth] as const,
  request: { params: BatchIdParamsSchema, query: BatchReceiptQuerySchema },
  responses: { 200: pdfContent('The receipt'), ...pickProblems(401, 404, 409) },
});

const WHO =
  ' Call with a secret key (`Authorization: Bearer sk_…`, from a server) or a partner user’s access token.';

export const createPartnerBatch = createRoute({
  operationId: 'partnerCreateBatch',
  method: 'post',
  path: '/partner/batches',
  tags: ['Partner', ...tags],
  summary: 'Upload up to 500 shipments for the partner and preview them',
  description: `${createDescription}${WHO}`,
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { query: BatchSettingsQuerySchema, body: createBody },
  responses: {
    201: jsonContent(BatchSchema, 'The batch and its preview'),
    ...pickProblems(400, 401, 403, 409, 413, 415, 422, 429),
  },
});

export const getPartnerBatch = createRoute({
  operationId: 'partnerGetBatch',
  method: 'get',
  path: '/partner/batches/{id}',
  tags: ['Partner', ...tags],
  summary: "One of the partner's batches",
  description: WHO.trim(),
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { params: BatchIdParamsSchema },
  responses: { 200: jsonContent(BatchSchema, 'The batch'), ...pickProblems(400, 401, 403, 404, 429) },
});

export const startPartnerBatchPayment = createRoute({
  operationId: 'partnerStartBatchPayment',
  method: 'post',
  path: '/partner/batches/{id}/payment',
  tags: ['Partner', ...tags],
  summary: 'Start paying for one of the partner’s batches',
  description: `${payDescription}${WHO}`,
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { params: BatchIdParamsSchema },
  responses: {
    200: jsonContent(PaymentSessionSchema, 'The provider order'),
    ...pickProblems(400, 401, 403, 404, 409, 429),
    ...payProblems,
  },
});

export const capturePartnerBatchPayment = createRoute({
  operationId: 'partnerCaptureBatchPayment',
  method: 'post',
  path: '/partner/batches/{id}/payment/capture',
  tags: ['Partner', ...tags],
  summary: 'Take the approved payment of one of the partner’s batches; its rows become orders',
  description: `${captureDescription}${WHO}`,
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { params: BatchIdParamsSchema },
  responses: {
    200: jsonContent(BatchSchema, 'Paid: the batch, its rows booked or failed'),
    202: jsonContent(BatchSchema, 'The provider holds the payment for review; the rows wait'),
    402: problem('Payment failed. Please try again. (payment_declined)'),
    ...pickProblems(400, 401, 403, 404, 409, 429),
    ...payProblems,
  },
});

export const getPartnerBatchResults = createRoute({
  operationId: 'partnerGetBatchResults',
  method: 'get',
  path: '/partner/batches/{id}/results.csv',
  tags: ['Partner', ...tags],
  summary: "One of the partner's batches as CSV results",
  description: WHO.trim(),
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { params: BatchIdParamsSchema },
  responses: {
    200: { description: 'The results', content: { 'text/csv': { schema: z.string() } } },
    ...pickProblems(400, 401, 403, 404, 429),
  },
});

export const getPartnerBatchLabels = createRoute({
  operationId: 'partnerGetBatchLabels',
  method: 'get',
  path: '/partner/batches/{id}/labels',
  tags: ['Partner', ...tags],
  summary: "One of the partner's batches' labels in one document",
  description: `${labelsDescription}${WHO}`,
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { params: BatchIdParamsSchema, query: LabelFormatQuerySchema },
  responses: {
    200: labelsContent('The labels, in row order'),
    ...pickProblems(400, 401, 403, 404, 409, 422, 429),
  },
});

export const getPartnerBatchReceipt = createRoute({
  operationId: 'partnerGetBatchReceipt',
  method: 'get',
  path: '/partner/batches/{id}/receipt.pdf',
  tags: ['Partner', ...tags],
  summary: "A partner's batch payment's VAT receipt (PDF), a line per row",
  description: `${receiptDescription}${WHO}`,
  security: bearerSecurity,
  middleware: [requirePartner] as const,
  request: { params: BatchIdParamsSchema, query: BatchReceiptQuerySchema },
  responses: { 200: pdfContent('The receipt'), ...pickProblems(400, 401, 403, 404, 409, 429) },
});
