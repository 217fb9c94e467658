import { createRouter } from '../../context';
import * as handlers from './payouts.handlers';
import * as routes from './payouts.routes';

export const payoutsRouter = createRouter()
  .openapi(routes.getPayoutAccount, handlers.getPayoutAccount)
  .openapi(routes.setPayoutAccount, handlers.setPayoutAccount)
  .openapi(routes.verifyPayoutAccount, handlers.verifyPayoutAccount)
  .openapi(routes.listVendorPayouts, handlers.listVendorPayouts)
  .openapi(routes.runPayouts, handlers.runPayouts)
  .openapi(routes.listPayouts, handlers.listPayouts)
  .openapi(routes.getPayout, handlers.getPayout);
