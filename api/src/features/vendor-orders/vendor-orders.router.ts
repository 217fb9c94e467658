import { createRouter } from '../../lib/openapi';
import * as handlers from './vendor-orders.handlers';
import * as routes from './vendor-orders.routes';

export const vendorOrdersRouter = createRouter()
  .openapi(routes.listVendorOrders, handlers.listVendorOrders)
  .openapi(routes.getVendorOrderStats, handlers.getVendorOrderStats)
  .openapi(routes.exportVendorOrders, handlers.exportVendorOrders)
  .openapi(routes.updateVendorOrder, handlers.updateVendorOrder);
