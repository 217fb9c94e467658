/**
 * The public tracking page's answer (docs/api.md, Tracking) and the recipient's unsubscribe. Anyone with a
 * code may read a parcel's progress, so the answer is built field by field from what cannot
 * identify a person: statuses, times, fixed descriptions (never the free-text notes), dates, the
 * driver's first name and window a courier gives with "out for delivery" for this purpose,
 * the courier and service, and post town plus postcode district. Lookups are limited per client
 * address, and misses much more tightly, so codes cannot be guessed.
 */

import { parsePostcode } from '@consign/shared/postcodes';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { type OrderAddress, orderEvents, orders, vendors } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import type { Limit } from '../../lib/rate-limit';
import { lossClaimOfferOn } from '../claims';
import { dropOffPointOfOrder } from '../dropoff-points';
import { describeEntry, normaliseTrackingCode, type OrderRow, promisedDelivery } from '../orders';
import { isUnsubscribeToken } from './tracking.token';

/** Every lookup: a recipient refreshing the page is far below it. */
export const TRACKING_LOOKUP_LIMIT: Limit = { name: 'tracking-ip', max: 120, windowSeconds: 600 };
/** Codes that match nothing: a person mistypes a few; a guesser is stopped long before 2^60. */
export const TRACKING_MISS_LIMIT: Limit = { name: 'tracking-miss-ip', max: 10, windowSeconds: 600 };

const NOT_FOUND = 'No parcel has this tracking code';

function placeOf(address: OrderAddress) {
  const uk = address.country === 'GB' ? parsePostcode(address.postcode) : null;
  return { town: address.town, postcodeDistrict: uk?.outward ?? null, country: address.country };
}

export class TrackingService {
  constructor(private readonly deps: AppDeps) {}

  /** The order of a code, counting the lookup against the caller's address; 404 (and a miss) when none. */
  private async orderOf(input: string, address: string): Promise<OrderRow> {
    const { rateLimiter, db } = this.deps;
    await rateLimiter.check(TRACKING_MISS_LIMIT, address);
    await rateLimiter.hit(TRACKING_LOOKUP_LIMIT, address);
    const code = normaliseTrackingCode(input);
    const order = code
      ? await db.query.orders.findFirst({ where: eq(orders.trackingCode, code) })
      : undefined;
    // An unpaid checkout is not a parcel yet: nobody is to follow it.
    if (!order?.paidAt) {
      await rateLimiter.hit(TRACKING_MISS_LIMIT, address);
      throw AppError.notFound(NOT_FOUND);
    }
    return order;
  }

  async track(input: string, address: string) {
    const order = await this.orderOf(input, address);
    const [events, vendor, dropOffPoint, lossClaim] = await Promise.all([
      this.deps.db.query.orderEvents.findMany({
        where: eq(orderEvents.orderId, order.id),
        orderBy: [asc(orderEvents.at)],
      }),
      this.deps.db.query.vendors.findFirst({
        where: eq(vendors.id, order.vendorId),
        columns: { website: true },
      }),
      dropOffPointOfOrder(this.deps.db, order),
      lossClaimOfferOn(this.deps, order),
    ]);
    // Status changes and tracking events; field edits (a tracking number, notes) are the account's business.
    const timeline = events
      .filter((e) => e.kind !== null || e.from !== e.to)
      .filter((e) => e.to !== 'awaiting_payment')
      .map((e) => ({
        at: e.at.toISOString(),
        status: e.to,
        event: e.kind,
        driverName: e.driverName,
        windowFrom: e.windowFrom,
        windowTo: e.windowTo,
        description: describeEntry(e),
      }));
    return {
      code: order.trackingCode as string,
      status: order.status,
      timeline,
      promisedDelivery: promisedDelivery(order),
      delayed: order.revisedDelivery !== null && order.revisedDelivery !== order.estimatedDelivery,
      collectionDate: order.collectionDate,
      courier: { name: order.vendorName, website: vendor?.website ?? null },
      service: { name: order.serviceName, type: order.serviceType },
      origin: placeOf(order.collectionAddress),
      destination: placeOf(order.deliveryAddress),
      dropOffPoint,
      lossClaim,
      updatedAt: order.updatedAt.toISOString(),
    };
  }

  /**
   * The caller's own order of a code with its loss claim offer, for the tracking page's "Claim for
   * a lost parcel": another's order is 404 like no order, so a code tells a stranger nothing more.
   */
  async ownLossClaimOffer(input: string, user: AccessClaims, address: string) {
    const order = await this.orderOf(input, address);
    if (order.customerId !== user.sub) throw AppError.notFound('No order of yours has this tracking code');
    return { orderId: order.id, ...(await lossClaimOfferOn(this.deps, order)) };
  }

  /** Stops the recipient's mail for this parcel; the same answer however often it is used. */
  async unsubscribe(input: string, token: string, address: string): Promise<void> {
    const order = await this.orderOf(input, address);
    if (!isUnsubscribeToken(this.deps.config.jwtSecret, order.id, token)) {
      await this.deps.rateLimiter.hit(TRACKING_MISS_LIMIT, address);
      throw AppError.notFound('This unsubscribe link is not valid');
    }
    if (order.recipientMailStoppedAt) return;
    await this.deps.db
      .update(orders)
      .set({ recipientMailStoppedAt: this.deps.now() })
      .where(eq(orders.id, order.id));
    this.deps.logger.info({ orderId: order.id }, 'recipient unsubscribed from tracking mail');
  }
}
