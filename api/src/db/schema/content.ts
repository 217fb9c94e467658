import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp, updatedAt } from './columns';
import { partners } from './partners';
import { users } from './users';

/**
 * One row (id 1) counting changes to anything the courier catalogue caches: courier services and
 * vendor status or names. Every such write bumps it in its own transaction, so API processes
 * that keep the catalogue in memory can tell from this single row that theirs is stale.
 */
export const catalogVersion = sqliteTable('catalog_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});

/**
 * Files uploaded (logos, avatars, claim photos); kept to enforce the daily quota. Each has one
 * uploader: a person (`ownerId`) or a partner's server through a secret key (`partnerId`).
 */
export const uploads = sqliteTable(
  'uploads',
  {
    id: id(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    partnerId: text('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    /** The stored object's name, also its path under /uploads/. */
    key: text('key').notNull().unique(),
    bytes: integer('bytes').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_owner_created_idx').on(t.ownerId, t.createdAt),
    index('uploads_partner_created_idx').on(t.partnerId, t.createdAt),
    check('uploads_one_uploader', sql`(owner_id is null) <> (partner_id is null)`),
  ],
);

/** Articles shown on the quote landing pages (/:slug). `html` is sanitised when served. */
export const articles = sqliteTable('articles', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Messages sent through the contact form; kept even when mailing staff fails. */
export const contactMessages = sqliteTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  /** The sender's network address, for abuse handling. */
  address: text('address'),
  /** When staff were emailed; null when sending failed, so it can be retried. */
  notifiedAt: timestamp('notified_at'),
  /** When staff marked it handled in the admin console (null: still to answer). */
  handledAt: timestamp('handled_at'),
  createdAt: createdAt(),
});
