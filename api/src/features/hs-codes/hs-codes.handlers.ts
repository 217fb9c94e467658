import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import type * as routes from './hs-codes.routes';
import { searchHsCodes as search } from './hs-codes.search';

export const searchHsCodes: RouteHandler<typeof routes.searchHsCodes, AppEnv> = (c) => {
  const { q, limit } = c.req.valid('query');
  // The nomenclature changes only with a release.
  c.header('Cache-Control', 'public, max-age=86400');
  return c.json({ items: search(q, limit) }, 200);
};
