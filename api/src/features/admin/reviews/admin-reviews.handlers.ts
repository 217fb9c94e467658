import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import type * as routes from './admin-reviews.routes';
import { AdminReviewsService } from './admin-reviews.service';

export const hideReview: RouteHandler<typeof routes.hideReview, AppEnv> = async (c) =>
  c.json(
    await new AdminReviewsService(c.get('deps')).hide(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );

export const showReview: RouteHandler<typeof routes.showReview, AppEnv> = async (c) =>
  c.json(
    await new AdminReviewsService(c.get('deps')).show(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json').reason,
    ),
    200,
  );
