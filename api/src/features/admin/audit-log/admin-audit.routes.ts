import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth, requireRole } from '../../../lib/auth';
import { bearerSecurity, jsonContent, pickProblems } from '../../../lib/openapi';
import { raListHeaders } from '../../../lib/ra-list';
import { IdParamsSchema } from '../admin.schemas';
import { AuditEntrySchema, AuditListQuerySchema } from './admin-audit.schemas';

const tags = ['Admin'];

export const listAudit = createRoute({
  operationId: 'adminListAuditLog',
  method: 'get',
  path: '/admin/audit-log',
  tags,
  summary: 'The audit log of staff changes, newest first by default (read only)',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { query: AuditListQuerySchema },
  responses: {
    200: {
      description: 'One page of audit entries',
      headers: raListHeaders,
      content: { 'application/json': { schema: z.array(AuditEntrySchema) } },
    },
    ...pickProblems(401, 403, 422),
  },
});

export const getAudit = createRoute({
  operationId: 'adminGetAuditEntry',
  method: 'get',
  path: '/admin/audit-log/{id}',
  tags,
  summary: 'One audit entry',
  security: bearerSecurity,
  middleware: [requireAuth, requireRole('admin')] as const,
  request: { params: IdParamsSchema },
  responses: { 200: jsonContent(AuditEntrySchema, 'The entry'), ...pickProblems(401, 403, 404) },
});
