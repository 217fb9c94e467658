import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import type * as routes from './admin-services.routes';
import { AdminServicesService } from './admin-services.service';

export const deactivateService: RouteHandler<typeof routes.deactivateService, AppEnv> = async (c) =>
  c.json(
    await new AdminServicesService(c.get('deps')).deactivateService(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
