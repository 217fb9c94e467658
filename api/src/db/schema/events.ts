import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';

/**
 * The durable event outbox (lib/outbox.ts): every event is written in the transaction of the
 * change it reports, in the `{ id, type, created, data }` envelope partners' webhooks use too,
 * so it exists exactly when the change does. Subscribers (mail, webhooks, tracking) receive it
 * later, off the request path.
 */
export const outboxEvents = sqliteTable(
  'outbox_events',
  {
    /** uuidv7: unique and time-ordered, so deliveries go out in the order the changes happened. */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    created: timestamp('created').notNull(),
    data: text('data', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    /**
     * Outside production, the origin of the request that published it when that is not
     * PUBLIC_URL (lib/origin): the links its mail carries go back to where the person browses.
     */
    linkOrigin: text('link_origin'),
  },
  (t) => [index('outbox_events_created_idx').on(t.created)],
);

/** `held`: the subscriber asked to keep it (a disabled webhook endpoint) until released. */
export const OUTBOX_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'held'] as const;

/**
 * One row per event, subscriber and target (a subscriber may fan an event out to several
 * targets: a partner's endpoints, a parcel's recipients; one target is ''). Each is retried on
 * its own with the one failure policy, so one failing endpoint never repeats another's delivery.
 */
export const outboxDeliveries = sqliteTable(
  'outbox_deliveries',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    target: text('target').notNull().default(''),
    status: text('status', { enum: OUTBOX_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    /** Held by the process delivering it until then; a holder that died lets go when it passes. */
    lockedUntil: timestamp('locked_until'),
    lastError: text('last_error'),
    /** Retries are counted from here instead of the event's time after a release or replay. */
    retryFrom: timestamp('retry_from'),
    deliveredAt: timestamp('delivered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.subscriber, t.target] }),
    index('outbox_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
