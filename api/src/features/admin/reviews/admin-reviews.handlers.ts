import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { setContentRange, toRaList } from '../../../lib/ra-list';
import type * as routes from './admin-reviews.routes';
import { AdminReviewsService } from './admin-reviews.service';

export const listReviews: RouteHandler<typeof routes.listReviews, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminReviewsService(c.get('deps')).list(list);
  setContentRange(c, 'reviews', list.offset, rows.length, total);
  return c.json(rows, 200);
};

export const getReview: RouteHandler<typeof routes.getReview, AppEnv> = async (c) =>
  c.json(await new AdminReviewsService(c.get('deps')).get(c.req.valid('param').id), 200);

export const hideReview: RouteHandler<typeof routes.hideReview, AppEnv> = async (c) =>
  c.json(
    await new AdminReviewsService(c.get('deps')).hide(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
