import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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
    /** Publishable-key calls (quotes and metadata) allowed per minute from one client address. */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(60),
    /** The ceiling for all of a publishable key's calls a minute, every shopper together. */
    keyRateLimitPerMinute: integer('key_rate_limit_per_minute').notNull().default(3000),
    /** Calls a minute made with the partner's secret keys (server to server). */
    secretKeyRateLimitPerMinute: integer('secret_key_rate_limit_per_minute').notNull().default(600),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('partners_created_idx').on(t.createdAt)],
);

/**
 * Secret keys (`sk_test_…`/`sk_live_…`) for a partner's server. Only an HMAC-SHA256 of the key
 * (keyed with the app's secret) is kept: keys are 192 random bits, so a fast keyed hash is as
 * safe as a slow one and lets every request find its key by one indexed lookup. `prefix` (the
 * first 12 characters) is what people see to tell keys apart. A rotated key keeps working until
 * `expiresAt`; a revoked one stops at once.
 */
export const partnerSecretKeys = sqliteTable(
  'partner_secret_keys',
  {
    id: id(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['test', 'live'] }).notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    expiresAt: timestamp('expires_at'),
    revokedAt: timestamp('revoked_at'),
    lastUsedAt: timestamp('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_secret_keys_hash_idx').on(t.keyHash),
    index('partner_secret_keys_partner_idx').on(t.partnerId, t.createdAt),
  ],
);

/**
 * Where a partner's server wants its events (features/webhooks). `secret` (`whsec_…`) signs
 * every delivery, so it must be readable to the sender: it is stored sealed (AES-256-GCM under a
 * key derived from JWT_SECRET, bound to the row; lib/sealed-secrets.ts), and shown to the
 * partner once. A row from before sealing holds it in clear until its first delivery seals it.
 * `failingSince` is when the current run of failures began; three days of it disables the
 * endpoint, and re-enabling it resends what it missed.
 */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: id(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    description: text('description'),
    secret: text('secret').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at'),
    failingSince: timestamp('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_partner_idx').on(t.partnerId, t.createdAt)],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/**
 * The delivery log partners read: one row per attempt to send one event to one endpoint (the
 * outbox keeps the retry state; this keeps what happened). `pending` is an attempt asked for
 * (a replay) and not yet made.
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    partnerId: text('partner_id').notNull(),
    /** The webhook event's id (the Consign-Event-Id header). */
    eventId: text('event_id').notNull(),
    /** The outbox delivery it belongs to (event and target), which a replay releases again. */
    outboxEventId: text('outbox_event_id').notNull(),
    target: text('target').notNull(),
    eventType: text('event_type').notNull(),
    attempt: integer('attempt').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_outbox_idx').on(t.outboxEventId, t.target),
  ],
);
