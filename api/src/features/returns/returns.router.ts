import { createRouter } from '../../context';
import * as handlers from './returns.handlers';
import * as routes from './returns.routes';

export const returnsRouter = createRouter()
  .openapi(routes.startReturn, handlers.startReturn)
  .openapi(routes.bookReturn, handlers.bookReturn)
  .openapi(routes.listPartnerReturns, handlers.listPartnerReturns)
  .openapi(routes.getReturnPolicy, handlers.getReturnPolicy)
  .openapi(routes.setReturnPolicy, handlers.setReturnPolicy);
