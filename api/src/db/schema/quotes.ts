import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CURRENCIES, type Currency } from '../../domain/currency';
import { SERVICE_TYPE_VALUES, type ServiceType } from '../../domain/services';
import { createdAt, id, timestamp } from './columns';

export type { Currency, ServiceType };

export type ParcelInput = { length: number; width: number; height: number; weight: number };

/** What the customer asked for, as validated; kept for the price lock and the admin's quote log. */
export type QuoteRequestRecord = {
  serviceType: ServiceType;
  from?: string;
  to?: string;
  fromPostcode?: string;
  toPostcode?: string;
  parcels: ParcelInput[];
  /** The collection day the options' delivery dates assume (absent on quotes made before it was kept). */
  collectionDate?: string;
};

/**
 * One stored option, positionally: [service facts id (`quote_services.id`), net, vat, total,
 * chargeable kg, billed by volume (1) or actual weight (0), estimated delivery as days since
 * 1970-01-01]. Arrays rather than objects because 50 of them make up most of a quote's bytes;
 * everything else an option shows is either the quote's (type, distance) or the service's.
 */
export type StoredOption = [
  serviceRef: number,
  net: number,
  vat: number,
  total: number,
  chargeableWeightKg: number,
  volumetric: 0 | 1,
  deliveryDay: number,
];

/**
 * A stored quote: one row holding the request, every option priced for it (the price lock a
 * booking re-reads) and when it stops being bookable. An option's id is `<quote id>.<position>`.
 * Quotes never booked are deleted some days after expiry by the retention job; `quote_log`
 * keeps a small line for each.
 */
export const quotes = sqliteTable(
  'quotes',
  {
    id: id(),
    request: text('request', { mode: 'json' }).$type<QuoteRequestRecord>().notNull(),
    serviceType: text('service_type', { enum: SERVICE_TYPE_VALUES }).notNull(),
    userId: text('user_id'),
    partnerId: text('partner_id'),
    options: text('options', { mode: 'json' }).$type<StoredOption[]>().notNull().default([]),
    /** Same day only: the road miles every option was priced on, and where they came from. */
    distanceMiles: real('distance_miles'),
    distanceSource: text('distance_source', { enum: ['estimate', 'maps'] }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
    /** Set by the first booking of one of its options; a booked quote is kept for good. */
    bookedAt: timestamp('booked_at'),
  },
  // Only what the retention job needs: the admin reads quote_log, bookings use the primary key.
  (t) => [index('quotes_expires_idx').on(t.expiresAt)],
);

/**
 * What a quote option shows and a booking needs of its courier service, frozen: one row per
 * distinct set of facts, shared by every quote that offered the service while they held.
 * `facts` is the JSON of `ServiceFacts` (quotes.service.ts), unique so that every process
 * finds the same row for the same facts.
 */
export const quoteServices = sqliteTable('quote_services', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  facts: text('facts').notNull().unique(),
});

/**
 * The quote log: one small row per quote, written with the quote and kept after the quote
 * itself is deleted. What the admin's quote list and quotes-per-day chart read.
 */
export const quoteLog = sqliteTable(
  'quote_log',
  {
    /** The quote's id. */
    id: text('id').primaryKey(),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    serviceType: text('service_type', { enum: SERVICE_TYPE_VALUES }).notNull(),
    /** Nation, GB or collection postcode. */
    from: text('from'),
    /** Nation, destination ISO code or delivery postcode. */
    to: text('to'),
    parcels: text('parcels', { mode: 'json' }).$type<ParcelInput[]>().notNull(),
    optionCount: integer('option_count').notNull(),
    /** The cheapest option's total in minor units of `currency`; null when nothing fitted. */
    cheapestTotal: integer('cheapest_total'),
    currency: text('currency', { enum: CURRENCIES }),
    userId: text('user_id'),
    partnerId: text('partner_id'),
  },
  (t) => [
    index('quote_log_created_idx').on(t.createdAt),
    index('quote_log_partner_idx').on(t.partnerId, t.createdAt),
  ],
);
