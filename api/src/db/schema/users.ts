import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp, updatedAt } from './columns';
import { partners } from './partners';

export const USER_ROLES = ['customer', 'vendor', 'partner', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export type PostalAddress = {
  line1: string;
  line2?: string;
  town: string;
  county?: string;
  postcode: string;
  country: string;
};

export const users = sqliteTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    name: text('name'),
    phone: text('phone'),
    address: text('address', { mode: 'json' }).$type<PostalAddress>(),
    avatarUrl: text('avatar_url'),
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    /** The partner shop a `partner` user belongs to (staff invite them); null for every other role. */
    partnerId: text('partner_id').references(() => partners.id),
    emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    googleSub: text('google_sub').unique(),
    /** Set by staff: a disabled account cannot sign in and its bearer tokens stop working. */
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The admin user list's default sort (newest first, the id as tie-breaker).
  (t) => [index('users_created_idx').on(t.createdAt, t.id)],
);

/**
 * A sign-up waiting for its code. Each sign-up for an unverified email is its own row with its
 * own password, name, role and code: the code activates the registration it was sent for and
 * only that one, so nobody can pre-register someone else's address and keep a password in it.
 * Only hashes are kept; the code is replaced on every resend. The client that signed up holds the
 * registration's handle (its hash is kept here): the code is checked against that registration
 * only, so a code mailed for someone else's sign-up of the same address activates nothing.
 */
export const pendingRegistrations = sqliteTable(
  'pending_registrations',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    role: text('role', { enum: ['customer', 'vendor'] }).notNull(),
    /** sha256 of the opaque handle the sign-up answered; null for rows from before handles. */
    handleHash: text('handle_hash'),
    codeHash: text('code_hash'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeExpiresAt: timestamp('code_expires_at'),
    codeSentAt: timestamp('code_sent_at'),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_registrations_email_idx').on(t.email),
    uniqueIndex('pending_registrations_handle_unique').on(t.handleHash),
  ],
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
  (t) => [
    // The per-request account check (lib/auth.ts verifyLive) asks whether the token's family
    // still has a live row of that user: with (family, user, revoked) in one index that is one
    // probe. With the family alone SQLite chose the user index and read every row the account
    // ever had (one per sign-in and per refresh).
    index('refresh_tokens_family_user_idx').on(t.familyId, t.userId, t.revokedAt),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
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
