/**
 * The vendor's view of its orders (vendor-and-app spec §2.3, §2.4): the filtered list, the
 * dashboard's figures, the CSV export, and the edit drawer's changes. Every query is scoped to
 * the caller's vendor, so another vendor's order is simply not found (404).
 *
 * Only paid orders are the vendor's business: an order awaiting payment is an unfinished
 * checkout that may never be paid, so it is neither listed, counted nor editable here.
 */
import { and, count, desc, eq, gte, isNotNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { courierServices, type OrderStatus, orders } from '../../db/schema';
import { ukToday } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import type { Currency } from '../../lib/money';
import { decodeCursor, nextCursor, olderThan } from '../../lib/pagination';
import { containsText } from '../../lib/sql';
import { type OrderRow, recordOrderEvent } from '../orders/order-store';
import {
  afterStatusChange,
  OrdersService,
  orderPayments,
  toOrderDto,
  transitionOrder,
} from '../orders/orders.service';
import { statusLabel } from '../orders/status';
import { deliveryDateFor } from '../quotes/engine/delivery';
import { vendorOf } from '../vendors/vendors.service';
import { ukDayEnd, ukDayStart, vendorOrdersCsv, vendorOrdersFileName } from './vendor-orders.csv';
import type {
  UpdateVendorOrderBody,
  VendorOrderFilters,
  VendorOrderListQuery,
} from './vendor-orders.schemas';

const NOT_FOUND = 'Order not found';

function filterWhere(vendorId: string, filters: VendorOrderFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(orders.vendorId, vendorId), isNotNull(orders.paidAt)];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.from) conditions.push(gte(orders.createdAt, ukDayStart(filters.from)));
  // Inclusive of the whole To day, to 23:59:59 UK time.
  if (filters.to) conditions.push(lt(orders.createdAt, ukDayEnd(filters.to)));
  const text = filters.q?.replace(/^#/, '').trim();
  if (text) {
    conditions.push(
      or(
        containsText(sql`substr(${orders.id}, -8)`, text),
        eq(orders.id, text),
        containsText(sql`json_extract(${orders.deliveryAddress}, '$.name')`, text),
        containsText(orders.serviceName, text),
      ),
    );
  }
  return and(...conditions) as SQL;
}

/** The most the CSV export writes in one file: a dashboard's worth, not a data dump. */
export const MAX_EXPORT_ROWS = 50_000;

export class VendorOrdersService {
  constructor(private readonly deps: AppDeps) {}

  private async vendorId(ownerId: string) {
    return (await vendorOf(this.deps, ownerId)).id;
  }

