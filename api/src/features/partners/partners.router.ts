import { createRouter } from '../../lib/openapi';
import * as handlers from './partners.handlers';
import * as routes from './partners.routes';

export { mountPartnerMiddleware } from './partners.middleware';

export const partnersRouter = createRouter()
  .openapi(routes.listPartners, handlers.listPartners)
  .openapi(routes.getPartner, handlers.getPartner)
  .openapi(routes.createPartner, handlers.createPartner)
  .openapi(routes.updatePartner, handlers.updatePartner)
  .openapi(routes.rotatePartnerKey, handlers.rotatePartnerKey);
