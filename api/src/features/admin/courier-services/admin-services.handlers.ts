import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { setContentRange, toRaList } from '../../../lib/ra-list';
import type * as routes from './admin-services.routes';
import { AdminServicesService } from './admin-services.service';

export const listServices: RouteHandler<typeof routes.listServices, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminServicesService(c.get('deps')).listServices(list);
  setContentRange(c, 'courier-services', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getService: RouteHandler<typeof routes.getService, AppEnv> = async (c) =>
  c.json(await new AdminServicesService(c.get('deps')).getService(c.req.valid('param').id), 200);

export const deactivateService: RouteHandler<typeof routes.deactivateService, AppEnv> = async (c) =>
  c.json(
    await new AdminServicesService(c.get('deps')).deactivateService(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
