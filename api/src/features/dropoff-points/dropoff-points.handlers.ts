import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import type * as routes from './dropoff-points.routes';
import { searchDropOffPoints } from './dropoff-points.search';
import { DropOffPointsService } from './dropoff-points.service';

const service = (deps: AppEnv['Variables']['deps']) => new DropOffPointsService(deps);

export const search: RouteHandler<typeof routes.searchDropOffPoints, AppEnv> = async (c) =>
  c.json(await searchDropOffPoints(c.get('deps'), c.req.valid('query')), 200);

export const list: RouteHandler<typeof routes.listVendorDropOffPoints, AppEnv> = async (c) =>
  c.json(await service(c.get('deps')).list(c.get('user').sub), 200);

export const create: RouteHandler<typeof routes.createVendorDropOffPoint, AppEnv> = async (c) =>
  c.json(await service(c.get('deps')).create(c.get('user').sub, c.req.valid('json')), 201);

export const importCsv: RouteHandler<typeof routes.importVendorDropOffPoints, AppEnv> = async (c) => {
  const body = c.req.valid('json');
  return c.json(await service(c.get('deps')).import(c.get('user').sub, body.text, body.dryRun ?? false), 200);
};

export const get: RouteHandler<typeof routes.getVendorDropOffPoint, AppEnv> = async (c) =>
  c.json(await service(c.get('deps')).get(c.get('user').sub, c.req.valid('param').id), 200);

export const update: RouteHandler<typeof routes.updateVendorDropOffPoint, AppEnv> = async (c) =>
  c.json(
    await service(c.get('deps')).update(c.get('user').sub, c.req.valid('param').id, c.req.valid('json')),
    200,
  );

export const close: RouteHandler<typeof routes.deleteVendorDropOffPoint, AppEnv> = async (c) => {
  await service(c.get('deps')).close(c.get('user').sub, c.req.valid('param').id);
  return c.body(null, 204);
};
