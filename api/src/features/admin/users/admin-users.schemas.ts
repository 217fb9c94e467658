import { z } from '@hono/zod-openapi';
import { USER_ROLES } from '../../../db/schema';
import { raListQuery } from '../../../lib/ra-list';
import { IdsFilterSchema } from '../admin.schemas';

export const AdminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    role: z.enum(USER_ROLES),
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
      role: z.enum(USER_ROLES).optional(),
      disabled: z.boolean().optional(),
      id: IdsFilterSchema,
    })
    .openapi({ description: 'Filters of the admin user list' }),
});
