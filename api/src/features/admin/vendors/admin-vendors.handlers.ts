import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { setContentRange, toRaList } from '../../../lib/ra-list';
import type * as routes from './admin-vendors.routes';
import { AdminService } from './admin-vendors.service';

export const listVendors: RouteHandler<typeof routes.listVendors, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminService(c.get('deps')).listVendors(list);
  setContentRange(c, 'vendors', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getVendor: RouteHandler<typeof routes.getVendor, AppEnv> = async (c) =>
  c.json(await new AdminService(c.get('deps')).getVendor(c.req.valid('param').id), 200);

export const activateVendor: RouteHandler<typeof routes.activateVendor, AppEnv> = async (c) =>
  c.json(
    await new AdminService(c.get('deps')).setVendorStatus(
      c.get('user'),
      c.req.valid('param').id,
      'active',
      c.req.valid('json').reason,
    ),
    200,
  );

export const suspendVendor: RouteHandler<typeof routes.suspendVendor, AppEnv> = async (c) =>
  c.json(
    await new AdminService(c.get('deps')).setVendorStatus(
      c.get('user'),
      c.req.valid('param').id,
      'suspended',
      c.req.valid('json').reason,
    ),
    200,
  );
