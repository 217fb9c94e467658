/** Batches' public surface: the app imports nothing else of it. */
export { BATCH_EVENTS, type BatchCompletedData } from './batches.booking';
export { batchPaidMailSubscriber } from './batches.notify';
export { batchPaymentTarget } from './batches.payment-target';
export { batchCreditNoteForRefund } from './batches.receipts';
export { batchesRouter } from './batches.router';
