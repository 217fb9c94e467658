import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import type * as routes from './hs-codes.routes';
import { searchHsCodes as search } from './hs-codes.search';

export const searchHsCodes: RouteHandler<typeof routes.searchHsCodes, AppEnv> = (c) => {
  c.header('Cache-Control', 'public, max-age=3600');
  return c.json({ items: search(c.req.valid('query').q) }, 200);
};
