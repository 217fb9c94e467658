import { z } from '@hono/zod-openapi';
import { PLACED_ORDER_STATUSES, type PlacedOrderStatus } from '../../domain/statuses';
import { FILTER_DAY_MESSAGE, isFilterDay, isIsoDate } from '../../domain/uk-days';
import { MoneySchema } from '../../lib/openapi';
import { cursorQuery, limitQuery } from '../../lib/pagination';
import { OrderStatusSchema, OrderSummarySchema } from '../orders';

/** A courier's own tracking number, as the drawer and the CSV upload accept it. */
export const TRACKING_NUMBER_INPUT = /^[A-Za-z0-9][A-Za-z0-9 -]{2,62}[A-Za-z0-9]$/;
export const TRACKING_NUMBER_MESSAGE = 'Tracking number must be 4 to 64 letters, digits, spaces or hyphens';

/**
 * The statuses a vendor's orders can have. Orders awaiting payment are abandoned or unfinished
 * checkouts, not orders placed with the vendor yet: they appear only once paid.
 */
export const VENDOR_ORDER_STATUSES = PLACED_ORDER_STATUSES as [PlacedOrderStatus, ...PlacedOrderStatus[]];

const dateParam = (name: string, description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date such as 2026-05-01`)
    .refine(isIsoDate, `${name} is not a real date`)
    .refine(isFilterDay, `${name} ${FILTER_DAY_MESSAGE}`)
    .optional()
    .openapi({ param: { name, in: 'query' }, format: 'date', description });

const filterShape = {
  status: z
    .enum(VENDOR_ORDER_STATUSES, { error: `status must be one of ${VENDOR_ORDER_STATUSES.join(', ')}` })
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
  from: dateParam('from', 'Orders placed on or after this day (UK time)'),
  to: dateParam('to', 'Orders placed on or before this day, up to 23:59:59 UK time'),
  q: z
    .string()
    .trim()
    .max(100, 'q must be at most 100 characters')
    .optional()
    .openapi({
      param: { name: 'q', in: 'query' },
      description:
        "Free text over the order reference ('#' and the last 8 characters), the customer (delivery name) and the courier service name",
    }),
};

const datesInOrder = (f: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (f.from && f.to && f.to < f.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The To date must not be before the From date' });
  }
};

/** The dashboard's filters: the CSV export takes exactly these. */
export const VendorOrderFilterSchema = z.object(filterShape).superRefine(datesInOrder);

export type VendorOrderFilters = z.infer<typeof VendorOrderFilterSchema>;

export const VendorOrderListQuerySchema = z
  .object({
    ...filterShape,
    limit: limitQuery,
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(100_000, 'page is too large')
      .optional()
      .openapi({ param: { name: 'page', in: 'query' }, description: 'Page number from 1; or use cursor' }),
    cursor: cursorQuery('nextCursor of the previous page; not with page'),
  })
  .superRefine((q, ctx) => {
    datesInOrder(q, ctx);
    if (q.page !== undefined && q.cursor !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'Page by page or by cursor, not both' });
    }
  });

export type VendorOrderListQuery = z.infer<typeof VendorOrderListQuerySchema>;

export const VendorOrderListSchema = z
  .object({
    items: z.array(OrderSummarySchema),
    total: z.number().int().openapi({ description: 'Orders matching the filters, on every page' }),
    limit: z.number().int(),
    page: z.number().int().nullable().openapi({ description: 'The page number, null when paging by cursor' }),
    nextCursor: z.string().nullable(),
  })
  .openapi('VendorOrderList');

export const VendorOrderStatsSchema = z
  .object({
    totalOrders: z.number().int().openapi({ description: 'Paid orders, whatever their status' }),
    pendingOrders: z.number().int(),
    confirmedOrders: z.number().int(),
    inTransitOrders: z.number().int(),
    deliveredOrders: z.number().int(),
    cancelledOrders: z.number().int(),
    totalRevenue: MoneySchema.openapi({
      description:
        'Paid less refunded (in full or in part) over orders that are not cancelled, in the vendor’s main currency (GBP when it has GBP orders); ' +
        'see revenueByCurrency for every currency',
    }),
    revenueByCurrency: z.array(MoneySchema),
    revenueOrders: z.number().int().openapi({ description: 'How many orders the revenue comes from' }),
  })
  .openapi('VendorOrderStats');

const clearable = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal(''), z.null()]).optional();

export const UpdateVendorOrderBodySchema = z
  .strictObject({
    status: OrderStatusSchema.optional().openapi({
      description: 'Moved by the order status machine; an illegal move is 409',
    }),
    trackingNumber: z
      .string({ error: 'Tracking number must be text' })
      .trim()
      .regex(TRACKING_NUMBER_INPUT, TRACKING_NUMBER_MESSAGE)
      .optional()
      .openapi({ example: '1Z999AA10123456784' }),
    labelUrl: clearable(
      z
        .string({ error: 'Label URL must be text' })
        .trim()
        .max(2048, 'Label URL must be at most 2048 characters')
        .refine(
          (v) => /^https?:\/\//i.test(v) && URL.canParse(v),
          'Label URL must be a web address (http or https)',
        ),
    ).openapi({ description: 'An http(s) link to the courier’s label; null or "" removes it' }),
    vendorNotes: clearable(
      z
        .string({ error: 'Courier notes must be text' })
        .trim()
        .max(1000, 'Courier notes must be at most 1000 characters'),
    ).openapi({
      description:
        'The courier’s own notes on the order; null or "" removes them. The customer’s booking notes (`notes`) are read-only',
    }),
    collectionDate: clearable(
      z
        .string({ error: 'Collection date must be text' })
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Collection date must be a date such as 2026-05-01')
        .refine(isIsoDate, 'Collection date is not a real date'),
    ).openapi({ format: 'date', description: 'Not before today when changed' }),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send at least one field to change',
  })
  .openapi('UpdateVendorOrderRequest');

export type UpdateVendorOrderBody = z.infer<typeof UpdateVendorOrderBodySchema>;

export { OrderIdParamsSchema as VendorOrderIdParamsSchema } from '../orders';
