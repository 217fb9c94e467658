import { z } from '@hono/zod-openapi';
import { CLAIM_KINDS, CLAIM_STATUSES } from '../../../domain/statuses';
import { raListQuery } from '../../../lib/ra-list';
import { ClaimSchema } from '../../claims';
import { IdsFilterSchema } from '../admin.schemas';

export const CLAIM_SORT_FIELDS = ['createdAt', 'courierDeadline', 'amountClaimed', 'status', 'id'] as const;

export const AdminClaimListQuerySchema = raListQuery({
  sortFields: CLAIM_SORT_FIELDS,
  filter: z
    .strictObject({
      q: z.string().trim().max(64).optional().openapi({
        description: 'The order’s or the claim’s reference (#1a2b3c4d), or part of it',
      }),
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

/** A claim as staff list it: the claim, and who its customer and its courier are. */
export const AdminClaimSchema = ClaimSchema.extend({
  customerId: z.string(),
  customerName: z.string().openapi({ description: 'The account’s name, or its email when it has none' }),
  customerEmail: z.string().nullable(),
  vendorId: z.string(),
  courierName: z.string().openapi({ description: 'The courier as the customer booked it' }),
}).openapi('AdminClaim');

/** One step of a claim, from its audit rows: what it became, who moved it, and their note. */
export const ClaimTimelineEntrySchema = z
  .object({
    at: z.iso.datetime(),
    status: z.enum(CLAIM_STATUSES),
    actorRole: z.enum(['customer', 'vendor', 'admin', 'system']),
    note: z.string(),
  })
  .openapi('ClaimTimelineEntry');

export const AdminClaimDetailSchema = AdminClaimSchema.extend({
  timeline: z.array(ClaimTimelineEntrySchema).openapi({ description: 'Every move, oldest first' }),
}).openapi('AdminClaimDetail');
