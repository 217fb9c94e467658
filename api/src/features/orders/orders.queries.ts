/**
 * Reading orders: the wire shape (OrderDto), who may see an order (someone else's is 404, never
 * 403), the customer's list with its totals, and one order with its timeline.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import {
  type OrderStatus,
  orderEvents,
  orderReturns,
  orders,
  reviews,
  type UserRole,
  vendors,
} from '../../db/schema';
import { creditNoteNumberLabel, receiptNumberLabel } from '../../domain/finance';
import { AppError } from '../../lib/errors';
import { decodeCursor, nextCursor, olderThan } from '../../lib/pagination';
import { type OrderBooks, orderBooks } from '../ledger';
import type { PaymentRow } from '../payments';
import { paymentSummary } from '../payments';
import { moneyOfOrder, orderMoney, paidSql, refundedSql } from './order-money';
import { type OrderEventRow, type OrderRow, orderReference } from './order-store';
import { dropOffOfOrder } from './orders.dropoff';
import { isPayable, orderPayment, orderPayments } from './orders.payment';
import { allowedNextStatuses, checkTransition } from './status';
import { describeEntry, promisedDelivery } from './timeline';
import { trackingUrl } from './tracking-code';

/** The signed-in caller, as the access token says. */
export type Viewer = { id: string; role: UserRole };

/** How the caller stands to an order; decides what they may see and do. */
export type Relation = 'customer' | 'vendor' | 'admin';

/**
 * `payment` is the order's own, or for an order made from a job the job's, which paid for it
 * (see orderPayment).
 */
export function toOrderDto(
  order: OrderRow,
  payment: PaymentRow | null | undefined,
  relation: Relation,
  now: Date,
) {
  const paid = order.paidAt !== null;
  const printable = paid && order.status !== 'cancelled';
  const base = `/api/v1/orders/${order.id}`;
  return {
    id: order.id,
    reference: orderReference(order.id),
    status: order.status,
    serviceType: order.serviceType,
    courierServiceId: order.courierServiceId,
    serviceName: order.serviceName,
    vendor: { id: order.vendorId, name: order.vendorName },
    quoteOptionId: order.quoteOptionId,
    jobId: order.jobId,
    collectionAddress: order.collectionAddress,
    deliveryAddress: order.deliveryAddress,
    collectionDate: order.collectionDate,
    estimatedDelivery: order.estimatedDelivery,
    contents: order.contents,
    contentValue: order.contentValue,
    coverAmount: order.coverAmount,
    parcels: order.parcels,
    chargeableWeightKg: order.chargeableWeightKg,
    dropOffPointId: order.dropOffPointId,
    printerless: order.printerless,
    customs: order.customs ?? null,
    items: order.items ?? null,
    notes: order.notes,
    vendorNotes: order.vendorNotes,
    price: {
      net: order.net,
      vat: order.vat,
      coverFee: order.coverFee,
      total: order.total,
      currency: order.currency,
    },
    trackingNumber: order.trackingNumber,
    labelUrl: order.labelUrl,
    documents: {
      label: printable ? `${base}/label.pdf` : null,
      customs: printable && order.serviceType === 'international' ? `${base}/customs.pdf` : null,
    },
    payment: paymentSummary(payment),
    money: moneyOfOrder(order, payment),
    ...(relation === 'admin' ? { customerId: order.customerId } : {}),
    actions: {
      pay: relation === 'customer' && isPayable(order, now),
      cancel: checkTransition({
        from: order.status,
        to: 'cancelled',
        actor: relation,
        paidAt: order.paidAt,
        now,
      }).ok,
      nextStatuses: allowedNextStatuses(order, relation, now).filter((s) => s !== 'cancelled'),
    },
    paidAt: order.paidAt?.toISOString() ?? null,
    payBy: order.status === 'awaiting_payment' ? (order.priceValidUntil?.toISOString() ?? null) : null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export type OrderDto = ReturnType<typeof toOrderDto>;
export type OrderDetailDto = OrderDto & {
  events: ReturnType<typeof toEventDto>[];
  finance: ReturnType<typeof toFinanceDto>;
  trackingCode: string | null;
  trackingUrl: string | null;
  promisedDelivery: string | null;
} & Awaited<ReturnType<typeof dropOffOfOrder>>;

const toEventDto = (e: OrderEventRow) => ({
  at: e.at.toISOString(),
  from: e.from,
  to: e.to,
  actorRole: e.actorRole,
  note: e.note,
  event: e.kind,
  expectedDelivery: e.expectedDelivery,
  driverName: e.driverName,
  windowFrom: e.windowFrom,
  windowTo: e.windowTo,
  claimStatus: e.claimStatus,
  adjustmentStatus: e.adjustmentStatus,
  returnLink: e.returnLink,
  linkedOrderId: e.linkedOrderId,
  description: describeEntry(e),
});

/** The caller's relation to an order, or null when they may not see it. */
async function relationTo(deps: AppDeps, viewer: Viewer, order: OrderRow): Promise<Relation | null> {
  if (order.customerId === viewer.id) return 'customer';
  if (viewer.role === 'admin') return 'admin';
  if (viewer.role === 'vendor') {
    const vendor = await deps.db.query.vendors.findFirst({
      where: eq(vendors.ownerId, viewer.id),
      columns: { id: true },
    });
    if (vendor && vendor.id === order.vendorId) return 'vendor';
  }
  return null;
}

/** An order the caller may see (as its customer, its vendor or an admin), else 404. */
export async function loadOrderFor(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
): Promise<{ order: OrderRow; relation: Relation }> {
  const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, id) });
  const relation = order ? await relationTo(deps, viewer, order) : null;
  if (!order || !relation) throw AppError.notFound('Order not found');
  return { order, relation };
}

