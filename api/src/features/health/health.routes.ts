import { createRoute, z } from '@hono/zod-openapi';
import { jsonContent } from '../../lib/openapi';

const StatusSchema = z.object({ status: z.enum(['ok', 'unavailable']) }).openapi('HealthStatus');

export const healthz = createRoute({
  operationId: 'healthz',
  method: 'get',
  path: '/healthz',
  tags: ['Health'],
  summary: 'The process is up',
  responses: { 200: jsonContent(StatusSchema, 'Up') },
});

export const readyz = createRoute({
  operationId: 'readyz',
  method: 'get',
  path: '/readyz',
  tags: ['Health'],
  summary: 'The database answers',
  responses: {
    200: jsonContent(StatusSchema, 'Ready'),
    503: jsonContent(StatusSchema, 'The database does not answer'),
  },
});
