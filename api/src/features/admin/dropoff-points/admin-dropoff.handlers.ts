import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { setContentRange, toRaList } from '../../../lib/ra-list';
import type * as routes from './admin-dropoff.routes';
import { AdminDropOffService } from './admin-dropoff.service';

export const listDropOffPoints: RouteHandler<typeof routes.listDropOffPoints, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminDropOffService(c.get('deps')).list(list);
  setContentRange(c, 'dropoff-points', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getDropOffPoint: RouteHandler<typeof routes.getDropOffPoint, AppEnv> = async (c) =>
  c.json(await new AdminDropOffService(c.get('deps')).get(c.req.valid('param').id), 200);

export const suspendDropOffPoint: RouteHandler<typeof routes.suspendDropOffPoint, AppEnv> = async (c) =>
  c.json(
    await new AdminDropOffService(c.get('deps')).setStatus(
      c.get('user'),
      c.req.valid('param').id,
      'suspended',
      c.req.valid('json').reason,
    ),
    200,
  );

export const reinstateDropOffPoint: RouteHandler<typeof routes.reinstateDropOffPoint, AppEnv> = async (c) =>
  c.json(
    await new AdminDropOffService(c.get('deps')).setStatus(
      c.get('user'),
      c.req.valid('param').id,
      'active',
      c.req.valid('json').reason,
    ),
    200,
  );
