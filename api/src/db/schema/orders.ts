import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CURRENCIES, type Currency } from '../../domain/currency';
import type {
  DocumentType,
  ExportReason,
  ManufactureCountryCode,
  PartyKind,
} from '../../domain/reference-data';
import { SERVICE_TYPE_VALUES, type ServiceType } from '../../domain/services';
import {
  ADJUSTMENT_STATUSES,
  CLAIM_STATUSES,
  ORDER_ACTOR_ROLES,
  ORDER_STATUSES,
  TRACKING_EVENT_KINDS,
} from '../../domain/statuses';
import { createdAt, id, timestamp, updatedAt } from './columns';
import type { ParcelInput } from './quotes';

export {
  ORDER_ACTOR_ROLES,
  ORDER_STATUSES,
  type OrderActorRole,
  type OrderStatus,
  TRACKING_EVENT_KINDS,
  type TrackingEventKind,
} from '../../domain/statuses';

import { users } from './users';
import { vendors } from './vendors';

/** The order contract's address: everything a courier needs at the door. */
export type OrderAddress = {
  name: string;
  email: string;
  phone: string;
  line1: string;
  line2?: string | undefined;
  town: string;
  county: string;
  postcode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
};

export type OrderCustoms = {
  documentType: DocumentType;
  reasonForExport: ExportReason;
  senderType: PartyKind;
  recipientType: PartyKind;
  senderEori?: string | undefined;
  recipientEori?: string | undefined;
  senderCompanyName?: string | undefined;
  recipientCompanyName?: string | undefined;
};

/** One line of an international shipment's breakdown of contents; unitValue in minor units. */
export type OrderItem = {
  description: string;
  hsCode: string;
  quantity: number;
  unitValue: number;
  originCountry: ManufactureCountryCode;
};

/**
 * A booking. The price columns are copied from the stored quote option (plus the cover fee from
 * the cover table) when the order is made, so they never change after that and never came from
 * the client. `serviceName` and `vendorName` are frozen too: the label and the customer's
 * history must keep showing what was booked even if the vendor renames or deletes the service.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: id(),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id),
    // No foreign key: a vendor may delete a service later; its orders stay as booked.
    courierServiceId: text('courier_service_id').notNull(),
    /** Null for orders made from an accepted job, which has no quote. */
    quoteOptionId: text('quote_option_id'),
    /** Set when the order came from an accepted job; unique so one job becomes one order. */
    jobId: text('job_id'),
    /** The partner shop whose widget the booking came through, when it did. */
    partnerId: text('partner_id'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('awaiting_payment'),
    serviceType: text('service_type', { enum: SERVICE_TYPE_VALUES }).$type<ServiceType>().notNull(),
    serviceName: text('service_name').notNull(),
    vendorName: text('vendor_name').notNull(),
    collectionAddress: text('collection_address', { mode: 'json' }).$type<OrderAddress>().notNull(),
    deliveryAddress: text('delivery_address', { mode: 'json' }).$type<OrderAddress>().notNull(),
    /** YYYY-MM-DD, UK calendar. */
    collectionDate: text('collection_date').notNull(),
    contents: text('contents').notNull(),
    /** Minor units of `currency`. */
    contentValue: integer('content_value').notNull(),
    /** Minor units of GBP (the cover table's currency); 0 means no extended cover. */
    coverAmount: integer('cover_amount').notNull().default(0),
    coverFee: integer('cover_fee').notNull().default(0),
    customs: text('customs', { mode: 'json' }).$type<OrderCustoms>(),
    items: text('items', { mode: 'json' }).$type<OrderItem[]>(),
    /** The customer's booking notes for the courier; only the customer writes them. */
    notes: text('notes'),
    /**
     * The courier's own notes (the vendor drawer's "Courier Notes"), kept apart so that a vendor's
     * edit never overwrites what the customer asked for at booking.
     */
    vendorNotes: text('vendor_notes'),
    /**
     * The drop-off point the customer chose (features/dropoff-points), checked at booking and
     * again before the label; null when the parcel is collected. No foreign key, as for the service.
     */
    dropOffPointId: text('drop_off_point_id'),
    /** Booked on a printerless service: the point scans a QR code and prints the label. */
    printerless: integer('printerless', { mode: 'boolean' }).notNull().default(false),
    parcels: text('parcels', { mode: 'json' }).$type<ParcelInput[]>().notNull(),
    chargeableWeightKg: real('chargeable_weight_kg').notNull(),
    /** YYYY-MM-DD, as quoted; null when unknown (jobs). */
    estimatedDelivery: text('estimated_delivery'),
    currency: text('currency', { enum: CURRENCIES }).$type<Currency>().notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    /** net + vat + coverFee: what the customer pays. */
    total: integer('total').notNull(),
    trackingNumber: text('tracking_number').unique(),
    /**
     * The public tracking code (features/tracking): random, from an unambiguous alphabet, and
     * the only key of the signed-out tracking page; never the id or the reference. Set by
     * insertOrder; the migration that added it gave every earlier order one.
     */
    trackingCode: text('tracking_code'),
    /**
     * The courier's revised delivery date after a delay: the promised date every screen shows
     * from then on. The booked `estimatedDelivery` stays as quoted (on-time records measure by it).
     */
    revisedDelivery: text('revised_delivery'),
    /** When the recipient used the one-click unsubscribe: no more tracking mail for this parcel. */
    recipientMailStoppedAt: timestamp('recipient_mail_stopped_at'),
    /**
     * When the customer was first mailed the offer of a loss claim (a tracking exception, or no
     * scan for LOSS_CLAIM_NO_SCAN_WORKING_DAYS; features/claims): the mail goes once per order.
     */
    lossClaimOfferedAt: timestamp('loss_claim_offered_at'),
    /**
     * What the vendor dashboard's search box looks through: the reference's 8 characters, the
     * delivery name and the service name, all frozen at booking, written once by insertOrder.
     * A plain column (not json_extract at query time) so the dashboard indexes below cover it.
     */
    searchText: text('search_text').notNull().default(''),
    labelUrl: text('label_url'),
    paidAt: timestamp('paid_at'),
    /**
     * The booked quote's expiry, copied at booking: a payment may start only before it, and an
     * order still unpaid UNPAID_ORDER_GRACE_MS after it expires. Null for orders from jobs
     * (paid with the job).
     */
    priceValidUntil: timestamp('price_valid_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    // The admin order list (features/admin/orders) at 100,000 orders: one index per sortable
    // field with the id as tie-breaker, so a page (and a keyset continuation, lib/ra-list.ts)
    // is a walk of an index in ORDER BY order, never a sort of the table. The default sort's
    // index also holds what the admin search reads, so a search's count never reads the table.
    index('orders_created_idx').on(t.createdAt, t.id, t.searchText, t.vendorName),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_total_idx').on(t.total, t.id),
    index('orders_collection_date_idx').on(t.collectionDate, t.id),
    // The vendor dashboard (features/vendor-orders) at 100,000 orders a vendor: a page, its total
    // and a text search read only these covering indexes, in (createdAt, id) order with or without
    // a status; the figures read the last one. Row lookups happen for one page only. paid_at is a
    // column rather than a partial-index condition because SQLite counts an index as covering only
    // when it holds every column the query names.
    index('orders_vendor_created_idx').on(t.vendorId, t.createdAt, t.id, t.paidAt, t.searchText),
    index('orders_vendor_status_created_idx').on(
      t.vendorId,
      t.status,
      t.createdAt,
      t.id,
      t.paidAt,
      t.searchText,
    ),
    index('orders_vendor_stats_idx').on(t.vendorId, t.status, t.currency, t.paidAt, t.total),
    index('orders_status_idx').on(t.status, t.id),
    uniqueIndex('orders_job_unique').on(t.jobId),
    uniqueIndex('orders_tracking_code_unique').on(t.trackingCode),
    index('orders_partner_idx').on(t.partnerId),
    // The orders a closing drop-off point affects; partial, so collected parcels cost it nothing.
    index('orders_dropoff_point_idx')
      .on(t.dropOffPointId, t.collectionDate)
      .where(sql`drop_off_point_id is not null`),
  ],
);

