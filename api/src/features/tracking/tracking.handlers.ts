import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../lib/auth';
import type * as routes from './tracking.routes';
import { TrackingService } from './tracking.service';

const service = (c: Context<AppEnv>) => new TrackingService(c.get('deps'));
const addressOf = (c: Context<AppEnv>) =>
  clientAddress(c, c.get('deps').config.trustProxy, c.get('deps').config.trustProxyHops);

export const getTracking: RouteHandler<typeof routes.getTracking, AppEnv> = async (c) => {
  const tracking = await service(c).track(c.req.valid('param').code, addressOf(c));
  // Progress changes at any moment; no cache should answer for the courier.
  c.header('Cache-Control', 'no-store');
  return c.json(tracking, 200);
};

export const unsubscribeTracking: RouteHandler<typeof routes.unsubscribeTracking, AppEnv> = async (c) => {
  await service(c).unsubscribe(c.req.valid('param').code, c.req.valid('query').token, addressOf(c));
  return c.json({ unsubscribed: true as const }, 200);
};

export const getOwnLossClaimOffer: RouteHandler<typeof routes.getOwnLossClaimOffer, AppEnv> = async (c) =>
  c.json(await service(c).ownLossClaimOffer(c.req.valid('param').code, c.get('user'), addressOf(c)), 200);
