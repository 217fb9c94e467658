import { createRouter } from '../../context';
import * as handlers from './meta.handlers';
import * as routes from './meta.routes';

export const metaRouter = createRouter()
  .openapi(routes.getClientSettings, handlers.getClientSettings)
  .openapi(routes.getReferenceData, handlers.getReferenceData)
  .openapi(routes.getCollectionDays, handlers.getCollectionDays);
