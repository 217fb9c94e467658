import { createRouter } from '../../context';
import * as viewHandlers from './order-view.handlers';
import * as viewRoutes from './order-view.routes';
import * as handlers from './orders.handlers';
import * as routes from './orders.routes';

export { orderMailSubscriber } from './orders.notify';
export { orderPaymentTarget } from './orders.payment-target';

export const ordersRouter = createRouter()
  .openapi(routes.createOrder, handlers.createOrder)
  // Before the {id} routes, so that "labels" is never read as an order id.
  .openapi(routes.printOrderLabels, handlers.printOrderLabels)
  .openapi(routes.listOrders, handlers.listOrders)
  .openapi(routes.getOrder, handlers.getOrder)
  .openapi(routes.cancelOrder, handlers.cancelOrder)
  .openapi(routes.startOrderPayment, handlers.startOrderPayment)
  .openapi(routes.captureOrderPayment, handlers.captureOrderPayment)
  .openapi(routes.getOrderLabel, handlers.getOrderLabel)
  .openapi(routes.getOrderLabels, handlers.getOrderLabels)
  .openapi(routes.getOrderCustoms, handlers.getOrderCustoms)
  .openapi(routes.changeOrderDropOffPoint, handlers.changeOrderDropOffPoint)
  .openapi(viewRoutes.createOrderViewLink, viewHandlers.createOrderViewLink)
  .openapi(viewRoutes.getOrderView, viewHandlers.getOrderView)
  .openapi(viewRoutes.getOrderViewLabel, viewHandlers.getOrderViewLabel);
