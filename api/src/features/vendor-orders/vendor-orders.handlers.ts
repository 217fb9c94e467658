import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import type * as routes from './vendor-orders.routes';
import { VendorOrdersService } from './vendor-orders.service';

const service = (c: Context<AppEnv>) => new VendorOrdersService(c.get('deps'));

export const listVendorOrders: RouteHandler<typeof routes.listVendorOrders, AppEnv> = async (c) =>
  c.json(await service(c).list(c.get('user').sub, c.req.valid('query')), 200);

export const getVendorOrderStats: RouteHandler<typeof routes.getVendorOrderStats, AppEnv> = async (c) =>
  c.json(await service(c).stats(c.get('user').sub), 200);

export const exportVendorOrders: RouteHandler<typeof routes.exportVendorOrders, AppEnv> = async (c) => {
  const { filename, csv } = await service(c).exportCsv(c.get('user').sub, c.req.valid('query'));
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    // Customers' names: no shared caches.
    'Cache-Control': 'private, no-store',
  });
};

export const updateVendorOrder: RouteHandler<typeof routes.updateVendorOrder, AppEnv> = async (c) =>
  c.json(await service(c).update(c.get('user').sub, c.req.valid('param').id, c.req.valid('json')), 200);
