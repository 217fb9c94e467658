import { index, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Exact postcode centroids (WGS84) loaded by `pnpm postcodes:import` from an ONS Postcode
 * Directory CSV. Empty on a new database: same-day distances then use the embedded
 * postcode-area centroids. `postcode` is the canonical form, "SW1A 1AA", as parseUkPostcode
 * gives it; `outward` ("SW1A") lets a postcode the file does not list (a new build) use the
 * average of its district instead of the much coarser area.
 */
export const postcodes = sqliteTable(
  'postcodes',
  {
    postcode: text('postcode').primaryKey(),
    outward: text('outward').notNull(),
    lat: real('lat').notNull(),
    lon: real('lon').notNull(),
  },
  (t) => [index('postcodes_outward_idx').on(t.outward)],
);
