import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { setContentRange, toRaList } from '../../../lib/ra-list';
import type * as routes from './admin-orders.routes';
import { AdminOrdersService } from './admin-orders.service';

export const listOrders: RouteHandler<typeof routes.listOrders, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminOrdersService(c.get('deps')).list(list);
  setContentRange(c, 'orders', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getOrder: RouteHandler<typeof routes.getOrder, AppEnv> = async (c) =>
  c.json(await new AdminOrdersService(c.get('deps')).get(c.req.valid('param').id), 200);

export const changeOrderStatus: RouteHandler<typeof routes.changeOrderStatus, AppEnv> = async (c) => {
  const { status, reason } = c.req.valid('json');
  return c.json(
    await new AdminOrdersService(c.get('deps')).changeStatus(
      c.get('user'),
      c.req.valid('param').id,
      status,
      reason,
    ),
    200,
  );
};

export const refundOrder: RouteHandler<typeof routes.refundOrder, AppEnv> = async (c) =>
  c.json(
    await new AdminOrdersService(c.get('deps')).refund(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
