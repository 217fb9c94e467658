import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp, updatedAt } from './columns';
import { vendors } from './vendors';

/**
 * The onboarding wizard's answers, one row per vendor. Kept as the vendor types (a draft) so a
 * reload or another device resumes it; `submitted` once the vendor completes it for staff review.
 */
export const vendorOnboarding = sqliteTable('vendor_onboarding', {
  vendorId: text('vendor_id')
    .primaryKey()
    .references(() => vendors.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['draft', 'submitted'] })
    .notNull()
    .default('draft'),
  /** The wizard step (1 to 5) the vendor was on, to resume there. */
  step: integer('step').notNull().default(1),
  answers: text('answers', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  submittedAt: timestamp('submitted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Business documents (licences, insurance certificates). Unlike images in /uploads they are
 * private: stored outside the public folder and served only to their vendor and to admins.
 */
export const vendorDocuments = sqliteTable(
  'vendor_documents',
  {
    id: id(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** The storage key, chosen by the server. */
    key: text('key').notNull().unique(),
    /** The file name the vendor uploaded, for display only. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('vendor_documents_vendor_idx').on(t.vendorId, t.createdAt)],
);
