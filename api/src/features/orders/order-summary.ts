/**
 * An order as a list shows it: the vendor dashboard's table and the admin console's lists show a
 * reference, a status, the service, the recipient's name, the price and what was paid, and open
 * the order itself (OrderDetail) for the rest. A list row carries those and what a list filters
 * or sorts by, not the addresses, parcels, customs, notes and allowed actions of the whole order:
 * a page of 20 whole orders was 25 KB of JSON of which the table showed a tenth, and reading,
 * decoding and writing it was most of a list request's CPU.
 */
import { sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { isoTime } from '../../lib/iso-time';
import { jsonRowReader } from '../../lib/json-row';
import type { PaymentRow } from '../payments';
import { paymentSummary } from '../payments';
import { moneyOfOrder } from './order-money';
import { type OrderRow, orderReference } from './order-store';

/** The columns a summary is made of (jobId: an order made from a job was paid as the job). */
const SUMMARY_FIELDS = [
  'id',
  'customerId',
  'vendorId',
  'vendorName',
  'jobId',
  'status',
  'serviceType',
  'serviceName',
  'collectionDate',
  'estimatedDelivery',
  'currency',
  'total',
  'trackingNumber',
  'paidAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof OrderRow)[];

/**
 * The recipient's name is read out of the delivery address: the address itself would be written
 * out as JSON by SQLite and parsed again for one of its values.
 */
const SUMMARY_TEXTS = { recipientName: ['deliveryAddress', '$.name'] } as const;

type OrderSummaryRow = Pick<OrderRow, (typeof SUMMARY_FIELDS)[number]> & { recipientName: string | null };

/** Reads a page of summaries' columns by id (lib/json-row.ts), none of the rest of the row. */
export const ORDER_SUMMARY_ROWS = jsonRowReader(orders, SUMMARY_FIELDS, SUMMARY_TEXTS);

/**
 * The table's own row key, what the lists read a page's summaries by: the primary key (id, a text
 * uuid) is a separate unique index, so finding a row by it is two tree searches, and every index
 * entry already carries the rowid.
 */
export const ORDER_ROWID = sql`${orders}.rowid`;

/** The wire shape of a list row (OrderSummarySchema); its fields mean what the order's do. */
export function toOrderSummary(
  order: OrderSummaryRow,
  payment: PaymentRow | null | undefined,
  relation: 'vendor' | 'admin',
) {
  return {
    id: order.id,
    reference: orderReference(order.id),
    status: order.status,
    serviceType: order.serviceType,
    serviceName: order.serviceName,
    vendor: { id: order.vendorId, name: order.vendorName },
    // Every stored address has a name (bookings require one).
    recipientName: order.recipientName ?? '',
    collectionDate: order.collectionDate,
    estimatedDelivery: order.estimatedDelivery,
    price: { total: order.total, currency: order.currency },
    trackingNumber: order.trackingNumber,
    payment: paymentSummary(payment),
    money: moneyOfOrder(order, payment),
    ...(relation === 'admin' ? { customerId: order.customerId } : {}),
    // isoTime: toISOString's string, faster (four instants a row of every page).
    paidAt: order.paidAt ? isoTime(order.paidAt) : null,
    createdAt: isoTime(order.createdAt),
    updatedAt: isoTime(order.updatedAt),
  };
}
