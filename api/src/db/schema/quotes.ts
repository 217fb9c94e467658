import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, id, timestamp } from './columns';

export type ServiceType = 'domestic' | 'international' | 'same_day';
export type Currency = 'GBP' | 'EUR' | 'USD';

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
 * A stored quote: the request, who asked (user or partner widget, when known), and when it stops
 * being bookable. Every quote request is one row, which is also the admin's quote log.
 */
export const quotes = sqliteTable(
  'quotes',
  {
    id: id(),
    request: text('request', { mode: 'json' }).$type<QuoteRequestRecord>().notNull(),
    serviceType: text('service_type', { enum: ['domestic', 'international', 'same_day'] }).notNull(),
    userId: text('user_id'),
    partnerId: text('partner_id'),
    optionCount: integer('option_count').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [index('quotes_created_idx').on(t.createdAt), index('quotes_partner_idx').on(t.partnerId)],
);

/**
 * One priced option of a quote, frozen at quote time: a booking refers to it and re-uses this
 * price; a price sent by a client is never trusted. `snapshot` holds the rest of the option as
 * shown (what has no column here) and how its price was built.
 */
export const quoteOptions = sqliteTable(
  'quote_options',
  {
    id: id(),
    quoteId: text('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    courierServiceId: text('courier_service_id').notNull(),
    vendorId: text('vendor_id').notNull(),
    serviceType: text('service_type', { enum: ['domestic', 'international', 'same_day'] }).notNull(),
    currency: text('currency', { enum: ['GBP', 'EUR', 'USD'] }).notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    total: integer('total').notNull(),
    chargeableWeightKg: real('chargeable_weight_kg').notNull(),
    estimatedDelivery: text('estimated_delivery').notNull(),
    snapshot: text('snapshot', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('quote_options_quote_idx').on(t.quoteId)],
);
