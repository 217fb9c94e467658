import { createRouter } from '../../context';
import * as handlers from './vendor-orders.handlers';
import * as routes from './vendor-orders.routes';
import * as trackingHandlers from './vendor-orders.tracking.handlers';
import * as trackingRoutes from './vendor-orders.tracking.routes';

export const vendorOrdersRouter = createRouter()
  .openapi(routes.listVendorOrders, handlers.listVendorOrders)
  .openapi(routes.getVendorOrderStats, handlers.getVendorOrderStats)
  // Before the {id} routes, so that "bulk" is never read as an order id.
  .openapi(trackingRoutes.previewVendorOrderUpdates, trackingHandlers.previewVendorOrderUpdates)
  .openapi(trackingRoutes.applyVendorOrderUpdates, trackingHandlers.applyVendorOrderUpdates)
  .openapi(trackingRoutes.addVendorOrderEvent, trackingHandlers.addVendorOrderEvent)
  .openapi(routes.exportVendorOrders, handlers.exportVendorOrders)
  .openapi(routes.updateVendorOrder, handlers.updateVendorOrder);
