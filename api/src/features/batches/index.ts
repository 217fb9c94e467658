/** Batches' public surface: the app imports nothing else of it. */
export { BATCH_EVENTS, type BatchCompletedData } from './batches.booking';
export { batchPaymentTarget } from './batches.payment-target';
export { batchesRouter } from './batches.router';
