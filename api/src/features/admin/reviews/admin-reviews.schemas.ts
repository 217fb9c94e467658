import { z } from '@hono/zod-openapi';
import { raListQuery } from '../../../lib/ra-list';
import { IdsFilterSchema } from '../admin.schemas';

export const AdminReviewSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    vendorId: z.string(),
    vendorName: z.string(),
    courierServiceId: z.string(),
    serviceName: z.string(),
    customerId: z.string(),
    authorName: z.string().openapi({ description: 'The name the public profile shows' }),
    authorEmail: z
      .string()
      .nullable()
      .openapi({ description: 'The email of the customer who wrote it (null once the account is gone)' }),
    rating: z.number().int(),
    comment: z
      .string()
      .nullable()
      .openapi({ description: 'Shown to staff even when hidden from the public' }),
    reply: z.string().nullable(),
    repliedAt: z.iso.datetime().nullable(),
    hidden: z.boolean(),
    hiddenAt: z.iso.datetime().nullable(),
    hiddenReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('AdminReview');

export const REVIEW_SORT_FIELDS = ['createdAt', 'rating', 'id'] as const;

export const AdminReviewListQuerySchema = raListQuery({
  sortFields: REVIEW_SORT_FIELDS,
  filter: z
    .strictObject({
      hidden: z.boolean().optional(),
      rating: z.number().int().min(1).max(5).optional(),
      vendorId: z.string().max(64).optional(),
      q: z
        .string()
        .trim()
        .max(200)
        .optional()
        .openapi({ description: 'Comment, reply or service name contains' }),
      id: IdsFilterSchema,
    })
    .openapi({ description: 'Filters of the reviews' }),
});
