import { createRoute } from '@hono/zod-openapi';
import { jsonBody, jsonContent, pickProblems } from '../../lib/openapi';
import { ArticleParamsSchema, ArticleSchema, ContactBodySchema } from './content.schemas';

const tags = ['Content'];

export const getArticle = createRoute({
  operationId: 'getArticle',
  method: 'get',
  path: '/articles/{slug}',
  tags,
  summary: 'An article for a quote landing page, with sanitised HTML',
  request: { params: ArticleParamsSchema },
  responses: {
    200: jsonContent(ArticleSchema, 'The article'),
    ...pickProblems(404, 422),
  },
});

export const sendContactMessage = createRoute({
  operationId: 'sendContactMessage',
  method: 'post',
  path: '/contact',
  tags,
  summary: 'Send a message to staff (at most 5 an hour from one address)',
  request: { body: jsonBody(ContactBodySchema) },
  responses: {
    202: { description: 'Received; staff are emailed' },
    ...pickProblems(422, 429),
  },
});
