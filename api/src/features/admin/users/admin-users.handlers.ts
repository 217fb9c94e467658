import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { setContentRange, toRaList } from '../../../lib/ra-list';
import type * as routes from './admin-users.routes';
import { AdminUsersService } from './admin-users.service';

export const listUsers: RouteHandler<typeof routes.listUsers, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminUsersService(c.get('deps')).listUsers(list);
  setContentRange(c, 'users', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getUser: RouteHandler<typeof routes.getUser, AppEnv> = async (c) =>
  c.json(await new AdminUsersService(c.get('deps')).getUser(c.req.valid('param').id), 200);

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
