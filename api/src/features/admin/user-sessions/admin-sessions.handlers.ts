import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { setContentRange, toRaList } from '../../../lib/ra-list';
import type * as routes from './admin-sessions.routes';
import { AdminSessionsService } from './admin-sessions.service';

export const listSessions: RouteHandler<typeof routes.listSessions, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminSessionsService(c.get('deps')).list(list);
  setContentRange(c, 'user-sessions', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const revokeSession: RouteHandler<typeof routes.revokeSession, AppEnv> = async (c) =>
  c.json(
    await new AdminSessionsService(c.get('deps')).revoke(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
