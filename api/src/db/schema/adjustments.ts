/**
 * Weight and size adjustments (docs/claims-and-returns.md, "Adjustments"). One row per
 * adjustment a courier files after measuring a parcel heavier or larger than booked, moved only
 * by features/adjustments `moveAdjustment`, which writes the order's timeline entry, the audit
 * row and the outbox event in the same transaction. The prices are worked out from the courier's
 * rate card when it is filed, never typed in.
 */
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CURRENCIES } from '../../domain/currency';
import { ADJUSTMENT_STATUSES } from '../../domain/statuses';
import { createdAt, id, timestamp } from './columns';
import { orders } from './orders';
import type { ParcelInput } from './quotes';

export { ADJUSTMENT_STATUSES, type AdjustmentStatus } from '../../domain/statuses';

export const adjustments = sqliteTable(
  'adjustments',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    vendorId: text('vendor_id').notNull(),
    status: text('status', { enum: ADJUSTMENT_STATUSES }).notNull(),
    /** The parcels as booked and as the courier measured them (cm, kg), in the same order. */
    bookedParcels: text('booked_parcels', { mode: 'json' }).$type<ParcelInput[]>().notNull(),
    measuredParcels: text('measured_parcels', { mode: 'json' }).$type<ParcelInput[]>().notNull(),
    bookedChargeableKg: real('booked_chargeable_kg').notNull(),
    measuredChargeableKg: real('measured_chargeable_kg').notNull(),
    /** The uploaded photo of the parcel on the courier's scales or against its measure (/uploads/…). */
    photos: text('photos', { mode: 'json' }).$type<string[]>().notNull(),
    note: text('note'),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** What the customer paid for carriage (net + VAT, the order's cover fee aside), minor units. */
    bookedPrice: integer('booked_price').notNull(),
    /** The carriage price with the measured parcels: the booked price plus the difference. */
    adjustedPrice: integer('adjusted_price').notNull(),
    /** What the customer owes on acceptance or when staff uphold it (adjustedPrice - bookedPrice). */
    difference: integer('difference').notNull(),
    /** The customer's reason for disputing. */
    disputeReason: text('dispute_reason'),
    disputedAt: timestamp('disputed_at'),
    /** Staff's decision on a dispute. */
    staffNote: text('staff_note'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at'),
    acceptedAt: timestamp('accepted_at'),
    paidAt: timestamp('paid_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    index('adjustments_order_idx').on(t.orderId),
    index('adjustments_vendor_idx').on(t.vendorId, t.createdAt),
    index('adjustments_status_idx').on(t.status, t.createdAt),
  ],
);
