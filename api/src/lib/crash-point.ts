/**
 * Named points in money-moving code where the crash tests kill the process for real: when
 * `CONSIGN_CRASH_POINT` names the point, the process sends itself SIGKILL there (no clean-up, no
 * finally blocks, nothing flushed), which is what a power cut or an OOM kill does. Honoured only
 * with NODE_ENV=test, so production never reads it as an instruction.
 */

export type CrashPoint =
  /** The provider captured the payment; the capture is not recorded yet. */
  | 'capture:after-provider'
  /** The provider refunded; the refund is not recorded yet. */
  | 'refund:after-provider'
  /** The payout run and its ledger entries are written; nothing is sent to PayPal yet. */
  | 'payout:before-send'
  /** PayPal accepted the batch; its acknowledgement is not recorded yet. */
  | 'payout:after-send'
  /** One payout item's new status is recorded, the next ones are not. */
  | 'payout:between-items'
  /** PayPal accepted a claim's payout; its acknowledgement is not recorded yet. */
  | 'claim-payout:after-send';

export function crashPoint(point: CrashPoint): void {
  if (process.env.NODE_ENV !== 'test' || process.env.CONSIGN_CRASH_POINT !== point) return;
  process.kill(process.pid, 'SIGKILL');
}