/** Only the customer who booked it: paying is theirs alone. */
export async function loadOwnOrder(deps: AppDeps, viewer: Viewer, id: string): Promise<OrderRow> {
  const order = await deps.db.query.orders.findFirst({
    where: and(eq(orders.id, id), eq(orders.customerId, viewer.id)),
  });
  if (!order) throw AppError.notFound('Order not found');
  return order;
}

export type OrderListQuery = { limit: number; cursor?: string | undefined; status?: OrderStatus | undefined };

export async function listOrders(deps: AppDeps, viewer: Viewer, query: OrderListQuery) {
  const { db } = deps;
  const mine = eq(orders.customerId, viewer.id);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select()
    .from(orders)
    .where(and(mine, query.status ? eq(orders.status, query.status) : undefined, olderThan(orders, after)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const byOrder = await orderPayments(db, page);
  // Only delivered orders can be rated.
  const delivered = page.filter((o) => o.status === 'delivered').map((o) => o.id);
  const ratings = new Map(
    delivered.length === 0
      ? []
      : (
          await db
            .select({ orderId: reviews.orderId, rating: reviews.rating })
            .from(reviews)
            .where(inArray(reviews.orderId, delivered))
        ).map((r) => [r.orderId, r.rating]),
  );

  // A return order names the order it sends back (docs/claims-and-returns.md).
  const returned = new Map(
    page.length === 0
      ? []
      : (
          await db
            .select({
              returnOrderId: orderReturns.returnOrderId,
              originalOrderId: orderReturns.originalOrderId,
            })
            .from(orderReturns)
            .where(
              inArray(
                orderReturns.returnOrderId,
                page.map((o) => o.id),
              ),
            )
        ).map((r) => [r.returnOrderId, r.originalOrderId]),
  );

  const [counts] = await db
    .select({
      count: sql<number>`count(*)`,
      pending: sql<number>`coalesce(sum(case when ${orders.status} = 'pending' then 1 else 0 end), 0)`,
    })
    .from(orders)
    .where(mine);
  // What the customer has spent: orderMoney's net of their paid orders (refunds taken off,
  // nothing of a cancelled order), by currency.
  const groups = await db
    .select({
      status: orders.status,
      currency: orders.currency,
      paid: sql<number>`sum(${paidSql})`,
      refunded: sql<number>`sum(${refundedSql})`,
    })
    .from(orders)
    .where(and(mine, isNotNull(orders.paidAt)))
    .groupBy(orders.status, orders.currency);
  const spent = new Map<(typeof groups)[number]['currency'], number>();
  for (const g of groups) {
    const { net } = orderMoney({ status: g.status, paid: Number(g.paid), refunded: Number(g.refunded) });
    spent.set(g.currency, (spent.get(g.currency) ?? 0) + net);
  }
  const sums = [...spent.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => ({ currency, amount }));

  const now = deps.now();
  return {
    items: page.map((o) => ({
      ...toOrderDto(o, byOrder.get(o.id), 'customer', now),
      yourRating: ratings.get(o.id) ?? null,
      returnOf: returnOfOrder(returned.get(o.id)),
    })),
    nextCursor: nextCursor(rows, query.limit),
    totals: {
      count: Number(counts?.count ?? 0),
      pending: Number(counts?.pending ?? 0),
      sum: sums,
    },
  };
}

const returnOfOrder = (originalId: string | undefined) =>
  originalId ? { orderId: originalId, reference: orderReference(originalId) } : null;

/**
 * The order's money papers and earnings, as `relation` may see them: the receipt and credit
 * notes are the customer's (and staff's), what the courier earned is the courier's (and staff's).
 */
function toFinanceDto(order: OrderRow, books: OrderBooks, relation: Relation) {
  const base = `/api/v1/orders/${order.id}`;
  const papers = relation !== 'vendor';
  return {
    receipt:
      papers && books.receipt
        ? {
            number: receiptNumberLabel(books.receipt.number),
            issuedAt: books.receipt.issuedAt.toISOString(),
            url: `${base}/receipt`,
          }
        : null,
    creditNotes: papers
      ? books.creditNotes.map((n) => ({
          number: creditNoteNumberLabel(n.number),
          amount: n.amount,
          currency: n.currency,
          issuedAt: n.issuedAt.toISOString(),
          url: `${base}/credit-notes/${creditNoteNumberLabel(n.number)}`,
        }))
      : [],
    earnings: relation !== 'customer' ? books.earnings : null,
  };
}

/** An order with its timeline and payment, as `relation` sees it. */
export async function orderDetail(
  deps: AppDeps,
  order: OrderRow,
  relation: Relation,
): Promise<OrderDetailDto> {
  const { db } = deps;
  const [events, payment, dropOff] = await Promise.all([
    db.query.orderEvents.findMany({
      where: eq(orderEvents.orderId, order.id),
      orderBy: [asc(orderEvents.at)],
    }),
    orderPayment(db, order),
    dropOffOfOrder(deps, order),
  ]);
  const books = await orderBooks(db, order.id, payment?.id ?? null);
  return {
    ...toOrderDto(order, payment, relation, deps.now()),
    events: events.map(toEventDto),
    finance: toFinanceDto(order, books, relation),
    trackingCode: order.trackingCode,
    trackingUrl: order.trackingCode ? trackingUrl(deps.config.publicUrl, order.trackingCode) : null,
    promisedDelivery: promisedDelivery(order),
    ...dropOff,
  };
}
