import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import { setContentRange, toRaList } from '../../lib/ra-list';
import type * as routes from './admin-catalog.routes';
import { AdminCatalogService } from './admin-catalog.service';

export const listServices: RouteHandler<typeof routes.listServices, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminCatalogService(c.var.deps).listServices(list);
  setContentRange(c, 'courier-services', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getService: RouteHandler<typeof routes.getService, AppEnv> = async (c) =>
  c.json(await new AdminCatalogService(c.var.deps).getService(c.req.valid('param').id), 200);

export const deactivateService: RouteHandler<typeof routes.deactivateService, AppEnv> = async (c) =>
  c.json(
    await new AdminCatalogService(c.var.deps).deactivateService(
      c.var.user,
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );

export const listMessages: RouteHandler<typeof routes.listMessages, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminCatalogService(c.var.deps).listMessages(list);
  setContentRange(c, 'contact-messages', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getMessage: RouteHandler<typeof routes.getMessage, AppEnv> = async (c) =>
  c.json(await new AdminCatalogService(c.var.deps).getMessage(c.req.valid('param').id), 200);

export const handleMessage: RouteHandler<typeof routes.handleMessage, AppEnv> = async (c) =>
  c.json(
    await new AdminCatalogService(c.var.deps).markHandled(
      c.var.user,
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
