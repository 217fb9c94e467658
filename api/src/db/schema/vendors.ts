import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { SameDayPricing, WeightTier } from '../../domain/courier-services';
import { CURRENCIES } from '../../domain/currency';
import {
  DEFAULT_HANDOVER,
  DEFAULT_LABEL_MODE,
  HANDOVER_VALUES,
  LABEL_MODE_VALUES,
} from '../../domain/handover';
import { SERVICE_TYPE_VALUES } from '../../domain/services';
import { COURIER_SERVICE_STATUSES, VENDOR_STATUSES } from '../../domain/statuses';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

export const vendors = sqliteTable('vendors', {
  id: id(),
  ownerId: text('owner_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: VENDOR_STATUSES }).notNull().default('pending'),
  shopName: text('shop_name'),
  /**
   * The public profile's address (/couriers/{slug}): made from the shop name when the vendor is
   * activated, and kept when the shop is renamed so that shared links keep working.
   */
  slug: text('slug').unique(),
  addressLine1: text('address_line1'),
  city: text('city'),
  state: text('state'),
  postalCode: text('postal_code'),
  country: text('country'),
  description: text('description'),
  website: text('website'),
  logoUrl: text('logo_url'),
  vatNumber: text('vat_number'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type { SameDayPricing, WeightTier } from '../../domain/courier-services';

export const courierServices = sqliteTable(
  'courier_services',
  {
    id: id(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    serviceType: text('service_type', { enum: SERVICE_TYPE_VALUES }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('GBP'),
    fromLocation: text('from_location').notNull().default('Any'),
    /** A nation or 'Any' for domestic and same day; for international a list of ISO codes or 'Any'. */
    toLocation: text('to_location', { mode: 'json' }).$type<string | string[]>().notNull(),
    weightTiers: text('weight_tiers', { mode: 'json' }).$type<WeightTier[]>().notNull(),
    maxLengthCm: real('max_length_cm'),
    maxWidthCm: real('max_width_cm'),
    maxHeightCm: real('max_height_cm'),
    maxWeightKg: real('max_weight_kg'),
    volumetricDivisor: integer('volumetric_divisor').notNull().default(5000),
    transitDays: integer('transit_days').notNull().default(2),
    sameDay: text('same_day', { mode: 'json' }).$type<SameDayPricing>(),
    /** How the parcel starts: collected, taken to a drop-off point, or either (docs/dropoff-points.md). */
    handover: text('handover', { enum: HANDOVER_VALUES }).notNull().default(DEFAULT_HANDOVER),
    /** 'printerless': the drop-off point scans a QR code and prints the label itself. */
    labelMode: text('label_mode', { enum: LABEL_MODE_VALUES }).notNull().default(DEFAULT_LABEL_MODE),
    status: text('status', { enum: COURIER_SERVICE_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('courier_services_vendor_idx').on(t.vendorId)],
);
