import { createRouter } from '../../lib/openapi';
import * as handlers from './admin.handlers';
import * as routes from './admin.routes';

export const adminRouter = createRouter()
  .openapi(routes.listVendors, handlers.listVendors)
  .openapi(routes.getVendor, handlers.getVendor)
  .openapi(routes.activateVendor, handlers.activateVendor)
  .openapi(routes.suspendVendor, handlers.suspendVendor);
