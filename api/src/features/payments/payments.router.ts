import { createRouter } from '../../context';
import * as handlers from './payments.handlers';
import * as routes from './payments.routes';

export const paymentsRouter = createRouter()
  .openapi(routes.paypalWebhook, handlers.paypalWebhook)
  .openapi(routes.paymentReturn, handlers.paymentReturn)
  .openapi(routes.testPaymentPage, handlers.testPaymentPage)
  .openapi(routes.approveTestPayment, handlers.approveTestPayment);
