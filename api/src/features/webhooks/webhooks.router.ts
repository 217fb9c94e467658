import { createRouter } from '../../context';
import * as handlers from './webhooks.handlers';
import * as routes from './webhooks.routes';

export const webhooksRouter = createRouter()
  .openapi(routes.eventTypes, handlers.eventTypes)
  .openapi(routes.listEndpoints, handlers.listEndpoints)
  .openapi(routes.createEndpoint, handlers.createEndpoint)
  .openapi(routes.getEndpoint, handlers.getEndpoint)
  .openapi(routes.updateEndpoint, handlers.updateEndpoint)
  .openapi(routes.deleteEndpoint, handlers.deleteEndpoint)
  .openapi(routes.testEndpoint, handlers.testEndpoint)
  .openapi(routes.listDeliveries, handlers.listDeliveries)
  .openapi(routes.replayDelivery, handlers.replayDelivery);
