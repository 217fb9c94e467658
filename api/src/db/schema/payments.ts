import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CURRENCIES } from '../../domain/currency';
import { PAYMENT_STATUSES } from '../../domain/statuses';
import { createdAt, id, timestamp, updatedAt } from './columns';
import { orders } from './orders';

export { PAYMENT_STATUSES, type PaymentStatus } from '../../domain/statuses';

/**
 * One provider payment for one order, one job, one batch charge or one adjustment (never two of them). The unique columns are the
 * database-level guards that make "record the capture once" hold across API processes:
 * one payment row per order or job, one row per provider order, and one per capture.
 * The status only moves forward with conditional updates (`… WHERE status = 'created'`).
 */
export const payments = sqliteTable(
  'payments',
  {
    id: id(),
    orderId: text('order_id').references(() => orders.id),
    jobId: text('job_id'),
    /** A batch's charge (features/batches): one payment for several rows. */
    batchChargeId: text('batch_charge_id'),
    /** A weight or size adjustment's difference (features/adjustments), paid on its own. */
    adjustmentId: text('adjustment_id'),
    /** A partner's payment for the returns it pays for (features/returns, return_charges). */
    returnChargeId: text('return_charge_id'),
    provider: text('provider', { enum: ['test', 'paypal'] }).notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    approveUrl: text('approve_url'),
    captureId: text('capture_id').unique(),
    /** Minor units. */
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    /**
     * Counts definitive failures (a declined instrument, a denied capture). Provider request ids
     * include it, so that a retry after a failure that moved no money is a new request, while a
     * retry after an unknown outcome (timeout) repeats the same id and cannot pay twice.
     */
    attempt: integer('attempt').notNull().default(1),
    /** The PayPal-Request-Id the provider order was created with. */
    requestId: text('request_id').notNull(),
    /** Set while one request is talking to the provider about the capture; see capture claim. */
    captureStartedAt: timestamp('capture_started_at'),
    capturedAt: timestamp('captured_at'),
    refundId: text('refund_id'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    refundedAt: timestamp('refunded_at'),
    /** The provider's words for the last failure, for support. */
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_order_unique').on(t.orderId),
    uniqueIndex('payments_job_unique').on(t.jobId),
    uniqueIndex('payments_batch_charge_unique').on(t.batchChargeId),
    uniqueIndex('payments_adjustment_unique').on(t.adjustmentId),
    uniqueIndex('payments_return_charge_unique').on(t.returnChargeId),
    index('payments_status_idx').on(t.status),
  ],
);

/**
 * Provider webhook deliveries seen. PayPal delivers an event again until it gets a 2xx and may
 * deliver it twice anyway; the unique (provider, event id) lets exactly one delivery act.
 */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    id: id(),
    provider: text('provider', { enum: ['test', 'paypal'] }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    resourceId: text('resource_id'),
    /** What handling the event did, for support: e.g. 'recorded capture', 'ignored: unknown order'. */
    outcome: text('outcome'),
    receivedAt: timestamp('received_at').notNull(),
    processedAt: timestamp('processed_at'),
  },
  (t) => [uniqueIndex('webhook_events_provider_event_unique').on(t.provider, t.eventId)],
);
