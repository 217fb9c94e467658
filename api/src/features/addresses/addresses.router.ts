import { createRouter } from '../../context';
import * as handlers from './addresses.handlers';
import * as routes from './addresses.routes';

export const addressesRouter = createRouter().openapi(routes.suggestAddresses, handlers.suggestAddresses);
