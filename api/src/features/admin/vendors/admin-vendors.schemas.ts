import { z } from '@hono/zod-openapi';
import { raListQuery } from '../../../lib/ra-list';
import { CourierServiceSchema } from '../../couriers';
import { VendorSchema, VendorStatusSchema } from '../../vendors';
import { IdsFilterSchema } from '../admin.schemas';

export const AdminVendorSchema = VendorSchema.extend({
  ownerId: z.string(),
  ownerEmail: z.string(),
  ownerName: z.string().nullable(),
}).openapi('AdminVendor');

export const VendorOnboardingSchema = z
  .object({
    status: z.enum(['draft', 'submitted']),
    submittedAt: z.iso.datetime().nullable(),
    answers: z.record(z.string(), z.unknown()).openapi({ description: 'Answers by question key' }),
  })
  .openapi('VendorOnboarding');

export const VendorDocumentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    uploadedAt: z.iso.datetime(),
  })
  .openapi('VendorDocument');

/** One vendor with everything staff need to judge it: onboarding answers, documents, services. */
export const AdminVendorDetailSchema = AdminVendorSchema.extend({
  onboarding: VendorOnboardingSchema.nullable(),
  documents: z.array(VendorDocumentSchema),
  services: z.array(CourierServiceSchema),
}).openapi('AdminVendorDetail');

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
    id: IdsFilterSchema,
  })
  .openapi({ description: 'Filters of the admin vendor list' });

export const VendorListQuerySchema = raListQuery({
  sortFields: VENDOR_SORT_FIELDS,
  filter: VendorListFilterSchema,
});
