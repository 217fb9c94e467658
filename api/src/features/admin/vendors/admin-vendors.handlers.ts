import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import type * as routes from './admin-vendors.routes';
import { AdminService } from './admin-vendors.service';

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
