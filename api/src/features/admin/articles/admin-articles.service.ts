/**
 * Landing-page articles for staff (GET/POST/PUT /admin/articles, ra-data-simple-rest style; the
 * slug is the id). HTML is sanitised on save with the same rules the public page uses, and the
 * preview route answers what would be stored, so staff see exactly what visitors will.
 */
import { createRoute, type RouteHandler, z } from '@hono/zod-openapi';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppDeps, AppEnv } from '../../context';
import { articles } from '../../db/schema';
import { requireAuth, requireRole } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { raListHeaders, raListQuery, setContentRange, toRaList } from '../../lib/ra-list';
import { sanitizeArticleHtml } from '../content/sanitize';
import { recordAudit } from './audit';

const SLUG = z
  .string({ error: 'A slug is required' })
  .trim()
  .min(1, 'A slug is required')
  .max(120, 'The slug must be at most 120 characters')
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Use lower-case letters, digits and single hyphens, e.g. cheap-parcel-delivery',
  );
const TITLE = z.string({ error: 'A title is required' }).trim().min(1, 'A title is required').max(200);
const HTML = z
  .string({ error: 'The article text is required' })
  .min(1, 'The article text is required')
  .max(200_000);

export const AdminArticleSchema = z
  .object({
    id: z.string().openapi({ description: 'The slug (react-admin needs an id)' }),
    slug: z.string(),
    title: z.string(),
    html: z.string().openapi({ description: 'Sanitised HTML' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('AdminArticle');

const CreateBody = z.strictObject({ slug: SLUG, title: TITLE, html: HTML }).openapi('AdminArticleCreate');
// react-admin's update sends the whole record; only title and html change (the slug is the URL).
// Strict like every body: the console sends only these two fields (ArticleEdit's transform).
const UpdateBody = z.strictObject({ title: TITLE, html: HTML }).openapi('AdminArticleUpdate');
const PreviewBody = z.strictObject({ html: z.string().max(200_000) }).openapi('AdminArticlePreview');
const SlugParams = z.object({ id: SLUG.openapi({ param: { name: 'id', in: 'path' } }) });
const ListQuery = raListQuery({
  sortFields: ['updatedAt', 'title', 'id'] as const,
  filter: z.strictObject({ id: z.union([z.string(), z.array(z.string()).max(1000)]).optional() }),
});

type Row = typeof articles.$inferSelect;
const toDto = (a: Row) => ({
  id: a.slug,
  slug: a.slug,
  title: a.title,
  html: a.html,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

const tags = ['Admin'];

export const listArticles = createRoute({
  operationId: 'adminListArticles',
  method: 'get',
  path: '/admin/articles',
  tags,
  summary: 'Landing-page articles',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: ListQuery },
  responses: {
    200: {
      description: 'Articles',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(AdminArticleSchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});
export const getArticle = createRoute({
  operationId: 'adminGetArticle',
  method: 'get',
  path: '/admin/articles/{id}',
  tags,
  summary: 'One article',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: SlugParams },
  responses: { 200: jsonContent(AdminArticleSchema, 'The article'), ...pickProblems(401, 403, 404, 422) },
});
export const createArticle = createRoute({
  operationId: 'adminCreateArticle',
  method: 'post',
  path: '/admin/articles',
  tags,
  summary: 'Publish a new article at /{slug}; HTML is sanitised (audited)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { body: jsonBody(CreateBody) },
  responses: { 201: jsonContent(AdminArticleSchema, 'The article'), ...pickProblems(401, 403, 409, 422) },
});
export const updateArticle = createRoute({
  operationId: 'adminUpdateArticle',
  method: 'put',
  path: '/admin/articles/{id}',
  tags,
  summary: "Change an article's title or text; HTML is sanitised (audited)",
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: SlugParams, body: jsonBody(UpdateBody) },
  responses: { 200: jsonContent(AdminArticleSchema, 'The article'), ...pickProblems(401, 403, 404, 422) },
});
export const previewArticle = createRoute({
  operationId: 'adminPreviewArticle',
  method: 'post',
  path: '/admin/article-preview',
  tags,
  summary: 'The HTML as it would be stored and shown (sanitised), without saving',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { body: jsonBody(PreviewBody) },
  responses: { 200: jsonContent(PreviewBody, 'Sanitised HTML'), ...pickProblems(401, 403, 422) },
});

class AdminArticles {
  constructor(private readonly deps: AppDeps) {}

  async find(slug: string) {
    const row = await this.deps.db.query.articles.findFirst({ where: eq(articles.slug, slug) });
    if (!row) throw AppError.notFound('Article not found');
    return row;
  }

  async create(actor: AccessClaims, body: z.infer<typeof CreateBody>) {
    const now = this.deps.now();
    const html = sanitizeArticleHtml(body.html);
    await this.deps.db.transaction(
      async (tx) => {
        const taken = await tx.query.articles.findFirst({ where: eq(articles.slug, body.slug) });
        if (taken) throw AppError.conflict('An article already uses this slug', 'slug_taken');
        await tx
          .insert(articles)
          .values({ slug: body.slug, title: body.title, html, createdAt: now, updatedAt: now });
        await recordAudit(
          tx,
          actor,
          {
            action: 'article.create',
            entityType: 'article',
            entityId: body.slug,
            before: null,
            after: { title: body.title },
            reason: 'Published',
          },
          now,
        );
      },
      { behavior: 'immediate' },
    );
    return toDto(await this.find(body.slug));
  }

  async update(actor: AccessClaims, slug: string, body: { title: string; html: string }) {
    const now = this.deps.now();
    const html = sanitizeArticleHtml(body.html);
    await this.deps.db.transaction(
      async (tx) => {
        const current = await tx.query.articles.findFirst({ where: eq(articles.slug, slug) });
        if (!current) throw AppError.notFound('Article not found');
        await tx
          .update(articles)
          .set({ title: body.title, html, updatedAt: now })
          .where(eq(articles.slug, slug));
        await recordAudit(
          tx,
          actor,
          {
            action: 'article.update',
            entityType: 'article',
            entityId: slug,
            before: { title: current.title },
            after: { title: body.title },
            reason: 'Edited',
          },
          now,
        );
      },
      { behavior: 'immediate' },
    );
    return toDto(await this.find(slug));
  }
}

export const listArticlesHandler: RouteHandler<typeof listArticles, AppEnv> = async (c) => {
  const list = toRaList(c.req.valid('query'));
  const { db } = c.var.deps;
  const sort = list.sort ?? { field: 'updatedAt', order: 'desc' };
  const column =
    sort.field === 'title' ? articles.title : sort.field === 'id' ? articles.slug : articles.updatedAt;
  const direction = sort.order === 'desc' ? desc : asc;
  const ids = list.filter?.id;
  const where = ids === undefined ? undefined : inArray(articles.slug, Array.isArray(ids) ? ids : [ids]);
  const [rows, totals] = await db.batch([
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(direction(column), direction(articles.slug))
      .limit(list.limit)
      .offset(list.offset),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  setContentRange(c, 'articles', list.offset, rows.length, totals[0]?.total ?? 0);
  return c.json(rows.map(toDto), 200);
};
export const getArticleHandler: RouteHandler<typeof getArticle, AppEnv> = async (c) =>
  c.json(toDto(await new AdminArticles(c.var.deps).find(c.req.valid('param').id)), 200);
export const createArticleHandler: RouteHandler<typeof createArticle, AppEnv> = async (c) =>
  c.json(await new AdminArticles(c.var.deps).create(c.var.user, c.req.valid('json')), 201);
export const updateArticleHandler: RouteHandler<typeof updateArticle, AppEnv> = async (c) =>
  c.json(
    await new AdminArticles(c.var.deps).update(c.var.user, c.req.valid('param').id, c.req.valid('json')),
    200,
  );
export const previewArticleHandler: RouteHandler<typeof previewArticle, AppEnv> = async (c) =>
  c.json({ html: sanitizeArticleHtml(c.req.valid('json').html) }, 200);
