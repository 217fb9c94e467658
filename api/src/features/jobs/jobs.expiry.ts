/**
 * Jobs not accepted within 7 days expire (docs/architecture.md §4): open ones are refunded and their customer
 * told; unpaid ones simply lapse. Vendors stop seeing a job at its expiry instant whatever this
 * sweep's timing (the list and accept both compare expiresAt with the clock); the sweep makes it
 * final and gives the money back.
 *
 * Safe to run at any time and from several processes at once: each job is closed by a
 * conditional update (one caller wins), and the refund request id is derived from the job, so a
 * refund is made once. A refund the provider did not make now stays captured and the payments
 * reconciler retries it (the job payment target lists it as refundable).
 */
import { and, inArray, lte } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { jobs } from '../../db/schema';
import { type Sweep, startSweep } from '../../lib/sweep';
import { changeJob } from './jobs.change';
import { closeJobAftermath } from './jobs.service';

export type ExpirySummary = { expired: number; refunded: number; refundsPending: number };

export const JOB_EXPIRY_INTERVAL_MS = 5 * 60 * 1000;

export async function expireJobs(deps: AppDeps): Promise<ExpirySummary> {
  const now = deps.now();
  const summary: ExpirySummary = { expired: 0, refunded: 0, refundsPending: 0 };
  const due = await deps.db
    .select()
    .from(jobs)
    .where(and(inArray(jobs.status, ['awaiting_payment', 'open']), lte(jobs.expiresAt, now)));
  for (const job of due) {
    const move = await changeJob(deps, {
      jobId: job.id,
      to: 'expired',
      actor: 'system',
      where: lte(jobs.expiresAt, now),
    });
    // Accepted, withdrawn, paid (new expiry) or expired by another process meanwhile.
    if (!move.moved) continue;
    const closed = move.job;
    summary.expired++;
    try {
      const refund = await closeJobAftermath(deps, closed, 'job expired');
      if (refund === 'refunded') summary.refunded++;
      else if (refund === 'refund_pending') summary.refundsPending++;
    } catch (err) {
      summary.refundsPending++;
      deps.logger.error({ err, jobId: job.id }, 'expired job not refunded now; the reconciler will retry');
    }
  }
  if (summary.expired) deps.logger.info(summary, 'jobs expired');
  return summary;
}

/**
 * Runs expireJobs every `intervalMs` in this process (main.ts). Runs never overlap, and the
 * timer does not keep the process alive on shutdown. Returns a function that stops it.
 */
export function startJobExpiry(deps: AppDeps, intervalMs = JOB_EXPIRY_INTERVAL_MS): Sweep {
  return startSweep('job expiry', intervalMs, () => expireJobs(deps), deps.logger);
}
