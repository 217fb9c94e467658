/**
 * Jobs for staff (GET /admin/jobs, ra-data-simple-rest style; POST /admin/jobs/{id}/refund).
 * A refund of a job still open (or unpaid) withdraws it first, as the customer's own withdrawal
 * does, so no vendor can accept a job whose money went back. An accepted job became an order:
 * refund that order instead (409 says so).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { idempotent } from '../../../lib/idempotency';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { raListHeaders } from '../../../lib/ra-list';
import { JobSchema } from '../../jobs';
import { IdempotencyHeadersSchema } from '../../orders';
import { IdParamsSchema, ReasonBodySchema } from '../admin.schemas';
import { AdminJobListQuerySchema } from './admin-jobs.schemas';

const tags = ['Admin'];

export const listJobs = createRoute({
  operationId: 'adminListJobs',
  method: 'get',
  path: '/admin/jobs',
  tags,
  summary: "Every customer's jobs, ra-data-simple-rest style",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: AdminJobListQuerySchema },
  responses: {
    200: {
      description: 'One page of jobs',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(JobSchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getJob = createRoute({
  operationId: 'adminGetJob',
  method: 'get',
  path: '/admin/jobs/{id}',
  tags,
  summary: 'One job',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(JobSchema, 'The job'), ...pickProblems(401, 403, 404) },
});

export const refundJob = createRoute({
  operationId: 'adminRefundJob',
  method: 'post',
  path: '/admin/jobs/{id}/refund',
  tags,
  summary:
    "Refund a job's payment with a reason, withdrawing it if still open (audited; idempotent with Idempotency-Key)",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin'), idempotent] as const,
  request: { headers: IdempotencyHeadersSchema, params: IdParamsSchema, body: jsonBody(ReasonBodySchema) },
  responses: { 200: jsonContent(JobSchema, 'The job'), ...pickProblems(401, 403, 404, 409, 422) },
});
