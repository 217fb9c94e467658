import { createRouter } from '../../context';
import * as handlers from './tracking.handlers';
import * as routes from './tracking.routes';

export const trackingRouter = createRouter()
  .openapi(routes.getTracking, handlers.getTracking)
  .openapi(routes.unsubscribeTracking, handlers.unsubscribeTracking)
  .openapi(routes.getOwnLossClaimOffer, handlers.getOwnLossClaimOffer);
