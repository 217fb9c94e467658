/**
 * Claims for loss or damage (docs/claims-and-returns.md). One row per claim, moved only by
 * features/claims `changeClaim`, which writes the order's timeline entry, the audit row and the
 * outbox event in the same transaction.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CURRENCIES } from '../../domain/currency';
import { REFUND_BEARERS } from '../../domain/finance';
import { CLAIM_KINDS, CLAIM_STATUSES } from '../../domain/statuses';
import { createdAt, id, timestamp } from './columns';
import { orders } from './orders';

export { CLAIM_KINDS, CLAIM_STATUSES, type ClaimKind, type ClaimStatus } from '../../domain/statuses';

export const claims = sqliteTable(
  'claims',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    vendorId: text('vendor_id').notNull(),
    kind: text('kind', { enum: CLAIM_KINDS }).notNull(),
    status: text('status', { enum: CLAIM_STATUSES }).notNull(),
    description: text('description').notNull(),
    /** Uploaded images (/uploads/…) of the parcel and its contents. */
    photos: text('photos', { mode: 'json' }).$type<string[]>().notNull(),
    /** Uploaded proof of value (an invoice or receipt image). */
    proofOfValue: text('proof_of_value', { mode: 'json' }).$type<string[]>().notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** What the customer claims, in minor units, never above `cap`. */
    amountClaimed: integer('amount_claimed').notNull(),
    /** The most this claim could pay when it was filed (docs/claims-and-returns.md, "Caps"). */
    cap: integer('cap').notNull(),
    /** What the courier or staff agreed to pay; null until accepted or part accepted. */
    amountAgreed: integer('amount_agreed'),
    /** Who bears the payment: the courier (when it accepts, or staff say so) or the platform. */
    bearer: text('bearer', { enum: REFUND_BEARERS }),
    /** The courier's answer and its evidence. */
    courierNote: text('courier_note'),
    courierEvidence: text('courier_evidence', { mode: 'json' }).$type<string[]>().notNull().default([]),
    respondedAt: timestamp('responded_at'),
    /** The courier must answer by then, or the claim is escalated to staff. */
    courierDeadline: timestamp('courier_deadline'),
    /** Staff's decision, once made: a rejection is final only then. */
    staffNote: text('staff_note'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at'),
    /** The refund that paid it. */
    refundId: text('refund_id'),
    paidAt: timestamp('paid_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    index('claims_order_idx').on(t.orderId),
    index('claims_vendor_idx').on(t.vendorId, t.createdAt),
    index('claims_customer_idx').on(t.customerId, t.createdAt),
    index('claims_status_deadline_idx').on(t.status, t.courierDeadline),
  ],
);
