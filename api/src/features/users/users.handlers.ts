import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import type * as routes from './users.routes';
import { getUser, updateUser } from './users.service';

export const getMe: RouteHandler<typeof routes.getMe, AppEnv> = async (c) =>
  c.json(await getUser(c.get('deps').db, c.get('user').sub), 200);

export const updateMe: RouteHandler<typeof routes.updateMe, AppEnv> = async (c) =>
  c.json(await updateUser(c.get('deps').db, c.get('user').sub, c.req.valid('json')), 200);
