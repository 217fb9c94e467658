/**
 * The books (docs/payments.md, "The money model"): commission rates and their snapshots, the
 * append-only ledger, refunds, receipts and credit notes, payout accounts and payouts.
 *
 * The ledger is written in the same transaction as the change that causes each entry (a capture,
 * a refund, a job accepted, a payout) and never updated or deleted: a mistake is put right by new
 * entries. Amounts are signed minor units: money into an account is positive.
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CURRENCIES } from '../../domain/currency';
import {
  LEDGER_ACCOUNTS,
  LEDGER_KINDS,
  PAYOUT_BATCH_STATUSES,
  PAYOUT_ITEM_STATUSES,
  REFUND_BEARERS,
} from '../../domain/finance';
import { createdAt, id, timestamp } from './columns';
import { payments } from './payments';
import { vendors } from './vendors';

/** A courier's own commission, set by staff (audited); couriers without a row pay the configured default. */
export const commissionRates = sqliteTable('commission_rates', {
  vendorId: text('vendor_id')
    .primaryKey()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  /** Hundredths of a percent: 1250 is 12.5 %. */
  percentBp: integer('percent_bp').notNull(),
  /** Minor units of the order's currency, added per order. */
  fixed: integer('fixed').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});

/**
 * The commission in force when an order was paid (or, for an order made from a job, accepted; or
 * a weight adjustment's difference paid):
 * later changes to the rate never touch it.
 */
export const orderCommissions = sqliteTable(
  'order_commissions',
  {
    orderId: text('order_id').notNull(),
    vendorId: text('vendor_id').notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** What the customer paid for the order. */
    gross: integer('gross').notNull(),
    percentBp: integer('percent_bp').notNull(),
    fixed: integer('fixed').notNull(),
    /** The commission itself: gross x percent, rounded half up, plus fixed, never more than gross. */
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  // One per payment of the order (its price, a weight adjustment's difference: features/adjustments),
  // and several per payment when it is split (a batch's charge pays one order per row).
  (t) => [
    primaryKey({ columns: [t.orderId, t.paymentId] }),
    index('order_commissions_payment_idx').on(t.paymentId),
  ],
);

export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: id(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** Set for courier entries, null for the platform's and unassigned ones. */
    vendorId: text('vendor_id'),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Signed minor units: positive into the account. */
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    paymentId: text('payment_id'),
    orderId: text('order_id'),
    refundId: text('refund_id'),
    payoutItemId: text('payout_item_id'),
    /** The movement recorded: the payment's id for a capture or a job accepted, else the refund's or payout item's. */
    ref: text('ref').notNull(),
    /** Why, for people: the refund's or the returned payout's reason. */
    memo: text('memo'),
    at: timestamp('at').notNull(),
  },
  (t) => [
    index('ledger_vendor_at_idx').on(t.vendorId, t.currency, t.at, t.id),
    index('ledger_payment_idx').on(t.paymentId),
    index('ledger_order_idx').on(t.orderId),
    index('ledger_account_kind_at_idx').on(t.account, t.kind, t.at),
    // A capture, an assignment, a refund and a payout item are each written once: a second write
    // of the same movement fails instead of counting money twice.
    uniqueIndex('ledger_movement_unique').on(t.account, t.kind, t.ref),
  ],
);

/**
 * Each refund of a payment, full or part. The row is written before the provider is asked, with
 * the request id PayPal will see, so a refund whose answer was lost (a crash, a timeout) is asked
 * again with the same id by the reconciler and happens once. One refund at a time per payment.
 */
