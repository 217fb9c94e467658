import { createRoute } from '@hono/zod-openapi';
import { jsonContent, pickProblems } from '../../lib/openapi';
import { HsCodeSearchQuerySchema, HsCodeSearchResultSchema } from './hs-codes.schemas';

export const searchHsCodes = createRoute({
  operationId: 'searchHsCodes',
  method: 'get',
  path: '/hs-codes',
  tags: ['Meta'],
  summary: 'Search the Harmonized System for a customs commodity code',
  description:
    'Searches the whole HS nomenclature (chapters, headings and subheadings) by words, plurals folded, ' +
    'and by code prefix; everyday British words the tariff does not use (jumper, trainers, mobile phone, ' +
    'laptop…) lead to their headings. Best matches first. Cacheable for a day.',
  request: { query: HsCodeSearchQuerySchema },
  responses: {
    200: {
      ...jsonContent(HsCodeSearchResultSchema, 'Matching codes, best first'),
      headers: { 'Cache-Control': { schema: { type: 'string', example: 'public, max-age=86400' } } },
    },
    ...pickProblems(422),
  },
});
