import { z } from '@hono/zod-openapi';
import { raListQuery } from '../../lib/ra-list';
import { VendorSchema, VendorStatusSchema } from '../vendors/vendors.schemas';

export const AdminVendorSchema = VendorSchema.extend({
  ownerId: z.string(),
  ownerEmail: z.string(),
  ownerName: z.string().nullable(),
}).openapi('AdminVendor');

export const VendorIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: '0197a5c2-7d0e-7c4b-9f5e-2f1c3b4a5d6e' }),
});

export const VENDOR_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'shopName',
  'status',
  'city',
  'country',
  'ownerEmail',
  'id',
] as const;

export const VendorListFilterSchema = z
  .strictObject({
    q: z
      .string()
      .trim()
      .max(200)
      .optional()
      .openapi({ description: 'Shop name, city or owner email contains' }),
    status: VendorStatusSchema.optional(),
    id: z
      .union([z.string(), z.array(z.string()).max(1000)])
      .optional()
      .openapi({ description: 'One id or a list (react-admin getMany)' }),
  })
  .openapi({ description: 'Filters of the admin vendor list' });

export const VendorListQuerySchema = raListQuery({
  sortFields: VENDOR_SORT_FIELDS,
  filter: VendorListFilterSchema,
});
