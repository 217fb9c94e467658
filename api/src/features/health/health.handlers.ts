import type { RouteHandler } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../../context';
import type * as routes from './health.routes';

export const healthz: RouteHandler<typeof routes.healthz, AppEnv> = (c) =>
  c.json({ status: 'ok' as const }, 200);

export const readyz: RouteHandler<typeof routes.readyz, AppEnv> = async (c) => {
  try {
    await c.get('deps').db.run(sql`select 1`);
    return c.json({ status: 'ok' as const }, 200);
  } catch (err) {
    c.get('deps').logger.error({ err }, 'readiness check failed');
    return c.json({ status: 'unavailable' as const }, 503);
  }
};
