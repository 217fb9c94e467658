import { createRouter } from '../../context';
import * as handlers from './couriers.handlers';
import * as routes from './couriers.routes';

export const couriersRouter = createRouter()
  .openapi(routes.listCouriers, handlers.listCouriers)
  .openapi(routes.createCourier, handlers.createCourier)
  .openapi(routes.getCourier, handlers.getCourier)
  .openapi(routes.updateCourier, handlers.updateCourier)
  .openapi(routes.deleteCourier, handlers.deleteCourier);
