import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import type * as routes from './uploads.routes';
import { UploadsService } from './uploads.service';

export const uploadImage: RouteHandler<typeof routes.uploadImage, AppEnv> = async (c) => {
  const { image } = c.req.valid('form');
  return c.json(await new UploadsService(c.get('deps')).upload({ userId: c.get('user').sub }, image), 201);
};
