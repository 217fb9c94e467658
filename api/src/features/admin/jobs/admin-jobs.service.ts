/**
 * Jobs for staff (GET /admin/jobs, ra-data-simple-rest style; POST /admin/jobs/{id}/refund).
 * A refund of a job still open (or unpaid) withdraws it first, as the customer's own withdrawal
 * does, so no vendor can accept a job whose money went back. An accepted job became an order:
 * refund that order instead (409 says so).
 */
import { createRoute, type RouteHandler, z } from '@hono/zod-openapi';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../../context';
import { JOB_STATUSES, jobs } from '../../db/schema';
import { requireAuth, requireRole } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { idempotent } from '../../lib/idempotency';
import type { AccessClaims } from '../../lib/jwt';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { raListHeaders, raListQuery, setContentRange, toRaList } from '../../lib/ra-list';
import { jobClosedEmail, notifyJobCustomer } from '../jobs/jobs.notify';
import { JobSchema } from '../jobs/jobs.schemas';
import { toJobDto } from '../jobs/jobs.service';
import { IdempotencyHeadersSchema } from '../orders/orders.schemas';
import { refundIfPaid } from '../orders/orders.service';
import { findPayment, findPayments } from '../payments/payments.service';
import { VendorIdParamsSchema as IdParamsSchema, ReasonBodySchema } from './admin.schemas';
import { recordAudit } from './audit';

const SORT_FIELDS = ['createdAt', 'status', 'id'] as const;
const ListQuery = raListQuery({
  sortFields: SORT_FIELDS,
  filter: z.strictObject({
    status: z.enum(JOB_STATUSES).optional(),
    customerId: z.string().max(64).optional(),
    id: z.union([z.string(), z.array(z.string()).max(1000)]).optional(),
  }),
});

const tags = ['Admin'];

export const listJobs = createRoute({
  operationId: 'adminListJobs',
  method: 'get',
  path: '/admin/jobs',
  tags,
  summary: "Every customer's jobs, ra-data-simple-rest style",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: ListQuery },
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

class AdminJobs {
  constructor(private readonly deps: AppDeps) {}

  async find(id: string) {
    const job = await this.deps.db.query.jobs.findFirst({ where: eq(jobs.id, id) });
    if (!job) throw AppError.notFound('Job not found');
    return job;
  }

  async dto(id: string) {
    const job = await this.find(id);
    return {
      ...toJobDto(job, await findPayment(this.deps.db, { kind: 'job', id }), this.deps.now()),
      customerId: job.customerId,
    };
  }

  async refund(actor: AccessClaims, id: string, reason: string) {
    const { deps } = this;
    const job = await this.find(id);
    if (job.status === 'accepted') {
      throw AppError.conflict('This job became an order: refund the order instead', 'job_accepted');
    }
    const payment = await findPayment(deps.db, { kind: 'job', id });
    if (payment?.status !== 'captured') {
      throw AppError.conflict(
        payment?.status === 'refunded'
          ? 'The job is already refunded'
          : 'The job has no captured payment to refund',
        payment?.status === 'refunded' ? 'already_refunded' : 'nothing_to_refund',
      );
    }
    const now = deps.now();
    const closed = await deps.db.transaction(
      async (tx) => {
        // Conditional on the status, so a refund racing a vendor's accept loses cleanly.
        const [withdrawn] = await tx
          .update(jobs)
          .set({ status: 'withdrawn', closedAt: now, updatedAt: now })
          .where(and(eq(jobs.id, id), inArray(jobs.status, ['awaiting_payment', 'open'])))
          .returning();
        const current = withdrawn ?? (await tx.query.jobs.findFirst({ where: eq(jobs.id, id) }))!;
        if (current.status === 'accepted') {
          throw AppError.conflict('This job became an order: refund the order instead', 'job_accepted');
        }
        await recordAudit(
          tx,
          actor,
          {
            action: 'job.refund',
            entityType: 'job',
            entityId: id,
            before: { status: job.status, payment: 'captured' },
            after: { status: current.status, payment: 'refunded' },
            reason,
          },
          now,
        );
        return withdrawn ?? null;
      },
      { behavior: 'immediate' },
    );
    const refund = await refundIfPaid(deps, payment, `job refunded by staff: ${reason}`);
    if (closed) {
      await notifyJobCustomer(
        deps,
        closed,
        (to, link) => jobClosedEmail(to, closed, refund, link),
        'job refunded by staff',
      );
    }
    return this.dto(id);
  }
}

export const listJobsHandler: RouteHandler<typeof listJobs, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { db } = c.var.deps;
  const f = list.filter ?? {};
  const conditions: SQL[] = [];
  if (f.status) conditions.push(eq(jobs.status, f.status));
  if (f.customerId) conditions.push(eq(jobs.customerId, f.customerId));
  if (f.id !== undefined) conditions.push(inArray(jobs.id, Array.isArray(f.id) ? f.id : [f.id]));
  const where = conditions.length ? and(...conditions) : undefined;
  const sort = list.sort ?? { field: 'createdAt', order: 'desc' };
  const column = { createdAt: jobs.createdAt, status: jobs.status, id: jobs.id }[sort.field];
  const direction = sort.order === 'desc' ? desc : asc;
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(direction(column), direction(jobs.id))
      .limit(list.limit)
      .offset(list.offset),
    db.select({ total: count() }).from(jobs).where(where),
  ]);
  const payments = new Map(
    (
      await findPayments(
        db,
        'job',
        rows.map((j) => j.id),
      )
    ).map((p) => [p.jobId, p]),
  );
  const now = c.var.deps.now();
  setContentRange(c, 'jobs', list.offset, rows.length, totals[0]?.total ?? 0);
  return c.json(
    rows.map((j) => ({ ...toJobDto(j, payments.get(j.id), now), customerId: j.customerId })),
    200,
  );
};

export const getJobHandler: RouteHandler<typeof getJob, AppEnv> = async (c) =>
  c.json(await new AdminJobs(c.var.deps).dto(c.req.valid('param').id), 200);

export const refundJobHandler: RouteHandler<typeof refundJob, AppEnv> = async (c) =>
  c.json(
    await new AdminJobs(c.var.deps).refund(c.var.user, c.req.valid('param').id, c.req.valid('json').reason),
    200,
  );
