import { z } from '@hono/zod-openapi';
import { REFUND_BEARERS } from '../../../domain/finance';
import { FILTER_DAY_MESSAGE, isFilterDay, isIsoDate } from '../../../domain/uk-days';
import { ReasonBodySchema } from '../../../lib/audit';
import { raListQuery } from '../../../lib/ra-list';
import { OrderStatusSchema } from '../../orders';
import { IdsFilterSchema } from '../admin.schemas';

export const ORDER_SORT_FIELDS = ['createdAt', 'status', 'total', 'collectionDate', 'id'] as const;

const isoDay = (label: string) =>
  z
    .string()
    .refine(isIsoDate, `${label} must be a date such as 2026-03-11`)
    .refine(isFilterDay, `${label} ${FILTER_DAY_MESSAGE}`)
    .optional();

/** The vendor dashboard's filters (status, dates, free text) plus who the order belongs to. */
export const AdminOrderListQuerySchema = raListQuery({
  sortFields: ORDER_SORT_FIELDS,
  filter: z
    .strictObject({
      status: OrderStatusSchema.optional(),
      q: z.string().trim().max(200).optional().openapi({
        description: 'Order reference or id, recipient name, service or vendor name contains',
      }),
      from: isoDay('from').openapi({ description: 'Placed on or after this UK day' }),
      to: isoDay('to').openapi({ description: 'Placed on or before this UK day' }),
      vendorId: z.string().max(64).optional(),
      customerId: z.string().max(64).optional(),
      id: IdsFilterSchema,
    })
    .openapi({ description: 'Filters of the admin order list' }),
});

// Flat objects (the reason's field spread in, not `.extend`): an extended registered schema is
// written as allOf with additionalProperties false in one part, which no body could satisfy.
export const AdminOrderStatusBodySchema = z
  .strictObject({ ...ReasonBodySchema.shape, status: OrderStatusSchema })
  .openapi('AdminOrderStatusChange');

/** A staff refund: everything left (default) or a part, and who bears it. */
export const AdminRefundBodySchema = z
  .strictObject({
    ...ReasonBodySchema.shape,
    amount: z
      .number({ error: 'The amount must be a whole number of minor units (pence)' })
      .int('The amount must be a whole number of minor units (pence)')
      .positive('The amount must be more than zero')
      .optional()
      .openapi({ description: 'Minor units to give back; omitted means everything not refunded yet' }),
    bearer: z.enum(REFUND_BEARERS).optional().openapi({
      description:
        'Who bears it: `courier` (default: out of its earnings, with the commission on that part) or `platform` (goodwill: the courier keeps its earnings)',
    }),
  })
  .openapi('AdminRefund');
