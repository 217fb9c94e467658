import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import type * as routes from './admin-jobs.routes';
import { AdminJobs } from './admin-jobs.service';

export const refundJob: RouteHandler<typeof routes.refundJob, AppEnv> = async (c) =>
  c.json(
    await new AdminJobs(c.get('deps')).refund(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
