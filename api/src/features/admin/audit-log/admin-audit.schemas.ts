import { z } from '@hono/zod-openapi';
import { raListQuery } from '../../../lib/ra-list';
import { IdsFilterSchema } from '../admin.schemas';

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    actorEmail: z.string(),
    action: z.string().openapi({ example: 'vendor.activate' }),
    entityType: z.string().openapi({ example: 'vendor' }),
    entityId: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    reason: z.string(),
    createdAt: z.iso.datetime(),
  })
  .openapi('AuditEntry');

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
