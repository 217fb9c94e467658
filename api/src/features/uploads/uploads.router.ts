import { createRouter } from '../../context';
import * as handlers from './uploads.handlers';
import * as routes from './uploads.routes';

export const uploadsRouter = createRouter().openapi(routes.uploadImage, handlers.uploadImage);
