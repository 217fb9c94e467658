import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import type * as routes from './admin-sessions.routes';
import { AdminSessionsService } from './admin-sessions.service';

export const revokeSession: RouteHandler<typeof routes.revokeSession, AppEnv> = async (c) =>
  c.json(
    await new AdminSessionsService(c.get('deps')).revoke(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
