/**
 * Jobs for staff (GET /admin/jobs, ra-data-simple-rest style; POST /admin/jobs/{id}/refund).
 * A refund of a job still open (or unpaid) withdraws it first, as the customer's own withdrawal
 * does, so no vendor can accept a job whose money went back. An accepted job became an order:
 * refund that order instead (409 says so).
 */
import { createRoute } from '@hono/zod-openapi';
import { ReasonBodySchema } from '../../../lib/audit';
import { requireAuth, requireRole } from '../../../lib/auth';
import { idempotent } from '../../../lib/idempotency';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { JobSchema } from '../../jobs';
import { IdempotencyHeadersSchema } from '../../orders';
import { adminGet, adminList } from '../admin.resource';
import { IdParamsSchema } from '../admin.schemas';
import { AdminJobListQuerySchema } from './admin-jobs.schemas';
import { AdminJobs } from './admin-jobs.service';

const tags = ['Admin'];

export const listJobs = adminList({
  resource: 'jobs',
  operationId: 'adminListJobs',
  summary: "Every customer's jobs, ra-data-simple-rest style",
  description: 'One page of jobs',
  query: AdminJobListQuerySchema,
  item: JobSchema,
  read: (deps, list) => new AdminJobs(deps).list(list),
});

export const getJob = adminGet({
  resource: 'jobs',
  operationId: 'adminGetJob',
  summary: 'One job',
  description: 'The job',
  item: JobSchema,
  read: (deps, id) => new AdminJobs(deps).dto(id),
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
