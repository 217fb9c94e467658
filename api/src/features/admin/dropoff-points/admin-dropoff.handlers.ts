import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import type * as routes from './admin-dropoff.routes';
import { AdminDropOffService } from './admin-dropoff.service';

export const suspendDropOffPoint: RouteHandler<typeof routes.suspendDropOffPoint, AppEnv> = async (c) =>
  c.json(
    await new AdminDropOffService(c.get('deps')).setStatus(
      c.get('user'),
      c.req.valid('param').id,
      'suspended',
      c.req.valid('json').reason,
    ),
    200,
  );

export const reinstateDropOffPoint: RouteHandler<typeof routes.reinstateDropOffPoint, AppEnv> = async (c) =>
  c.json(
    await new AdminDropOffService(c.get('deps')).setStatus(
      c.get('user'),
      c.req.valid('param').id,
      'active',
      c.req.valid('json').reason,
    ),
    200,
  );
