import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { setContentRange, toRaList } from '../../../lib/ra-list';
import type * as routes from './admin-messages.routes';
import { AdminMessagesService } from './admin-messages.service';

export const listMessages: RouteHandler<typeof routes.listMessages, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminMessagesService(c.get('deps')).list(list);
  setContentRange(c, 'contact-messages', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getMessage: RouteHandler<typeof routes.getMessage, AppEnv> = async (c) =>
  c.json(await new AdminMessagesService(c.get('deps')).get(c.req.valid('param').id), 200);

export const handleMessage: RouteHandler<typeof routes.handleMessage, AppEnv> = async (c) =>
  c.json(
    await new AdminMessagesService(c.get('deps')).markHandled(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
