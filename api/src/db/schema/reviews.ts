import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp, updatedAt } from './columns';
import { orders } from './orders';
import { users } from './users';
import { vendors } from './vendors';

/**
 * A customer's review of one delivered order: one per order (the primary key of the order), a
 * score of 1 to 5 and an optional comment, editable until `editableUntil`. The courier may reply
 * once. Staff may hide the comment (with a reason, audited); the score always counts.
 */
export const reviews = sqliteTable(
  'reviews',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    // No foreign key, as on orders: a deleted service keeps its reviews.
    courierServiceId: text('courier_service_id').notNull(),
    /** Frozen from the order, so the profile shows what was booked. */
    serviceName: text('service_name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    /** The customer's first name only, as shown publicly. */
    authorName: text('author_name').notNull(),
    editableUntil: timestamp('editable_until').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at'),
    hiddenAt: timestamp('hidden_at'),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reviews_vendor_created_idx').on(t.vendorId, t.createdAt),
    index('reviews_created_idx').on(t.createdAt),
  ],
);

/**
 * Running rating totals per courier service, moved in the transaction that writes or edits a
 * review: quotes read average and count from here through the in-memory score board.
 */
export const serviceRatings = sqliteTable('service_ratings', {
  courierServiceId: text('courier_service_id').primaryKey(),
  vendorId: text('vendor_id').notNull(),
  ratingSum: integer('rating_sum').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
});

/**
 * Delivered orders per courier service and UK day, and how many of them arrived by the date
 * promised at booking: the 90-day on-time window is a sum over at most 90 rows per service, and
 * slides by day without recounting orders.
 */
export const serviceDeliveryDays = sqliteTable(
  'service_delivery_days',
  {
    courierServiceId: text('courier_service_id').notNull(),
    vendorId: text('vendor_id').notNull(),
    /** YYYY-MM-DD, UK calendar: the day the order was marked delivered. */
    day: text('day').notNull(),
    delivered: integer('delivered').notNull().default(0),
    onTime: integer('on_time').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.courierServiceId, t.day] }),
    index('service_delivery_days_day_idx').on(t.day),
  ],
);

/**
 * Each courier's record per UK day (docs/claims-and-returns.md, "Courier records"): orders paid,
 * adjustments filed, claims filed, claims decided for good and how many of those were accepted in
 * full or in part. Moved in the transaction of each event, so the 90-day record is a sum over at
 * most 90 rows per courier and slides by day, as the on-time window does.
 */
export const courierRecordDays = sqliteTable(
  'courier_record_days',
  {
    vendorId: text('vendor_id').notNull(),
    /** YYYY-MM-DD, UK calendar: the day of the event counted. */
    day: text('day').notNull(),
    orders: integer('orders').notNull().default(0),
    adjustments: integer('adjustments').notNull().default(0),
    claims: integer('claims').notNull().default(0),
    claimsDecided: integer('claims_decided').notNull().default(0),
    claimsAccepted: integer('claims_accepted').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vendorId, t.day] }), index('courier_record_days_day_idx').on(t.day)],
);

/**
 * Each order's part in the scores: the date promised at booking (captured when it is paid, before
 * a courier can move it) and, once delivered, whether it was on time. The primary key makes
 * counting a delivery happen once however often the outbox delivers its event.
 */
export const orderScores = sqliteTable('order_scores', {
  orderId: text('order_id').primaryKey(),
  /** YYYY-MM-DD; null when the order had none (orders made from jobs without a date). */
  promisedDate: text('promised_date'),
  deliveredDay: text('delivered_day'),
  onTime: integer('on_time', { mode: 'boolean' }),
});

/** Bumped with every score change, so other API processes reload their score board. */
export const scoreVersion = sqliteTable('score_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});
