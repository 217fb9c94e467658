import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { courierProfile, reviewSummary } from './reviews.profile';
import type * as routes from './reviews.routes';
import { ReviewsService } from './reviews.service';

const service = (c: Context<AppEnv>) => new ReviewsService(c.get('deps'));

export const getOrderReview: RouteHandler<typeof routes.getOrderReview, AppEnv> = async (c) =>
  c.json(await service(c).forOrder(c.get('user').sub, c.req.valid('param').id), 200);

export const writeOrderReview: RouteHandler<typeof routes.writeOrderReview, AppEnv> = async (c) => {
  const { created, review } = await service(c).write(
    c.get('user').sub,
    c.req.valid('param').id,
    c.req.valid('json'),
  );
  return created ? c.json(review, 201) : c.json(review, 200);
};

export const listVendorReviews: RouteHandler<typeof routes.listVendorReviews, AppEnv> = async (c) =>
  c.json(await service(c).listForVendor(c.get('user').sub), 200);

export const replyToReview: RouteHandler<typeof routes.replyToReview, AppEnv> = async (c) =>
  c.json(await service(c).reply(c.get('user').sub, c.req.valid('param').id, c.req.valid('json').reply), 200);

export const getCourierProfile: RouteHandler<typeof routes.getCourierProfile, AppEnv> = async (c) => {
  const profile = await courierProfile(c.get('deps'), c.req.valid('param').slug);
  // Revalidated on every visit: a comment staff have just hidden must not linger in a cache.
  c.header('Cache-Control', 'no-cache');
  return c.json(profile, 200);
};

export const getReviewSummary: RouteHandler<typeof routes.getReviewSummary, AppEnv> = async (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(await reviewSummary(c.get('deps')), 200);
};
