import { createRouter } from '../../context';
import * as handlers from './returns.handlers';
import * as routes from './returns.routes';

export const returnsRouter = createRouter()
  .openapi(routes.startReturn, handlers.startReturn)
  .openapi(routes.bookReturn, handlers.bookReturn)
  .openapi(routes.getOwedReturns, handlers.getOwedReturns)
  .openapi(routes.startReturnsPayment, handlers.startReturnsPayment)
  .openapi(routes.captureReturnsPayment, handlers.captureReturnsPayment)
  .openapi(routes.getReturnsReceipt, handlers.getReturnsReceipt)
  .openapi(routes.listPartnerReturns, handlers.listPartnerReturns)
  .openapi(routes.getReturnPolicy, handlers.getReturnPolicy)
  .openapi(routes.setReturnPolicy, handlers.setReturnPolicy);
