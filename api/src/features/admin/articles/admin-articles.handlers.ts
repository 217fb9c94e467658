import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context';
import { setContentRange, toRaList } from '../../../lib/ra-list';
import { sanitizeArticleHtml } from '../../content';
import type * as routes from './admin-articles.routes';
import { AdminArticles, toDto } from './admin-articles.service';

export const listArticlesHandler: RouteHandler<typeof routes.listArticles, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { rows, total } = await new AdminArticles(c.get('deps')).list(list);
  setContentRange(c, 'articles', list.offset, rows.length, total);
  return c.json(rows, 200);
};
export const getArticleHandler: RouteHandler<typeof routes.getArticle, AppEnv> = async (c) =>
  c.json(toDto(await new AdminArticles(c.get('deps')).find(c.req.valid('param').id)), 200);
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
