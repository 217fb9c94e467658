import { createRouter } from '../../context';
import * as area from './partner-area.handlers';
import * as areaRoutes from './partner-area.routes';
import * as handlers from './partners.handlers';
import * as routes from './partners.routes';

export { mountPartnerMiddleware } from './partners.middleware';

export const partnersRouter = createRouter()
  .openapi(routes.listPartners, handlers.listPartners)
  .openapi(routes.getPartner, handlers.getPartner)
  .openapi(routes.createPartner, handlers.createPartner)
  .openapi(routes.updatePartner, handlers.updatePartner)
  .openapi(routes.rotatePartnerKey, handlers.rotatePartnerKey)
  .openapi(routes.listPartnerUsers, handlers.listPartnerUsers)
  .openapi(routes.invitePartnerUser, handlers.invitePartnerUser)
  .openapi(areaRoutes.getSelf, area.getSelf)
  .openapi(areaRoutes.setAllowedOrigins, area.setAllowedOrigins)
  .openapi(areaRoutes.overview, area.overview)
  .openapi(areaRoutes.listSecretKeys, area.listSecretKeys)
  .openapi(areaRoutes.createSecretKey, area.createSecretKey)
  .openapi(areaRoutes.rotateSecretKey, area.rotateSecretKey)
  .openapi(areaRoutes.revokeSecretKey, area.revokeSecretKey)
  .openapi(areaRoutes.listOrders, area.listOrders)
  .openapi(areaRoutes.getOrder, area.getOrder)
  .openapi(areaRoutes.uploadImage, area.uploadImage);
