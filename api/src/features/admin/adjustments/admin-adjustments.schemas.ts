import { z } from '@hono/zod-openapi';
import { ADJUSTMENT_STATUSES } from '../../../domain/statuses';
import { raListQuery } from '../../../lib/ra-list';
import { AdjustmentSchema } from '../../adjustments';
import { IdsFilterSchema } from '../admin.schemas';

export const ADJUSTMENT_SORT_FIELDS = ['createdAt', 'disputedAt', 'difference', 'status', 'id'] as const;

export const AdminAdjustmentListQuerySchema = raListQuery({
  sortFields: ADJUSTMENT_SORT_FIELDS,
  filter: z
    .strictObject({
      q: z.string().trim().max(64).optional().openapi({
        description: 'The order’s or the adjustment’s reference (#1a2b3c4d), or part of it',
      }),
      status: z
        .enum(ADJUSTMENT_STATUSES)
        .optional()
        .openapi({ description: 'disputed: the staff queue, waiting for a decision' }),
      vendorId: z.string().max(64).optional(),
      orderId: z.string().max(64).optional(),
      id: IdsFilterSchema,
    })
    .openapi({ description: 'Filters of the adjustments' }),
});

/** An adjustment as staff see it: the adjustment, and who its customer and its courier are. */
export const AdminAdjustmentSchema = AdjustmentSchema.extend({
  customerId: z.string(),
  customerName: z.string().openapi({ description: 'The account’s name, or its email when it has none' }),
  customerEmail: z.string().nullable(),
  vendorId: z.string(),
  courierName: z.string().openapi({ description: 'The courier as the customer booked it' }),
}).openapi('AdminAdjustment');
