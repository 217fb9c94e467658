import { z } from '@hono/zod-openapi';
import { raListQuery } from '../../lib/ra-list';
import { CourierServiceSchema } from '../couriers/couriers.schemas';
import { VendorSchema, VendorStatusSchema } from '../vendors/vendors.schemas';

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

/** Every admin change carries a reason, kept in the audit log (and sent to the vendor on suspension). */
export const ReasonBodySchema = z
  .strictObject({
    reason: z
      .string({ error: 'A reason is required' })
      .trim()
      .min(1, 'A reason is required')
      .max(500, 'The reason must be at most 500 characters'),
  })
  .openapi('AdminReason');

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
