/** Batches' public surface: the app imports nothing else of it. */
export { batchesRouter } from './batches.router';
