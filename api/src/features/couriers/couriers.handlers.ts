import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import type * as routes from './couriers.routes';
import { CouriersService } from './couriers.service';

export const listCouriers: RouteHandler<typeof routes.listCouriers, AppEnv> = async (c) =>
  c.json(await new CouriersService(c.get('deps')).list(c.get('user').sub), 200);

export const createCourier: RouteHandler<typeof routes.createCourier, AppEnv> = async (c) =>
  c.json(await new CouriersService(c.get('deps')).create(c.get('user').sub, c.req.valid('json')), 201);

export const getCourier: RouteHandler<typeof routes.getCourier, AppEnv> = async (c) =>
  c.json(await new CouriersService(c.get('deps')).get(c.get('user').sub, c.req.valid('param').id), 200);

export const updateCourier: RouteHandler<typeof routes.updateCourier, AppEnv> = async (c) =>
  c.json(
    await new CouriersService(c.get('deps')).update(
      c.get('user').sub,
      c.req.valid('param').id,
      c.req.valid('json'),
    ),
    200,
  );

export const deleteCourier: RouteHandler<typeof routes.deleteCourier, AppEnv> = async (c) => {
  await new CouriersService(c.get('deps')).remove(c.get('user').sub, c.req.valid('param').id);
  return c.body(null, 204);
};
