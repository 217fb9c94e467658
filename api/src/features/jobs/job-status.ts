/**
 * The job status machine (docs/architecture.md §4) as data, like the order's (orders/status.ts):
 * what every job change checks through changeJob (jobs.change.ts).
 *
 * ```
 * awaiting_payment --pay--> open --vendor accepts--> accepted (it is an order now)
 *        |                    |
 *        +---withdraw/expire--+--> withdrawn | expired
 * ```
 */
import type { JobStatus, OrderActorRole } from '../../db/schema';
import { JOB_STATUSES } from '../../db/schema';

export type JobActorRole = OrderActorRole;

/** Who withdraws: the customer, staff refunding it, or the system when the payment went back at the provider. */
const WITHDRAWERS: readonly JobActorRole[] = ['customer', 'admin', 'system'];

/**
 * Every legal move and who may make it, by the status a job is in: a row for every status (a
 * final one moves nowhere), so a new status does not compile until its moves are written.
 */
const MOVES: Record<JobStatus, Partial<Record<JobStatus, readonly JobActorRole[]>>> = {
  awaiting_payment: { open: ['system'], withdrawn: WITHDRAWERS, expired: ['system'] },
  open: { accepted: ['vendor'], withdrawn: WITHDRAWERS, expired: ['system'] },
  accepted: {},
  withdrawn: {},
  expired: {},
};

/** The statuses `actor` may move a job to `to` from. */
export function jobMovesFrom(to: JobStatus, actor: JobActorRole): JobStatus[] {
  return JOB_STATUSES.filter((from) => MOVES[from][to]?.includes(actor));
}

/** Whether `actor` may move a job from `from` to `to`. Pure. */
export function mayMoveJob(from: JobStatus, to: JobStatus, actor: JobActorRole): boolean {
  return MOVES[from][to]?.includes(actor) ?? false;
}
