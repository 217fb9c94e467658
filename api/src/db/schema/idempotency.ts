import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns';

/**
 * Idempotency-Key records (docs/architecture.md §8). The primary key is the scope of a key: the same key sent
 * by another user, or to another route, is a different record. Inserting the row is the lock:
 * whoever inserts it runs the request; everyone else replays or waits. Rows expire after 24 h.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    /** Method and path, e.g. 'POST /api/v1/orders/0193…/payment/capture'. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request body. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['in_progress', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
