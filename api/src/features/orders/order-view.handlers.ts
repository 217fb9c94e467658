import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../lib/auth';
import { ORDER_VIEW_LIMIT, orderView, orderViewLabel, ownOrderViewLink } from './order-view';
import type * as routes from './order-view.routes';

/** The token routes need no sign-in: limited per client address before any work. */
async function limited(c: Context<AppEnv>) {
  const { config, rateLimiter } = c.get('deps');
  await rateLimiter.hit(ORDER_VIEW_LIMIT, clientAddress(c, config.trustProxy, config.trustProxyHops));
}

export const createOrderViewLink: RouteHandler<typeof routes.createOrderViewLink, AppEnv> = async (c) =>
  c.json(
    await ownOrderViewLink(
      c.get('deps'),
      { id: c.get('user').sub, role: c.get('user').role },
      c.req.valid('param').id,
    ),
    200,
  );

export const getOrderView: RouteHandler<typeof routes.getOrderView, AppEnv> = async (c) => {
  await limited(c);
  const view = await orderView(c.get('deps'), c.req.valid('param').token);
  // Personal to whoever holds the link: never kept by a shared cache.
  c.header('Cache-Control', 'private, no-store');
  return c.json(view, 200);
};

export const getOrderViewLabel: RouteHandler<typeof routes.getOrderViewLabel, AppEnv> = async (c) => {
  await limited(c);
  const file = await orderViewLabel(c.get('deps'), c.req.valid('param').token);
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'private, no-store',
  });
};
