import { z } from '@hono/zod-openapi';
import { raListQuery } from '../../lib/ra-list';

export const AdminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    role: z.enum(['customer', 'vendor', 'admin']),
    emailVerified: z.boolean(),
    disabled: z.boolean(),
    googleLinked: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('AdminUser');

export const USER_SORT_FIELDS = ['createdAt', 'email', 'name', 'role', 'disabled', 'id'] as const;

export const UserListQuerySchema = raListQuery({
  sortFields: USER_SORT_FIELDS,
  filter: z
    .strictObject({
      q: z.string().trim().max(200).optional().openapi({ description: 'Email or name contains' }),
      role: z.enum(['customer', 'vendor', 'admin']).optional(),
      disabled: z.boolean().optional(),
      id: z.union([z.string(), z.array(z.string()).max(1000)]).optional(),
    })
    .openapi({ description: 'Filters of the admin user list' }),
});

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
      id: z.union([z.string(), z.array(z.string()).max(1000)]).optional(),
    })
    .openapi({ description: 'Filters of the audit log' }),
});
