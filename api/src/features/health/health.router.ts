import { createRouter } from '../../context';
import * as handlers from './health.handlers';
import * as routes from './health.routes';

export const healthRouter = createRouter()
  .openapi(routes.healthz, handlers.healthz)
  .openapi(routes.readyz, handlers.readyz);
