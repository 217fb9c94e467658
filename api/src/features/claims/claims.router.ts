import { createRouter } from '../../context';
import * as handlers from './claims.handlers';
import * as routes from './claims.routes';

export const claimsRouter = createRouter()
  .openapi(routes.fileClaim, handlers.fileClaim)
  .openapi(routes.getLossClaimOffer, handlers.getLossClaimOffer)
  .openapi(routes.listClaims, handlers.listClaims)
  .openapi(routes.getClaim, handlers.getClaim)
  .openapi(routes.listVendorClaims, handlers.listVendorClaims)
  .openapi(routes.answerClaim, handlers.answerClaim)
  .openapi(routes.decideClaim, handlers.decideClaim)
  .openapi(routes.filePartnerClaim, handlers.filePartnerClaim)
  .openapi(routes.listPartnerClaims, handlers.listPartnerClaims)
  .openapi(routes.getPartnerClaim, handlers.getPartnerClaim)
  .openapi(routes.setPayoutReceiver, handlers.setPayoutReceiver)
  .openapi(routes.retryPayout, handlers.retryPayout);
