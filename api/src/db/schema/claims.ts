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

/** A claim payout attempt: written here, pending at PayPal, then paid or failed (money back in the books). */
export const CLAIM_PAYOUT_STATUSES = ['queued', 'pending', 'paid', 'failed'] as const;
export type ClaimPayoutStatus = (typeof CLAIM_PAYOUT_STATUSES)[number];

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
    /**
     * How the agreed amount is paid, fixed at the first attempt to pay: a refund of what was left
     * of the order's payment, and the rest by PayPal payout to `payoutEmail`.
     */
    refundPart: integer('refund_part'),
    payoutPart: integer('payout_part'),
    /** The customer's PayPal email for the payout part; null until given. */
    payoutEmail: text('payout_email'),
    /** The latest payout attempt's state (a copy of `claim_payouts.status`), for reads without a join. */
    payoutStatus: text('payout_status', { enum: CLAIM_PAYOUT_STATUSES }),
    /** Why the latest attempt failed, in PayPal's words. */
    payoutFailure: text('payout_failure'),
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

/**
 * Each attempt to pay a claim's payout part (docs/claims-and-returns.md, "Paying a claim"): one
 * PayPal Payouts batch of one item, both keyed by this row's id (sender_batch_id and
 * sender_item_id), written with its ledger entry before PayPal is asked, so asking again after a
 * crash or a lost answer finds the payout already made. A failed attempt stays as it was; a retry
 * is a new row.
 */
export const claimPayouts = sqliteTable(
  'claim_payouts',
  {
    id: id(),
    claimId: text('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull(),
    /** Who bears it (the claim's bearer): the courier's account, or the platform's when null. */
    vendorId: text('vendor_id'),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    receiver: text('receiver').notNull(),
    status: text('status', { enum: CLAIM_PAYOUT_STATUSES }).notNull().default('queued'),
    provider: text('provider', { enum: ['test', 'paypal'] }).notNull(),
    providerBatchId: text('provider_batch_id').unique(),
    providerItemId: text('provider_item_id').unique(),
    /** PayPal's transaction_status as last seen. */
    providerStatus: text('provider_status'),
    transactionId: text('transaction_id'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
    settledAt: timestamp('settled_at'),
  },
  (t) => [
    index('claim_payouts_claim_idx').on(t.claimId, t.createdAt),
    index('claim_payouts_status_idx').on(t.status),
  ],
);
