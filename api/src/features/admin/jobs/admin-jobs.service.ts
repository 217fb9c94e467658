import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import { jobs } from '../../../db/schema';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { AccessClaims } from '../../../lib/jwt';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import { moveJob, toJobDto } from '../../jobs';
import { findPayment, findPayments, refundIfPaid } from '../../payments';
import type { AdminJobListQuerySchema, JOB_SORT_FIELDS } from './admin-jobs.schemas';

type JobFilter = NonNullable<z.infer<typeof AdminJobListQuerySchema>['filter']>;

export class AdminJobs {
  constructor(private readonly deps: AppDeps) {}

  async list(list: RaList<(typeof JOB_SORT_FIELDS)[number], JobFilter>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    const { rows, total } = await listPage(db, list, {
      rows: db.select().from(jobs).$dynamic(),
      count: db.select({ total: count() }).from(jobs).$dynamic(),
      where: [
        f.status && eq(jobs.status, f.status),
        f.customerId && eq(jobs.customerId, f.customerId),
        idsIn(jobs.id, f.id),
      ],
      sort: { createdAt: jobs.createdAt, status: jobs.status, id: jobs.id },
      tieBreaker: jobs.id,
      cache: { list: 'admin jobs', tables: ['jobs'], keyset: jobs },
    });
    const payments = new Map(
      (
        await findPayments(
          db,
          'job',
          rows.map((j) => j.id),
        )
      ).map((p) => [p.jobId, p]),
    );
    const now = this.deps.now();
    return {
      rows: rows.map((j) => ({ ...toJobDto(j, payments.get(j.id), now), customerId: j.customerId })),
      total,
    };
  }

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
    await deps.db.transaction(
      async (tx) => {
        // An open (or unpaid) job is withdrawn first, so no vendor can accept it; one that a
        // vendor accepted meanwhile stays an order and is refunded as one.
        const move = await moveJob(tx, { jobId: id, to: 'withdrawn', actor: 'admin' }, now);
        const current = move.job;
        if (!current) throw AppError.notFound('Job not found');
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
        // The customer's mail (job.closed, published by the move) states the refund as it stands then.
      },
      { behavior: 'immediate' },
    );
    await refundIfPaid(deps, payment, `job refunded by staff: ${reason}`);
    return this.dto(id);
  }
}
