import { z } from '@hono/zod-openapi';
import { CLAIM_KINDS, CLAIM_STATUSES } from '../../../domain/statuses';
import { raListQuery } from '../../../lib/ra-list';
import { IdsFilterSchema } from '../admin.schemas';

export const CLAIM_SORT_FIELDS = ['createdAt', 'courierDeadline', 'amountClaimed', 'status', 'id'] as const;

export const AdminClaimListQuerySchema = raListQuery({
  sortFields: CLAIM_SORT_FIELDS,
  filter: z
    .strictObject({
      status: z.enum(CLAIM_STATUSES).optional(),
      kind: z.enum(CLAIM_KINDS).optional(),
      awaitsStaff: z.boolean().optional().openapi({
        description: 'Escalated, or rejected by the courier and not yet reviewed: the staff queue',
      }),
      vendorId: z.string().max(64).optional(),
      orderId: z.string().max(64).optional(),
      id: IdsFilterSchema,
    })
    .openapi({ description: 'Filters of the claims' }),
});