  async list(ownerId: string, query: VendorOrderListQuery) {
    const { db } = this.deps;
    const where = filterWhere(await this.vendorId(ownerId), query);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const page = after ? null : (query.page ?? 1);
    const rows = await db
      .select()
      .from(orders)
      .where(and(where, olderThan(orders, after)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit + 1)
      .offset(page ? (page - 1) * query.limit : 0);
    const items = rows.slice(0, query.limit);
    const [total] = await db.select({ n: count() }).from(orders).where(where);
    const byOrder = await orderPayments(db, items);
    const now = this.deps.now();
    return {
      items: items.map((o) => toOrderDto(o, byOrder.get(o.id), 'vendor', now)),
      total: total?.n ?? 0,
      limit: query.limit,
      page,
      nextCursor: nextCursor(rows, query.limit),
    };
  }

  async stats(ownerId: string) {
    const { db } = this.deps;
    const mine = and(eq(orders.vendorId, await this.vendorId(ownerId)), isNotNull(orders.paidAt));
    const byStatus = await db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(mine)
      .groupBy(orders.status);
    const n = (status: OrderStatus) => byStatus.find((r) => r.status === status)?.n ?? 0;
    // Cancelled orders were refunded: they earned nothing.
    const revenue = await db
      .select({ currency: orders.currency, amount: sql<number>`sum(${orders.total})`, n: count() })
      .from(orders)
      .where(and(mine, ne(orders.status, 'cancelled')))
      .groupBy(orders.currency)
      .orderBy(orders.currency);
    const revenueByCurrency = revenue.map((r) => ({
      amount: Number(r.amount),
      currency: r.currency as Currency,
    }));
    // Amounts in different currencies cannot be added without exchange rates, which we do not
    // hold: the headline is the GBP total (the marketplace's currency) or the only currency used.
    const headline = revenueByCurrency.find((r) => r.currency === 'GBP') ??
      [...revenueByCurrency].sort((a, b) => b.amount - a.amount)[0] ?? {
        amount: 0,
        currency: 'GBP' as Currency,
      };
    return {
      totalOrders: byStatus.reduce((sum, r) => sum + r.n, 0),
      pendingOrders: n('pending'),
      confirmedOrders: n('confirmed'),
      inTransitOrders: n('in_transit'),
      deliveredOrders: n('delivered'),
      cancelledOrders: n('cancelled'),
      totalRevenue: headline,
      revenueByCurrency,
      revenueOrders: revenue.reduce((sum, r) => sum + r.n, 0),
    };
  }

  async exportCsv(ownerId: string, filters: VendorOrderFilters): Promise<{ filename: string; csv: string }> {
    const rows = await this.deps.db
      .select()
      .from(orders)
      .where(filterWhere(await this.vendorId(ownerId), filters))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(MAX_EXPORT_ROWS);
    return { filename: vendorOrdersFileName(this.deps.now()), csv: vendorOrdersCsv(rows) };
  }

  /**
   * The edit drawer's save. The status moves through the order status machine; every change,
   * status or not, is written with an order event in one transaction. After the commit a
   * cancelled paid order is refunded and the customer hears of any status change.
   */
  async update(ownerId: string, orderId: string, body: UpdateVendorOrderBody) {
    const { deps } = this;
    const vendorId = await this.vendorId(ownerId);
    const now = deps.now();
    const actor = { id: ownerId, role: 'vendor' as const };

    const result = await deps.db.transaction(
      async (tx) => {
        const order = await tx.query.orders.findFirst({
          where: and(eq(orders.id, orderId), eq(orders.vendorId, vendorId), isNotNull(orders.paidAt)),
        });
        if (!order) throw AppError.notFound(NOT_FOUND);

        const set: Partial<
          Pick<OrderRow, 'trackingNumber' | 'labelUrl' | 'notes' | 'collectionDate' | 'estimatedDelivery'>
        > = {};
        const notes: string[] = [];
        if (body.trackingNumber !== undefined && body.trackingNumber !== order.trackingNumber) {
          // Checked under the write lock the immediate transaction holds, so no one takes it meanwhile.
          const taken = await tx.query.orders.findFirst({
            where: and(eq(orders.trackingNumber, body.trackingNumber), ne(orders.id, order.id)),
            columns: { id: true },
          });
          if (taken) {
            throw AppError.conflict(
              'This tracking number is already used by another order',
              'tracking_number_taken',
            );
          }
          set.trackingNumber = body.trackingNumber;
          notes.push(`Tracking number ${body.trackingNumber}`);
        }
        if (body.labelUrl !== undefined) {
          const labelUrl = body.labelUrl || null;
          if (labelUrl !== order.labelUrl) {
            set.labelUrl = labelUrl;
            notes.push(labelUrl ? 'Label link updated' : 'Label link removed');
          }
        }
        if (body.notes !== undefined) {
          const text = body.notes || null;
          if (text !== order.notes) {
            set.notes = text;
            notes.push(text ? 'Courier notes updated' : 'Courier notes removed');
          }
        }
        if (body.collectionDate !== undefined) {
          if (!body.collectionDate) {
            // The orders table keeps a collection date on every order (booking requires one).
            throw AppError.validation([
              {
                path: 'collectionDate',
                message: 'An order always has a collection date; send the new date instead',
              },
            ]);
          }
          if (body.collectionDate !== order.collectionDate) {
            if (body.collectionDate < ukToday(now)) {
              throw AppError.validation([
                { path: 'collectionDate', message: 'Collection date cannot be before today' },
              ]);
            }
            set.collectionDate = body.collectionDate;
            // Delivery follows collection: every screen, email and label reads this one date.
            const service = await tx.query.courierServices.findFirst({
              where: eq(courierServices.id, order.courierServiceId),
              columns: { transitDays: true },
            });
            set.estimatedDelivery = deliveryDateFor(
              order.serviceType,
              service?.transitDays ?? 0,
              body.collectionDate,
              now,
            );
            notes.push(`Collection date ${body.collectionDate}, estimated delivery ${set.estimatedDelivery}`);
          }
        }

        let current = order;
        if (Object.keys(set).length) {
          const [updated] = await tx
            .update(orders)
            .set({ ...set, updatedAt: now })
            .where(eq(orders.id, order.id))
            .returning();
          current = updated!;
        }
        const note = notes.length ? notes.join('; ') : null;
        const to = body.status;
        if (to !== undefined && to !== order.status) {
          // The field changes ride on the status change's event: one change, one timeline entry.
          const moved = await transitionOrder(tx, current, to, actor, now, { note });
          return { before: order, after: moved, statusChanged: true, note };
        }
        if (note) {
          // Not a status change, but still a change the customer's timeline records.
          await recordOrderEvent(tx, order.id, actor, now, { from: order.status, to: order.status, note });
        }
        return { before: order, after: current, statusChanged: false, note };
      },
      { behavior: 'immediate' },
    );

    const { before, after } = result;
    if (result.statusChanged) {
      await afterStatusChange(deps, after, before.status, actor, result.note);
      deps.logger.info(
        { orderId, from: before.status, to: after.status },
        `vendor marked order ${statusLabel(after.status)}`,
      );
    }
    return new OrdersService(deps).detail(after, 'vendor');
  }
}
