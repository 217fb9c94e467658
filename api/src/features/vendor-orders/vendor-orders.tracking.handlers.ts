import type { RouteHandler } from '@hono/zod-openapi';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppEnv } from '../../context';
import { orders } from '../../db/schema';
import { addTrackingEvent, OrdersService } from '../orders';
import { vendorOf } from '../vendors';
import { VendorOrdersBulkService } from './vendor-orders.bulk';
import type * as routes from './vendor-orders.tracking.routes';

export const addVendorOrderEvent: RouteHandler<typeof routes.addVendorOrderEvent, AppEnv> = async (c) => {
  const { deps, user } = c.var;
  const vendor = await vendorOf(deps, user.sub);
  const order = await addTrackingEvent(deps, {
    orderId: c.req.valid('param').id,
    actor: { id: user.sub, role: 'vendor' },
    where: and(eq(orders.vendorId, vendor.id), isNotNull(orders.paidAt)),
    event: c.req.valid('json'),
  });
  return c.json(await new OrdersService(deps).detail(order, 'vendor'), 201);
};

export const previewVendorOrderUpdates: RouteHandler<
  typeof routes.previewVendorOrderUpdates,
  AppEnv
> = async (c) =>
  c.json(
    await new VendorOrdersBulkService(c.get('deps')).preview(c.get('user').sub, c.req.valid('json').text),
    200,
  );

export const applyVendorOrderUpdates: RouteHandler<typeof routes.applyVendorOrderUpdates, AppEnv> = async (
  c,
) =>
  c.json(
    await new VendorOrdersBulkService(c.get('deps')).apply(c.get('user').sub, c.req.valid('json').text),
    200,
  );
