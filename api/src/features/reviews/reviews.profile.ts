/**
 * The courier's public profile (/couriers/{slug}) and the marketplace's review figures: read
 * straight from the tables and the score board, no account needed, nothing personal shown.
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import {
  courierServices,
  reviews,
  serviceDeliveryDays,
  serviceRatings,
  users,
  vendors,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { MIN_RATINGS, scoreBoardFor, vendorNameOf } from '../couriers';
import { toPublicReviewDto } from './reviews.service';

const RECENT_REVIEWS = 20;

export async function courierProfile(deps: AppDeps, slugOrId: string) {
  const { db } = deps;
  const [found] = await db
    .select({ vendor: vendors, ownerName: users.name })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.ownerId))
    .where(and(or(eq(vendors.slug, slugOrId), eq(vendors.id, slugOrId)), eq(vendors.status, 'active')));
  if (!found) throw AppError.notFound('Courier not found');
  const { vendor } = found;
  const [services, rated, delivering, recent, board] = await Promise.all([
    db
      .select()
      .from(courierServices)
      .where(eq(courierServices.vendorId, vendor.id))
      .orderBy(courierServices.serviceType, courierServices.name),
    db
      .select({ id: serviceRatings.courierServiceId })
      .from(serviceRatings)
      .where(eq(serviceRatings.vendorId, vendor.id)),
    db
      .selectDistinct({ id: serviceDeliveryDays.courierServiceId })
      .from(serviceDeliveryDays)
      .where(eq(serviceDeliveryDays.vendorId, vendor.id)),
    db
      .select()
      .from(reviews)
      .where(eq(reviews.vendorId, vendor.id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(RECENT_REVIEWS),
    scoreBoardFor(db).read(deps.now()),
  ]);
  // Services since withdrawn or deleted still count towards the courier's record.
  const everyService = new Set([
    ...services.map((s) => s.id),
    ...rated.map((r) => r.id),
    ...delivering.map((d) => d.id),
  ]);
  return {
    id: vendor.id,
    slug: vendor.slug,
    name: vendorNameOf(vendor.shopName, found.ownerName),
    logoUrl: vendor.logoUrl,
    description: vendor.description,
    website: vendor.website,
    city: vendor.city,
    memberSince: vendor.createdAt.toISOString(),
    ...board.combined(everyService),
    record: board.record(vendor.id),
    services: services
      .filter((s) => s.status === 'active')
      .map((s) => ({
        id: s.id,
        name: s.name,
        serviceType: s.serviceType,
        transitDays: s.transitDays,
        ...board.score(s.id),
      })),
    reviews: recent.map(toPublicReviewDto),
  };
}

/** Every review on Consign: what the marketing copy may claim. One row per rated service. */
export async function reviewSummary(deps: AppDeps) {
  const [row] = await deps.db
    .select({
      sum: sql<number>`coalesce(sum(${serviceRatings.ratingSum}), 0)`,
      count: sql<number>`coalesce(sum(${serviceRatings.ratingCount}), 0)`,
    })
    .from(serviceRatings);
  const count = Number(row?.count ?? 0);
  const sum = Number(row?.sum ?? 0);
  return { count, average: count >= MIN_RATINGS ? Math.round((sum / count) * 10) / 10 : null };
}
