/**
 * Landing-page articles for staff (GET/POST/PUT /admin/articles, ra-data-simple-rest style; the
 * slug is the id). HTML is sanitised on save with the same rules the public page uses, and the
 * preview route answers what would be stored, so staff see exactly what visitors will.
 */
import { createRoute } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { adminGet, adminList } from '../admin.resource';
import {
  AdminArticleSchema,
  CreateBody,
  ListQuery,
  PreviewBody,
  SlugParams,
  UpdateBody,
} from './admin-articles.schemas';
import { AdminArticles, toDto } from './admin-articles.service';

const tags = ['Admin'];

export const listArticles = adminList({
  resource: 'articles',
  operationId: 'adminListArticles',
  summary: 'Landing-page articles',
  description: 'Articles',
  query: ListQuery,
  item: AdminArticleSchema,
  read: (deps, list) => new AdminArticles(deps).list(list),
});
export const getArticle = adminGet({
  resource: 'articles',
  operationId: 'adminGetArticle',
  summary: 'One article',
  description: 'The article',
  item: AdminArticleSchema,
  params: SlugParams,
  checksId: true,
  read: async (deps, id) => toDto(await new AdminArticles(deps).find(id)),
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
