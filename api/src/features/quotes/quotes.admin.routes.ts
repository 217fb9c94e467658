import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../lib/auth';
import { bearerSecurity, jsonContent, pickProblems } from '../../lib/openapi';
import { raListHeaders } from '../../lib/ra-list';
import { AdminQuoteSchema, QuoteLogEntrySchema, QuoteLogListQuerySchema } from './quotes.admin.schemas';
import { QuoteIdParamsSchema } from './quotes.schemas';

const tags = ['Admin'];

export const listQuotes = createRoute({
  operationId: 'adminListQuotes',
  method: 'get',
  path: '/admin/quotes',
  tags,
  summary:
    'The quote log, ra-data-simple-rest style: sort, range and filter as JSON; the total in Content-Range',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: QuoteLogListQuerySchema },
  responses: {
    200: {
      description: 'One page of the quote log, newest first unless sorted otherwise',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(QuoteLogEntrySchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getQuoteLogEntry = createRoute({
  operationId: 'adminGetQuote',
  method: 'get',
  path: '/admin/quotes/{id}',
  tags,
  summary: 'One logged quote with the options it offered',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: QuoteIdParamsSchema },
  responses: { 200: jsonContent(AdminQuoteSchema, 'The quote'), ...pickProblems(401, 403, 404) },
});
