import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import type * as routes from './admin-messages.routes';
import { AdminMessagesService } from './admin-messages.service';

export const handleMessage: RouteHandler<typeof routes.handleMessage, AppEnv> = async (c) =>
  c.json(
    await new AdminMessagesService(c.get('deps')).markHandled(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
