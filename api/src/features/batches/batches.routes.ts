import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../lib/auth';
import { bearerSecurity, jsonContent, pickProblems } from '../../lib/openapi';
import { requirePartner } from '../partners';
import {
  BatchIdParamsSchema,
  BatchListSchema,
  BatchRowParamsSchema,
  BatchSchema,
  BatchSettingsQuerySchema,
  CreateBatchSchema,
  FixBatchRowSchema,
} from './batches.schemas';

const tags = ['Batches'];

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
