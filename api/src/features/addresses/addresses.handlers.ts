import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import type * as routes from './addresses.routes';
import { suggestAddresses as suggest } from './addresses.service';

export const suggestAddresses: RouteHandler<typeof routes.suggestAddresses, AppEnv> = async (c) => {
  // Personal data: never in a shared cache.
  c.header('Cache-Control', 'private, no-store');
  return c.json(await suggest(c.get('deps'), c.get('user').sub, c.req.valid('query').postcode), 200);
};
