import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import type * as routes from './admin-orders.routes';
import { AdminOrdersService } from './admin-orders.service';

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
      c.req.valid('json'),
    ),
    200,
  );
