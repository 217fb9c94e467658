/**
 * The claims sweep, in whichever API process holds its lease, like the other sweeps: escalates
 * claims whose courier missed its deadline and finishes paying accepted ones.
 */
import { uuidv7 } from 'uuidv7';
import type { AppDeps } from '../../context';
import { acquireLease } from '../../lib/lease';
import { type Sweep, startSweep } from '../../lib/sweep';
import { sweepClaims } from './claims.service';

export const CLAIM_SWEEP_INTERVAL_MS = 5 * 60 * 1000;
const LEASE_NAME = 'claims';

/** Runs the sweep every `intervalMs` in the process holding the lease (main.ts starts it in every process). */
export function startClaimSweep(deps: AppDeps, intervalMs = CLAIM_SWEEP_INTERVAL_MS): Sweep {
  const holder = uuidv7();
  const run = async () => {
    if (!(await acquireLease(deps.db, LEASE_NAME, holder, intervalMs * 1.5, deps.now().getTime()))) return;
    await sweepClaims(deps);
  };
  return startSweep('claims', intervalMs, run, deps.logger);
}
