import { outwardCode } from '@consign/shared/postcodes';
import { and, asc, desc, eq, gte, isNotNull, like, lt, sql } from 'drizzle-orm';
import type { AppDeps, KeyPartner } from '../../context';
import { type OrderStatus, orderEvents, orders, partners, quoteLog } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { decodeCursor, nextCursor, olderThan } from '../../lib/pagination';
import { orderMoney, orderReference, paidSql, refundedSql, trackingUrl } from '../orders';
import { isBooking } from './partner-bookings';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The outward code of a UK postcode (`LS10 1JF` → `LS10`, @consign/shared's parser); abroad, the
 * first part of it.
 */
function postcodeDistrict(postcode: string): string {
  const outward = outwardCode(postcode);
  if (outward) return outward;
  const compact = postcode.trim().toUpperCase().replace(/\s+/g, ' ');
  const [first = ''] = compact.includes(' ') ? compact.split(' ') : [compact.slice(0, -3) || compact];
  return first;
}

type OrderRow = typeof orders.$inferSelect;

/** No names, street lines, emails or phone numbers: the partner needs none of them. */
function toPartnerOrder(row: OrderRow, refunded: number, deliveredAt: Date | null, publicUrl: string) {
  return {
    reference: orderReference(row.id),
    status: row.status,
    serviceType: row.serviceType,
    courier: { name: row.vendorName },
    service: { name: row.serviceName },
    totalPence: row.total,
    refundedPence: orderMoney({ status: row.status, paid: row.paidAt ? row.total : 0, refunded }).refunded,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    collectionDate: row.collectionDate,
    paidAt: row.paidAt?.toISOString() ?? null,
    deliveredAt: deliveredAt?.toISOString() ?? null,
    trackingNumber: row.trackingNumber,
    // The public tracking page answers only once the order is paid.
    trackingUrl: row.trackingCode && row.paidAt ? trackingUrl(publicUrl, row.trackingCode) : null,
    origin: {
      postTown: row.collectionAddress.town || null,
      postcodeDistrict: postcodeDistrict(row.collectionAddress.postcode),
    },
    destination: {
      postTown: row.deliveryAddress.town || null,
      postcodeDistrict: postcodeDistrict(row.deliveryAddress.postcode),
      country: row.deliveryAddress.country,
    },
  };
}

export type PartnerOrderDto = ReturnType<typeof toPartnerOrder>;

/** What a partner reads and changes of itself: its settings, its figures and its orders. */
export class PartnerArea {
  constructor(private readonly deps: AppDeps) {}

  async self(partnerId: string) {
    const row = await this.deps.db.query.partners.findFirst({ where: eq(partners.id, partnerId) });
    if (!row) throw AppError.notFound('Partner not found');
    return {
      id: row.id,
      name: row.name,
      mode: row.mode,
      status: row.status,
      publishableKey: row.publishableKey,
      previousKeyExpiresAt: row.previousKeyExpiresAt?.toISOString() ?? null,
      allowedOrigins: row.allowedOrigins,
      limits: {
        perClientPerMinute: row.rateLimitPerMinute,
        perKeyPerMinute: row.keyRateLimitPerMinute,
        secretKeyPerMinute: row.secretKeyRateLimitPerMinute,
      },
      // The served API reference, at its Partner section (the guide itself is docs/partners.md).
      docsUrl: '/docs/partners',
    };
  }

  async setAllowedOrigins(partnerId: string, allowedOrigins: string[]) {
    await this.deps.db.update(partners).set({ allowedOrigins }).where(eq(partners.id, partnerId));
    this.deps.logger.info({ partnerId, origins: allowedOrigins.length }, 'partner origins changed');
    return this.self(partnerId);
  }

  /**
   * Quotes (the quote log keeps one row per quote, booked or not), bookings (orders paid in the
   * period and not cancelled: isBooking, the console's rule) and revenue (orderMoney's net: refunds taken off, cancelled orders nothing) per UTC
   * day. Revenue counts GBP orders, the currency of the marketplace's domestic prices.
   */
  async overview(partner: Pick<KeyPartner, 'id'>, days: number) {
    const now = this.deps.now();
    const today = Date.parse(isoDay(now));
    const from = new Date(today - (days - 1) * DAY_MS);
    const end = new Date(today + DAY_MS);
    const dayOf = (col: unknown) => sql<string>`strftime('%Y-%m-%d', ${col} / 1000, 'unixepoch')`;
    const [quoteRows, orderRows] = await this.deps.db.batch([
      this.deps.db
        .select({ day: dayOf(quoteLog.createdAt), n: sql<number>`count(*)` })
        .from(quoteLog)
        .where(
          and(eq(quoteLog.partnerId, partner.id), gte(quoteLog.createdAt, from), lt(quoteLog.createdAt, end)),
        )
        .groupBy(dayOf(quoteLog.createdAt)),
      this.deps.db
        .select({
          day: dayOf(orders.paidAt),
          status: orders.status,
          currency: orders.currency,
          n: sql<number>`count(*)`,
          paid: sql<number>`sum(${paidSql})`,
          refunded: sql<number>`sum(${refundedSql})`,
        })
        .from(orders)
        .where(
          and(
            eq(orders.partnerId, partner.id),
            isNotNull(orders.paidAt),
            gte(orders.paidAt, from),
            lt(orders.paidAt, end),
          ),
        )
        .groupBy(dayOf(orders.paidAt), orders.status, orders.currency),
    ]);
    const series = Array.from({ length: days }, (_, i) => ({
      date: isoDay(new Date(from.getTime() + i * DAY_MS)),
      quotes: 0,
      bookings: 0,
      revenuePence: 0,
    }));
    const byDay = new Map(series.map((d) => [d.date, d]));
    for (const q of quoteRows) {
      const d = byDay.get(q.day);
      if (d) d.quotes += Number(q.n);
    }
    for (const o of orderRows) {
      const d = byDay.get(o.day);
      if (!d) continue;
      if (isBooking(o.status)) d.bookings += Number(o.n);
      if (o.currency === 'GBP') {
        d.revenuePence += orderMoney({
          status: o.status,
          paid: Number(o.paid),
          refunded: Number(o.refunded),
        }).net;
      }
    }
    const quotes = series.reduce((n, d) => n + d.quotes, 0);
    const bookings = series.reduce((n, d) => n + d.bookings, 0);
    return {
      from: isoDay(from),
      to: isoDay(now),
      totals: {
        quotes,
        bookings,
        conversion: quotes > 0 ? Math.min(1, bookings / quotes) : null,
        revenuePence: series.reduce((n, d) => n + d.revenuePence, 0),
        currency: 'GBP' as const,
      },
      days: series,
    };
  }

  async orders(
    partnerId: string,
    query: {
      cursor?: string | undefined;
      limit: number;
      status?: OrderStatus | undefined;
      from?: string | undefined;
      to?: string | undefined;
    },
  ) {
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows = await this.deps.db
      .select({ order: orders, refunded: refundedSql, deliveredAt: deliveredAtSql })
      .from(orders)
      .where(
        and(
          eq(orders.partnerId, partnerId),
          query.status ? eq(orders.status, query.status) : undefined,
          query.from ? gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
          query.to ? lt(orders.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)) : undefined,
          olderThan({ createdAt: orders.createdAt, id: orders.id }, after),
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit + 1);
    return {
      data: rows
        .slice(0, query.limit)
        .map((r) =>
          toPartnerOrder(r.order, Number(r.refunded), toDate(r.deliveredAt), this.deps.config.publicUrl),
        ),
      nextCursor: nextCursor(
        rows.map((r) => ({ createdAt: r.order.createdAt, id: r.order.id })),
        query.limit,
      ),
    };
  }

  /** One of the partner's orders by its reference (`#` optional); another partner's is 404. */
  async order(partnerId: string, reference: string) {
    const suffix = reference.replace(/^#/, '').toLowerCase();
    const [row] = await this.deps.db
      .select({ order: orders, refunded: refundedSql, deliveredAt: deliveredAtSql })
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), like(orders.id, `%${suffix}`)))
      .orderBy(asc(orders.createdAt))
      .limit(1);
    if (!row) throw AppError.notFound('Order not found');
    return toPartnerOrder(
      row.order,
      Number(row.refunded),
      toDate(row.deliveredAt),
      this.deps.config.publicUrl,
    );
  }
}

const deliveredAtSql = sql<
  number | null
>`(select max(${orderEvents.at}) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.to} = 'delivered' and ${orderEvents.claimStatus} is null and ${orderEvents.adjustmentStatus} is null and ${orderEvents.returnLink} is null)`;

const toDate = (ms: number | null) => (ms === null || ms === undefined ? null : new Date(Number(ms)));
