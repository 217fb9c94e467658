import { createRouter } from '../../context';
import * as handlers from './hs-codes.handlers';
import * as routes from './hs-codes.routes';

export const hsCodesRouter = createRouter().openapi(routes.searchHsCodes, handlers.searchHsCodes);
