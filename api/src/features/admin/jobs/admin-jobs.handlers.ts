import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { setContentRange, toRaList } from '../../../lib/ra-list';
import type * as routes from './admin-jobs.routes';
import { AdminJobs } from './admin-jobs.service';

export const listJobs: RouteHandler<typeof routes.listJobs, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminJobs(c.get('deps')).list(list);
  setContentRange(c, 'jobs', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getJob: RouteHandler<typeof routes.getJob, AppEnv> = async (c) =>
  c.json(await new AdminJobs(c.get('deps')).dto(c.req.valid('param').id), 200);

export const refundJob: RouteHandler<typeof routes.refundJob, AppEnv> = async (c) =>
  c.json(
    await new AdminJobs(c.get('deps')).refund(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
