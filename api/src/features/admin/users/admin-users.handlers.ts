import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import type * as routes from './admin-users.routes';
import { AdminUsersService } from './admin-users.service';

export const disableUser: RouteHandler<typeof routes.disableUser, AppEnv> = async (c) =>
  c.json(
    await new AdminUsersService(c.get('deps')).setDisabled(
      c.get('user'),
      c.req.valid('param').id,
      true,
      c.req.valid('json').reason,
    ),
    200,
  );

export const enableUser: RouteHandler<typeof routes.enableUser, AppEnv> = async (c) =>
  c.json(
    await new AdminUsersService(c.get('deps')).setDisabled(
      c.get('user'),
      c.req.valid('param').id,
      false,
      c.req.valid('json').reason,
    ),
    200,
  );
