import { index, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { OpeningInterval, Weekday } from '../../domain/handover';
import { createdAt, id, timestamp, updatedAt } from './columns';
import { courierServices, vendors } from './vendors';

/** A point's regular week: the openings of each weekday; an empty list is a day it is closed. */
export type WeeklyHours = Record<Weekday, OpeningInterval[]>;

/** A day the point is closed although its week says open (a bank holiday, a stocktake). */
export type ClosedDate = { date: string; reason?: string | undefined };

/**
 * Staff suspend a point (it is offered to nobody until reinstated); a courier closing one keeps
 * the row as 'closed', because orders that chose it still show its name and address.
 */
export const DROPOFF_POINT_STATUSES = ['active', 'suspended', 'closed'] as const;
export type DropoffPointStatus = (typeof DROPOFF_POINT_STATUSES)[number];

/**
 * A place a courier takes parcels over the counter (docs/dropoff-points.md). `lat`/`lon` are the
 * postcode's centroid when the point was saved, from the same centroids same-day distances use, so
 * a search sorts by distance without a look-up per point.
 */
export const dropoffPoints = sqliteTable(
  'dropoff_points',
  {
    id: id(),
    vendorId: text('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** The courier's own code for the point; a CSV import updates the point with the same code. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    town: text('town').notNull(),
    /** Canonical, "SW1A 1AA". */
    postcode: text('postcode').notNull(),
    lat: real('lat').notNull(),
    lon: real('lon').notNull(),
    hours: text('hours', { mode: 'json' }).$type<WeeklyHours>().notNull(),
    closedDates: text('closed_dates', { mode: 'json' }).$type<ClosedDate[]>().notNull(),
    /** The heaviest single parcel the counter takes. */
    maxWeightKg: real('max_weight_kg').notNull(),
    status: text('status', { enum: DROPOFF_POINT_STATUSES }).notNull().default('active'),
    /** Why staff suspended it; shown to the courier. */
    suspendedReason: text('suspended_reason'),
    closedAt: timestamp('closed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('dropoff_points_vendor_code_unique').on(t.vendorId, t.code),
    index('dropoff_points_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** Which of its courier's services a point takes parcels for. */
export const dropoffPointServices = sqliteTable(
  'dropoff_point_services',
  {
    pointId: text('point_id')
      .notNull()
      .references(() => dropoffPoints.id, { onDelete: 'cascade' }),
    serviceId: text('service_id')
      .notNull()
      .references(() => courierServices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.pointId, t.serviceId] }),
    index('dropoff_point_services_service_idx').on(t.serviceId, t.pointId),
  ],
);
