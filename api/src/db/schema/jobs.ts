import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CURRENCIES, type Currency } from '../../domain/currency';
import { SERVICE_TYPE_VALUES, type ServiceType } from '../../domain/services';
import { JOB_STATUSES } from '../../domain/statuses';
import { createdAt, id, timestamp, updatedAt } from './columns';
import { type OrderAddress, type OrderCustoms, type OrderItem, orders } from './orders';
import type { QuoteRequestRecord } from './quotes';
import { users } from './users';
import { vendors } from './vendors';

/**
 * A job's life (docs/architecture.md §4): posted unpaid, open once its asking price
 * is paid, then accepted by a vendor (it became an order), withdrawn by the customer, or expired
 * 7 days after it opened. Only `open` jobs are shown to vendors; the last three are final.
 */
export { JOB_STATUSES, type JobStatus } from '../../domain/statuses';

/**
 * A parcel a customer wants carried at a price they name. The route is kept in the quote
 * request's shape so the quote engine can tell which courier services could carry it.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: id(),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('awaiting_payment'),
    serviceType: text('service_type', { enum: SERVICE_TYPE_VALUES }).$type<ServiceType>().notNull(),
    /** serviceType, from/to nations or destination, same-day postcodes, parcels: as a quote asks. */
    route: text('route', { mode: 'json' }).$type<QuoteRequestRecord>().notNull(),
    collectionAddress: text('collection_address', { mode: 'json' }).$type<OrderAddress>().notNull(),
    deliveryAddress: text('delivery_address', { mode: 'json' }).$type<OrderAddress>().notNull(),
    /** YYYY-MM-DD, UK calendar. */
    collectionDate: text('collection_date').notNull(),
    contents: text('contents').notNull(),
    /** Minor units of `currency`. */
    contentValue: integer('content_value').notNull(),
    customs: text('customs', { mode: 'json' }).$type<OrderCustoms>(),
    items: text('items', { mode: 'json' }).$type<OrderItem[]>(),
    notes: text('notes'),
    /** What the customer pays and the accepting courier is paid: minor units, VAT included. */
    askingPrice: integer('asking_price').notNull(),
    currency: text('currency', { enum: CURRENCIES }).$type<Currency>().notNull(),
    paidAt: timestamp('paid_at'),
    /** Unpaid: 7 days after posting; once paid: 7 days after payment (vendors get the full week). */
    expiresAt: timestamp('expires_at').notNull(),
    acceptedAt: timestamp('accepted_at'),
    acceptedVendorId: text('accepted_vendor_id').references(() => vendors.id),
    acceptedServiceId: text('accepted_service_id'),
    /** The order the accepted job became; unique, so a job becomes at most one order. */
    orderId: text('order_id').references(() => orders.id),
    /** When it was withdrawn or expired. */
    closedAt: timestamp('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_customer_created_idx').on(t.customerId, t.createdAt),
    index('jobs_status_expires_idx').on(t.status, t.expiresAt),
    uniqueIndex('jobs_order_unique').on(t.orderId),
  ],
);
