import { createRouter } from '../../context';
import * as handlers from './dev.handlers';
import * as routes from './dev.routes';

export const devRouter = createRouter().openapi(routes.listMailbox, handlers.listMailbox);
