import { createRouter } from '../../context';
import * as handlers from './vendors.handlers';
import * as routes from './vendors.routes';

export const vendorsRouter = createRouter()
  .openapi(routes.getMyVendor, handlers.getMyVendor)
  .openapi(routes.updateMyVendor, handlers.updateMyVendor)
  .openapi(routes.getMyOnboarding, handlers.getMyOnboarding)
  .openapi(routes.saveMyOnboarding, handlers.saveMyOnboarding)
  .openapi(routes.submitMyOnboarding, handlers.submitMyOnboarding)
  .openapi(routes.listMyDocuments, handlers.listMyDocuments)
  .openapi(routes.uploadMyDocument, handlers.uploadMyDocument)
  .openapi(routes.deleteMyDocument, handlers.deleteMyDocument)
  .openapi(routes.downloadVendorDocument, handlers.downloadVendorDocument);
