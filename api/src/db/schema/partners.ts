import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { PARTNER_STATUSES } from '../../domain/statuses';
import { createdAt, id, timestamp, updatedAt } from './columns';

export { PARTNER_STATUSES, type PartnerStatus } from '../../domain/statuses';

/**
 * A shop that embeds the widget. Publishable keys are public by design (they sit in the partner's
 * page source), so they are stored as they are; what protects a key is the list of origins it
 * works from, its status and its rate limit. After a rotation the previous key keeps working
 * until `previousKeyExpiresAt`, so a partner can redeploy without a gap.
 */
export const partners = sqliteTable(
  'partners',
  {
    id: id(),
    name: text('name').notNull(),
    mode: text('mode', { enum: ['test', 'live'] }).notNull(),
    publishableKey: text('publishable_key').notNull().unique(),
    previousKey: text('previous_key').unique(),
    previousKeyExpiresAt: timestamp('previous_key_expires_at'),
    /** Exact origins (`https://shop.example`) or any port of one host (`http://127.0.0.1:*`). */
    allowedOrigins: text('allowed_origins', { mode: 'json' }).$type<string[]>().notNull(),
    status: text('status', { enum: PARTNER_STATUSES }).notNull().default('active'),
    /** Publishable-key calls (quotes and metadata) allowed per minute. */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(60),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('partners_created_idx').on(t.createdAt)],
);
