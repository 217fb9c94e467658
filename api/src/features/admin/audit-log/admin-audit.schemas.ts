import { z } from '@hono/zod-openapi';
import { auditLog } from '../../../db/schema';
import { raListQuery } from '../../../lib/ra-list';
import { rowSchema } from '../../../lib/wire';
import { IdsFilterSchema } from '../admin.schemas';

/** An audit row as stored; the JSON columns' shape and examples are what the table cannot say. */
export const AuditEntrySchema = rowSchema(auditLog, {
  action: z.string().openapi({ example: 'vendor.activate' }),
  entityType: z.string().openapi({ example: 'vendor' }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
}).openapi('AuditEntry');

export const AUDIT_SORT_FIELDS = ['createdAt', 'action', 'entityType', 'actorEmail', 'id'] as const;

export const AuditListQuerySchema = raListQuery({
  sortFields: AUDIT_SORT_FIELDS,
  filter: z
    .strictObject({
      action: z.string().max(64).optional(),
      entityType: z.string().max(32).optional(),
      entityId: z.string().max(64).optional(),
      id: IdsFilterSchema,
    })
    .openapi({ description: 'Filters of the audit log' }),
});
