import { createRoute } from '@hono/zod-openapi';
import { jsonContent, pickProblems } from '../../lib/openapi';
import { HsCodeListSchema, HsCodeQuerySchema } from './hs-codes.schemas';

export const searchHsCodes = createRoute({
  operationId: 'searchHsCodes',
  method: 'get',
  path: '/hs-codes',
  tags: ['Meta'],
  summary: 'Search the Harmonized System for a customs code',
  description:
    'Best matches first, at most 20: by words in the descriptions (plurals folded, plus everyday ' +
    'British words such as jumper, trainers, mobile phone and laptop mapped to their headings) or ' +
    'by code prefix. Codes are the 6-digit international part; the UK tariff adds 2 to 4 digits.',
  request: { query: HsCodeQuerySchema },
  responses: {
    200: jsonContent(HsCodeListSchema, 'Matching codes'),
    ...pickProblems(422),
  },
});