export const refunds = sqliteTable(
  'refunds',
  {
    id: id(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    /** 1 for the payment's first refund, then 2, 3…: part of the provider request id. */
    seq: integer('seq').notNull(),
    /** The order of a split payment (a batch's) the refund is for; null: the payment's only order. */
    orderId: text('order_id'),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    bearer: text('bearer', { enum: REFUND_BEARERS }).notNull().default('courier'),
    reason: text('reason').notNull(),
    /** Who asked: a user id, or null for the system (cancellation, reconciler, the provider's own). */
    actorId: text('actor_id'),
    actorRole: text('actor_role', { enum: ['customer', 'vendor', 'admin', 'system'] }).notNull(),
    status: text('status', { enum: ['requested', 'completed', 'failed'] })
      .notNull()
      .default('requested'),
    requestId: text('request_id').notNull().unique(),
    providerRefundId: text('provider_refund_id').unique(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at'),
  },
  (t) => [
    uniqueIndex('refunds_payment_seq_unique').on(t.paymentId, t.seq),
    uniqueIndex('refunds_one_in_flight').on(t.paymentId).where(sql`status = 'requested'`),
    index('refunds_status_idx').on(t.status, t.createdAt),
  ],
);

/** A VAT receipt per captured payment, numbered in the order payments were taken. */
export const receipts = sqliteTable('receipts', {
  id: id(),
  number: integer('number').notNull().unique(),
  paymentId: text('payment_id')
    .notNull()
    .unique()
    .references(() => payments.id),
  amount: integer('amount').notNull(),
  currency: text('currency', { enum: CURRENCIES }).notNull(),
  issuedAt: timestamp('issued_at').notNull(),
});

/** A credit note per completed refund, referring to the payment's receipt. */
export const creditNotes = sqliteTable('credit_notes', {
  id: id(),
  number: integer('number').notNull().unique(),
  receiptId: text('receipt_id')
    .notNull()
    .references(() => receipts.id),
  refundId: text('refund_id')
    .notNull()
    .unique()
    .references(() => refunds.id),
  amount: integer('amount').notNull(),
  currency: text('currency', { enum: CURRENCIES }).notNull(),
  issuedAt: timestamp('issued_at').notNull(),
});

/**
 * Where a courier is paid: a PayPal email, confirmed by a code mailed to it. A new email waits
 * in `pendingEmail` until its code is entered; the confirmed one keeps being used meanwhile.
 */
export const payoutAccounts = sqliteTable('payout_accounts', {
  vendorId: text('vendor_id')
    .primaryKey()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  paypalEmail: text('paypal_email'),
  verifiedAt: timestamp('verified_at'),
  pendingEmail: text('pending_email'),
  codeHash: text('code_hash'),
  codeExpiresAt: timestamp('code_expires_at'),
  codeAttempts: integer('code_attempts').notNull().default(0),
  updatedAt: timestamp('updated_at').notNull(),
});

/** One payout run: one PayPal Payouts batch, keyed by its sender_batch_id (our id). */
export const payoutBatches = sqliteTable(
  'payout_batches',
  {
    id: id(),
    status: text('status', { enum: PAYOUT_BATCH_STATUSES }).notNull().default('created'),
    provider: text('provider', { enum: ['test', 'paypal'] }).notNull(),
    providerBatchId: text('provider_batch_id').unique(),
    trigger: text('trigger', { enum: ['staff', 'schedule'] }).notNull(),
    actorId: text('actor_id'),
    itemCount: integer('item_count').notNull(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at'),
    /** When its items were last brought up to date from the provider. */
    checkedAt: timestamp('checked_at'),
    closedAt: timestamp('closed_at'),
  },
  (t) => [index('payout_batches_status_idx').on(t.status, t.createdAt)],
);

export const payoutItems = sqliteTable(
  'payout_items',
  {
    id: id(),
    batchId: text('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    vendorId: text('vendor_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** The confirmed PayPal email at the time of the run. */
    receiver: text('receiver').notNull(),
    status: text('status', { enum: PAYOUT_ITEM_STATUSES }).notNull().default('queued'),
    /** PayPal's transaction_status as last seen (SUCCESS, UNCLAIMED, FAILED…). */
    providerStatus: text('provider_status'),
    providerItemId: text('provider_item_id').unique(),
    transactionId: text('transaction_id'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
    /** Set when it settled: paid, or back in the balance. */
    settledAt: timestamp('settled_at'),
  },
  (t) => [
    index('payout_items_vendor_idx').on(t.vendorId, t.createdAt),
    index('payout_items_batch_idx').on(t.batchId),
  ],
);
