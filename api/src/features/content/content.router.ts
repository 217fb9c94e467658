import { createRouter } from '../../context';
import * as handlers from './content.handlers';
import * as routes from './content.routes';

export const contentRouter = createRouter()
  .openapi(routes.getArticle, handlers.getArticle)
  .openapi(routes.sendContactMessage, handlers.sendContactMessage);
