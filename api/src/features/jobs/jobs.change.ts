/**
 * The one way a job's status changes, as changeOrder is the order's: `moveJob` checks the move
 * against the job status machine (job-status.ts), writes the status with the time it happened,
 * whatever must commit with it (the order an accepted job becomes, an audit row) and the outbox
 * event its subscribers read (the customer's and couriers' mail), in the caller's immediate
 * transaction; `changeJob` is the same in a transaction of its own. The refund a closed job is
 * owed runs after the commit, by the caller.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { type JobStatus, jobs } from '../../db/schema';
import { publish } from '../../lib/outbox';
import { type JobActorRole, jobMovesFrom } from './job-status';
import { JOB_EVENTS, type JobClosedData } from './jobs.notify';
import type { JobRow } from './jobs.shared';

/** Columns a move may write besides the status and the time it happened. */
type JobEdits = Partial<
  Pick<JobRow, 'paidAt' | 'expiresAt' | 'acceptedVendorId' | 'acceptedServiceId' | 'orderId'>
>;

export type JobChange = {
  jobId: string;
  to: JobStatus;
  actor: JobActorRole;
  /** Narrows which jobs may move (the customer's own, one not yet expired); others do not move. */
  where?: SQL | undefined;
  set?: JobEdits;
  /**
   * Writes that commit with the move, given the job before and after it; may answer the job
   * as it then is (the accepted job with the order it became).
   */
  alongside?: (tx: Tx, before: JobRow, after: JobRow) => Promise<JobRow | undefined>;
};

/** The move happened, or the job was not in a status (or state) this actor may move it from. */
export type JobMove = { moved: true; before: JobRow; job: JobRow } | { moved: false; job: JobRow | null };

/** When the move happened, on the column that says so. */
function stamped(to: JobStatus, now: Date): JobEdits & { acceptedAt?: Date; closedAt?: Date } {
  if (to === 'accepted') return { acceptedAt: now };
  if (to === 'withdrawn' || to === 'expired') return { closedAt: now };
  return {};
}

async function publishMove(tx: Tx, before: JobRow, after: JobRow, now: Date) {
  if (after.status === 'open') return publish(tx, JOB_EVENTS.paid, { jobId: after.id }, now);
  if (after.status === 'accepted') {
    return publish(tx, JOB_EVENTS.accepted, { jobId: after.id, orderId: after.orderId }, now);
  }
  if (after.status === 'withdrawn' || after.status === 'expired') {
    const data: JobClosedData = { jobId: after.id, status: after.status, wasOpen: before.status === 'open' };
    return publish(tx, JOB_EVENTS.closed, data, now);
  }
}

/**
 * Moves a job inside the caller's immediate transaction. The update is conditional on the
 * status the job was read in, so a move that another (an accept, the expiry, a withdrawal) made
 * first leaves this one `moved: false` with the job as it is.
 */
export async function moveJob(tx: Tx, change: JobChange, now: Date): Promise<JobMove> {
  const from = jobMovesFrom(change.to, change.actor);
  const before = await tx.query.jobs.findFirst({
    where: and(eq(jobs.id, change.jobId), inArray(jobs.status, from), change.where),
  });
  if (!before) {
    return {
      moved: false,
      job: (await tx.query.jobs.findFirst({ where: eq(jobs.id, change.jobId) })) ?? null,
    };
  }
  const [after] = await tx
    .update(jobs)
    .set({ status: change.to, ...stamped(change.to, now), ...change.set, updatedAt: now })
    .where(and(eq(jobs.id, before.id), eq(jobs.status, before.status)))
    .returning();
  // The immediate transaction holds the write lock since the job was read, so this holds.
  if (!after) throw new Error(`job ${before.id} changed under a write lock`);
  const job = (change.alongside && (await change.alongside(tx, before, after))) || after;
  await publishMove(tx, before, job, now);
  return { moved: true, before, job };
}

/** moveJob in an immediate transaction of its own. */
export async function changeJob(deps: AppDeps, change: JobChange): Promise<JobMove> {
  const now = deps.now();
  return deps.db.transaction((tx) => moveJob(tx, change, now), { behavior: 'immediate' });
}
