import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id } from './columns';

/** Mail sent while no SMTP server is configured; read on /dev/mailbox. */
export const outbox = sqliteTable('outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters, kept in the database so several API processes share them. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: integer('reset_at').notNull(),
});

/**
 * Who runs a background job right now, so that a job meant to run once across several API
 * processes does (lib/lease.ts). A holder keeps the lease until `expiresAt`; after that any
 * process may take it over.
 */
export const jobLeases = sqliteTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/**
 * A change counter per table an admin list reads (lib/ra-list.ts): triggers added by the
 * migration bump a table's row in the same transaction as every insert, update and delete of
 * that table, whichever process or tool writes it. A list keeps its counts and keyset cursors
 * under the counters it read in the same snapshot as the page, so a cached count or cursor is
 * never used once the table has changed.
 */
export const tableVersions = sqliteTable('table_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull().default(0),
});
