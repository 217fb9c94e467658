import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { sanitizeArticleHtml } from '../../content';
import type * as routes from './admin-articles.routes';
import { AdminArticles } from './admin-articles.service';

export const createArticleHandler: RouteHandler<typeof routes.createArticle, AppEnv> = async (c) =>
  c.json(await new AdminArticles(c.get('deps')).create(c.get('user'), c.req.valid('json')), 201);
export const updateArticleHandler: RouteHandler<typeof routes.updateArticle, AppEnv> = async (c) =>
  c.json(
    await new AdminArticles(c.get('deps')).update(
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json'),
    ),
    200,
  );
export const previewArticleHandler: RouteHandler<typeof routes.previewArticle, AppEnv> = async (c) =>
  c.json({ html: sanitizeArticleHtml(c.req.valid('json').html) }, 200);
