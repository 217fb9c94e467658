import { createRouter } from '../../context';
import * as handlers from './adjustments.handlers';
import * as routes from './adjustments.routes';

export const adjustmentsRouter = createRouter()
  .openapi(routes.previewAdjustment, handlers.previewAdjustment)
  .openapi(routes.fileAdjustment, handlers.fileAdjustment)
  .openapi(routes.listOrderAdjustments, handlers.listOrderAdjustments)
  .openapi(routes.acceptAdjustment, handlers.acceptAdjustment)
  .openapi(routes.startAdjustmentPayment, handlers.startAdjustmentPayment)
  .openapi(routes.captureAdjustmentPayment, handlers.captureAdjustmentPayment)
  .openapi(routes.disputeAdjustment, handlers.disputeAdjustment)
  .openapi(routes.decideAdjustment, handlers.decideAdjustment);
