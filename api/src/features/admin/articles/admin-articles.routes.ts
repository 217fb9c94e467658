/**
 * Landing-page articles for staff (GET/POST/PUT /admin/articles, ra-data-simple-rest style; the
 * slug is the id). HTML is sanitised on save with the same rules the public page uses, and the
 * preview route answers what would be stored, so staff see exactly what visitors will.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonBody, jsonContent, pickProblems } from '../../../lib/openapi';
import { raListHeaders } from '../../../lib/ra-list';
import {
  AdminArticleSchema,
  CreateBody,
  ListQuery,
  PreviewBody,
  SlugParams,
  UpdateBody,
} from './admin-articles.schemas';

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
