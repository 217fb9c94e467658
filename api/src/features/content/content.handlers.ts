import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../context';
import { clientAddress } from '../../lib/auth';
import type * as routes from './content.routes';
import { ContentService } from './content.service';

export const getArticle: RouteHandler<typeof routes.getArticle, AppEnv> = async (c) => {
  const article = await new ContentService(c.get('deps')).article(c.req.valid('param').slug);
  // Articles change rarely; let browsers and proxies keep them for a few minutes.
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(article, 200);
};

export const sendContactMessage: RouteHandler<typeof routes.sendContactMessage, AppEnv> = async (c) => {
  const { deps } = c.var;
  await new ContentService(deps).contact(c.req.valid('json'), clientAddress(c, deps.config.trustProxy));
  return c.body(null, 202);
};
