/**
 * The payouts sweep, in whichever API process holds its lease, like the other sweeps: finishes
 * what runs left (unsent batches, items not settled), then the scheduled run when
 * PAYOUT_SCHEDULE turns it on and it is due.
 */
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../context';
import { acquireLease } from '../../lib/lease';
import { type Sweep, startSweep } from '../../lib/sweep';
import { recoverPayouts, runPayouts, scheduledRunDue } from './payouts.run';

export const PAYOUT_SWEEP_INTERVAL_MS = 5 * 60 * 1000;
const LEASE_NAME = 'payouts';
/** Batches younger than this are left to the request sending them. */
const RECOVER_AFTER_MS = 60 * 1000;

export async function sweepPayouts(deps: AppDeps): Promise<void> {
  await recoverPayouts(deps, { minAgeMs: RECOVER_AFTER_MS });
  if (await scheduledRunDue(deps)) {
    const run = await runPayouts(deps, { trigger: 'schedule' });
    deps.logger.info(
      { batchId: run.batch?.id ?? null, items: run.batch?.itemCount ?? 0 },
      'scheduled payout run',
    );
  }
}

/** Runs the sweep every `intervalMs` in the process holding the lease (main.ts starts it in every process). */
export function startPayoutSweep(deps: AppDeps, intervalMs = PAYOUT_SWEEP_INTERVAL_MS): Sweep {
  const holder = uuidv7();
  const run = async () => {
    if (!(await acquireLease(deps.db, LEASE_NAME, holder, intervalMs * 1.5, deps.now().getTime()))) return;
    await sweepPayouts(deps);
  };
  return startSweep('payouts', intervalMs, run, deps.logger);
}
