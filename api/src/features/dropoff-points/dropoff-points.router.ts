import { createRouter } from '../../context';
import * as handlers from './dropoff-points.handlers';
import * as routes from './dropoff-points.routes';

export const dropOffPointsRouter = createRouter()
  .openapi(routes.searchDropOffPoints, handlers.search)
  .openapi(routes.listVendorDropOffPoints, handlers.list)
  .openapi(routes.createVendorDropOffPoint, handlers.create)
  .openapi(routes.importVendorDropOffPoints, handlers.importCsv)
  .openapi(routes.getVendorDropOffPoint, handlers.get)
  .openapi(routes.updateVendorDropOffPoint, handlers.update)
  .openapi(routes.deleteVendorDropOffPoint, handlers.close);
