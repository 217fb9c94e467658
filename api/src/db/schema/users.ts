import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp, updatedAt } from './columns';

export type UserRole = 'customer' | 'vendor' | 'admin';

export type PostalAddress = {
  line1: string;
  line2?: string;
  town: string;
  county?: string;
  postcode: string;
  country: string;
};

export const users = sqliteTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  name: text('name'),
  phone: text('phone'),
  address: text('address', { mode: 'json' }).$type<PostalAddress>(),
  avatarUrl: text('avatar_url'),
  role: text('role', { enum: ['customer', 'vendor', 'admin'] })
    .notNull()
    .default('customer'),
  emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
  googleSub: text('google_sub').unique(),
  /** Set by staff: a disabled account cannot sign in and its bearer tokens stop working. */
  disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One-time email codes (sign-up verification). Only a hash is kept. */
export const emailCodes = sqliteTable(
  'email_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at').notNull(),
    consumedAt: timestamp('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored hashed; a family is one sign-in and all its rotations. */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    revokedAt: timestamp('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
