/**
 * Shipping at volume (docs/batches.md): the address book and saved parcel sizes a customer books
 * from, and batches of shipments booked and paid together.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CURRENCIES } from '../../domain/currency';
import { createdAt, id, timestamp, updatedAt } from './columns';
import type { OrderAddress } from './orders';
import { partners } from './partners';
import { users } from './users';

/** A saved address with the owner's own label ("Warehouse", "Mum"). */
export const addressBookEntries = sqliteTable(
  'address_book_entries',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** The label lower-cased: labels are unique per owner whatever their case. */
    labelKey: text('label_key').notNull(),
    address: text('address', { mode: 'json' }).$type<OrderAddress>().notNull(),
    /** At most one per owner: the sender a booking or a batch row starts from. */
    defaultSender: integer('default_sender', { mode: 'boolean' }).notNull().default(false),
    /** Label, name, street, town and postcode, lower-cased: what the search box looks through. */
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('address_book_owner_label_unique').on(t.userId, t.labelKey)],
);

/** A parcel size the owner sends often ("Shoebox"): centimetres and kilograms, as a quote takes. */
export const savedParcels = sqliteTable(
  'saved_parcels',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    labelKey: text('label_key').notNull(),
    length: real('length').notNull(),
    width: real('width').notNull(),
    height: real('height').notNull(),
    weight: real('weight').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('saved_parcels_owner_label_unique').on(t.userId, t.labelKey)],
);

export const BATCH_RULES = ['cheapest', 'fastest', 'preferred'] as const;
export type BatchRule = (typeof BATCH_RULES)[number];

export const BATCH_ROW_STATUSES = ['invalid', 'valid', 'dropped', 'paid', 'booked', 'failed'] as const;
export type BatchRowStatus = (typeof BATCH_ROW_STATUSES)[number];

/** A batch: up to 500 shipments uploaded together, priced by one rule and paid together. */
export const batches = sqliteTable(
  'batches',
  {
    id: id(),
    /** The customer the orders are booked for (a partner's batch: the partner user). */
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    /** Set for a partner's batch (secret key or partner session): webhooks go to this partner. */
    partnerId: text('partner_id').references(() => partners.id),
    name: text('name').notNull(),
    source: text('source', { enum: ['csv', 'json'] }).notNull(),
    rule: text('rule', { enum: BATCH_RULES }).notNull(),
    /** With rule `preferred`: a courier's name or id. */
    preferredCourier: text('preferred_courier'),
    /** What a row falls back to when the preferred courier cannot carry it. */
    fallback: text('fallback', { enum: ['cheapest', 'fastest'] })
      .notNull()
      .default('cheapest'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('batches_owner_created_idx').on(t.ownerId, t.createdAt, t.id)],
);

/**
 * One payment for some of a batch's rows: one provider order, an item per row. A batch may have
 * several (rows fixed after the first was paid are paid later); a charge whose rows changed
 * before it was paid is voided, and a payment for it that arrives anyway is refunded.
 */
export const batchCharges = sqliteTable(
  'batch_charges',
  {
    id: id(),
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    /** Minor units: the sum of its rows' totals. */
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    rowCount: integer('row_count').notNull(),
    status: text('status', { enum: ['open', 'paid', 'void'] })
      .notNull()
      .default('open'),
    /** The prices hold until then (the row quotes' expiry). */
    priceValidUntil: timestamp('price_valid_until').notNull(),
    paidAt: timestamp('paid_at'),
    /** Set once every paid row is booked or failed, with the `batch.completed` event. */
    completedAt: timestamp('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('batch_charges_batch_idx').on(t.batchId)],
);

export type BatchRowError = { path: string; column: string | null; message: string };

export type BatchRowChoice = {
  courierServiceId: string;
  serviceName: string;
  vendorId: string;
  vendorName: string;
  currency: (typeof CURRENCIES)[number];
  net: number;
  vat: number;
  coverFee: number;
  /** net + vat + coverFee: what the row costs. */
  total: number;
  estimatedDelivery: string;
  /** How it was chosen: the batch's rule, the row's own service or courier, or the fallback. */
  by: 'cheapest' | 'fastest' | 'preferred' | 'fallback' | 'service' | 'courier';
  /** Why the preferred courier was passed over, when it was. */
  note: string | null;
};

export const batchRows = sqliteTable(
  'batch_rows',
  {
    /** Also the id of the order the row becomes: the booking's idempotency key. */
    id: id(),
    batchId: text('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    /** 1-based place in the batch. */
    position: integer('position').notNull(),
    /** The line of the CSV file it came from (the header is line 1); null for JSON rows. */
    line: integer('line'),
    /** The row as sent, normalised (features/batches/batch-row.ts `BatchRowInput`). */
    input: text('input', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: BATCH_ROW_STATUSES }).notNull(),
    errors: text('errors', { mode: 'json' }).$type<BatchRowError[]>().notNull(),
    choice: text('choice', { mode: 'json' }).$type<BatchRowChoice>(),
    /** The charge that pays (or paid) for the row. */
    chargeId: text('charge_id').references(() => batchCharges.id),
    /** The stored quote option the row is booked from, fixed when its payment starts. */
    quoteOptionId: text('quote_option_id'),
    /** Minor units charged for the row. */
    amount: integer('amount'),
    /** Set once the order exists (it has the row's id). */
    orderId: text('order_id'),
    /** Why booking the paid row failed; the row can be fixed and retried. */
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('batch_rows_batch_position_unique').on(t.batchId, t.position),
    index('batch_rows_charge_idx').on(t.chargeId),
  ],
);
