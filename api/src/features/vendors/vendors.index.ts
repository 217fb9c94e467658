import { createRouter } from '../../lib/openapi';
import * as handlers from './vendors.handlers';
import * as routes from './vendors.routes';

export const vendorsRouter = createRouter()
  .openapi(routes.getMyVendor, handlers.getMyVendor)
  .openapi(routes.updateMyVendor, handlers.updateMyVendor);
