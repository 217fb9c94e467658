import { createRouter } from '../../context';
import * as handlers from './batches.handlers';
import * as routes from './batches.routes';

export const batchesRouter = createRouter()
  // Before /batches/{id}, so that "template.csv" is never read as a batch id.
  .openapi(routes.getBatchTemplate, handlers.getBatchTemplate)
  .openapi(routes.createBatch, handlers.createBatch)
  .openapi(routes.listBatches, handlers.listBatches)
  .openapi(routes.getBatchResults, handlers.getBatchResults)
  .openapi(routes.getBatchLabels, handlers.getBatchLabels)
  .openapi(routes.getBatchReceipt, handlers.getBatchReceipt)
  .openapi(routes.getBatch, handlers.getBatch)
  .openapi(routes.fixBatchRow, handlers.fixBatchRow)
  .openapi(routes.dropBatchRow, handlers.dropBatchRow)
  .openapi(routes.retryBatchRow, handlers.retryBatchRow)
  .openapi(routes.startBatchPayment, handlers.startBatchPayment)
  .openapi(routes.captureBatchPayment, handlers.captureBatchPayment)
  .openapi(routes.createPartnerBatch, handlers.createPartnerBatch)
  .openapi(routes.getPartnerBatchResults, handlers.getPartnerBatchResults)
  .openapi(routes.getPartnerBatchLabels, handlers.getPartnerBatchLabels)
  .openapi(routes.getPartnerBatchReceipt, handlers.getPartnerBatchReceipt)
  .openapi(routes.getPartnerBatch, handlers.getPartnerBatch)
  .openapi(routes.startPartnerBatchPayment, handlers.startPartnerBatchPayment)
  .openapi(routes.capturePartnerBatchPayment, handlers.capturePartnerBatchPayment);
