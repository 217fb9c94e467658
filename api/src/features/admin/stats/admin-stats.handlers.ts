import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import type * as routes from './admin-stats.routes';
import { AdminStatsService } from './admin-stats.service';

export const getDashboard: RouteHandler<typeof routes.getDashboard, AppEnv> = async (c) =>
  c.json(await new AdminStatsService(c.get('deps')).dashboard(), 200);