/**
 * The timeline customers see: one row per status change, written with the change itself, and
 * one per tracking event a courier adds without moving the status (`kind` set, `from` = `to`).
 */
export const orderEvents = sqliteTable(
  'order_events',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at').notNull(),
    actorId: text('actor_id'),
    actorRole: text('actor_role', { enum: ORDER_ACTOR_ROLES }).notNull(),
    /** Null for the event that creates the order. */
    from: text('from_status', { enum: ORDER_STATUSES }),
    to: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
    /** A tracking event (out for delivery, attempted, delayed, exception); null for a status change. */
    kind: text('kind', { enum: TRACKING_EVENT_KINDS }),
    /** With a `delayed` event: the new expected delivery date (YYYY-MM-DD). */
    expectedDelivery: text('expected_delivery'),
    /** With an `out_for_delivery` event: the driver's first name and the round's window ('HH:MM', UK time). */
    driverName: text('driver_name'),
    windowFrom: text('window_from'),
    windowTo: text('window_to'),
    /** A claim's move (features/claims), on the timeline without moving the order's status. */
    claimStatus: text('claim_status', { enum: CLAIM_STATUSES }),
    /** A weight or size adjustment's move (features/adjustments), likewise without moving the status. */
    adjustmentStatus: text('adjustment_status', { enum: ADJUSTMENT_STATUSES }),
    /**
     * A return (features/returns): on the original, `return_booked` with the return order's id;
     * on the return order, `return_of` with the original's. The status is unchanged.
     */
    returnLink: text('return_link', { enum: ['return_booked', 'return_of'] }),
    linkedOrderId: text('linked_order_id'),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);

/**
 * How many times each vendor's orders have been added to or moved (status, payment). The vendor
 * dashboard keeps the totals it counted under this number, so repeating a search or paging
 * through it does not count 100,000 orders again, and a change anywhere (any API instance) makes
 * the next request count afresh. Bumped by features/orders/order-store.ts in the write's own
 * transaction.
 */
export const vendorOrderVersions = sqliteTable('vendor_order_versions', {
  vendorId: text('vendor_id')
    .primaryKey()
    .references(() => vendors.id),
  version: integer('version').notNull().default(0),
});
