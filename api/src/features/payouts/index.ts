/** The payouts feature's public surface: other features and the app import nothing else of it. */
export { payoutMailSubscriber } from './payouts.notify';
export { payoutsRouter } from './payouts.router';
export {
  type PayoutItemOutcome,
  type PayoutRun,
  payoutItemOutcome,
  recoverPayouts,
  runPayouts,
  syncBatch,
} from './payouts.run';
export { VendorPayoutSchema } from './payouts.schemas';
export { vendorPayouts } from './payouts.service';
export { PAYOUT_SWEEP_INTERVAL_MS, startPayoutSweep, sweepPayouts } from './payouts.sweep';
export { type PayoutOwner, payoutEventHandler, registerPayoutOwner } from './payouts.webhooks';
