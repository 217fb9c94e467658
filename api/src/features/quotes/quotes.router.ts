import { createRouter } from '../../context';
import * as adminHandlers from './quotes.admin.handlers';
import * as adminRoutes from './quotes.admin.routes';
import * as handlers from './quotes.handlers';
import * as routes from './quotes.routes';

export const quotesRouter = createRouter()
  .openapi(routes.createQuote, handlers.createQuote)
  // Before /quotes/{id}, which would otherwise take "limits" for an id.
  .openapi(routes.getQuoteLimits, handlers.getQuoteLimits)
  .openapi(routes.getQuote, handlers.getQuote)
  .openapi(routes.getDeliveryDate, handlers.getDeliveryDate)
  .openapi(adminRoutes.listQuotes, adminHandlers.listQuotes)
  .openapi(adminRoutes.getQuoteLogEntry, adminHandlers.getQuoteLogEntry);
