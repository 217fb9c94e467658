import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import type * as routes from './vendors.routes';
import { VendorsService } from './vendors.service';

export const getMyVendor: RouteHandler<typeof routes.getMyVendor, AppEnv> = async (c) =>
  c.json(await new VendorsService(c.var.deps).mine(c.var.user.sub), 200);

export const updateMyVendor: RouteHandler<typeof routes.updateMyVendor, AppEnv> = async (c) =>
  c.json(await new VendorsService(c.var.deps).updateMine(c.var.user.sub, c.req.valid('json')), 200);
