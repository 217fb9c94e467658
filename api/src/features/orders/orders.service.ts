import { and, asc, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import {
  courierServices,
  type OrderStatus,
  orderEvents,
  orders,
  type UserRole,
  vendors,
} from '../../db/schema';
import { COVER_CURRENCY, coverFeeFor } from '../../domain/reference-data';
import { ukToday } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { decodeCursor, nextCursor, olderThan } from '../../lib/pagination';
import { startSweep } from '../../lib/sweep';
import {
  captureFor,
  findPayment,
  findPayments,
  type PaymentRow,
  paymentSummary,
  refundIfPaid,
  startPayment,
} from '../payments';
import { deliveryDateFor, markQuoteBooked, QuotesService } from '../quotes';
import { orderMoney, orderRefundedOf, paidSql, refundedSql } from './order-money';
import {
  applyTransition,
  type DbOrTx,
  insertOrder,
  type OrderActor,
  type OrderEventRow,
  type OrderRow,
  orderReference,
  SYSTEM_ACTOR,
} from './order-store';
import { changeOrder, type OrderChangeResult } from './orders.change';
import { orderPayment, orderPayments } from './orders.payment';
import type { CreateOrderBody } from './orders.schemas';
import { normaliseAddress, shipmentErrors } from './shipment';
import { allowedNextStatuses, checkTransition } from './status';

/** The signed-in caller, as the access token says. */
export type Viewer = { id: string; role: UserRole };

/** How the caller stands to an order; decides what they may see and do. */
export type Relation = 'customer' | 'vendor' | 'admin';

export const QUOTE_EXPIRED_MESSAGE = 'This quote has expired; please get a new quote';
export const PRICE_EXPIRED_MESSAGE =
  'The price of this order held for 30 minutes and has expired; please get a new quote';
export const NOT_PAYABLE_MESSAGE = 'This price cannot be paid: a total must be more than zero';
/**
 * An unpaid order is cancelled this long after its price expired. Not at once: a payment started
 * in time may still be approved at the provider and captured in the meantime.
 */
export const UNPAID_ORDER_GRACE_MS = 60 * 60 * 1000;
export const UNPAID_ORDER_EXPIRED_NOTE =
  'Not paid while its price held (30 minutes from the quote); the order expired';

/** Awaiting payment and still within its price's validity (orders without one never expire). */
export function isPayable(order: Pick<OrderRow, 'status' | 'priceValidUntil'>, now: Date): boolean {
  if (order.status !== 'awaiting_payment') return false;
  return !order.priceValidUntil || order.priceValidUntil.getTime() > now.getTime();
}

// -----------------------------------------------------------------------------------------------
// Wire shape

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
    money: orderMoney({
      status: order.status,
      paid: order.paidAt ? order.total : 0,
      refunded: orderRefundedOf(payment),
    }),
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
export type OrderDetailDto = OrderDto & { events: ReturnType<typeof toEventDto>[] };

const toEventDto = (e: OrderEventRow) => ({
  at: e.at.toISOString(),
  from: e.from,
  to: e.to,
  actorRole: e.actorRole,
  note: e.note,
});

// -----------------------------------------------------------------------------------------------
// Reading, with the ownership rule: someone else's order is 404, never 403.

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
async function loadOwnOrder(deps: AppDeps, viewer: Viewer, id: string): Promise<OrderRow> {
  const order = await deps.db.query.orders.findFirst({
    where: and(eq(orders.id, id), eq(orders.customerId, viewer.id)),
  });
  if (!order) throw AppError.notFound('Order not found');
  return order;
}

// -----------------------------------------------------------------------------------------------
// Status changes

/**
 * An order's status change after it exists (cancellations, external refunds, expiry): the
 * order-change command with a status and a note. Illegal moves are 409 with the machine's message.
 */
export async function changeOrderStatus(
  deps: AppDeps,
  orderId: string,
  to: OrderStatus,
  actor: OrderActor,
  options: { note?: string | null } = {},
): Promise<OrderChangeResult> {
  return changeOrder(deps, { orderId, to, actor, note: options.note ?? null });
}

export { paymentSession, paymentSummary, refundIfPaid } from '../payments';
export { changeOrder, transitionOrder } from './orders.change';
export { orderPayment, orderPayments } from './orders.payment';

export type OrderListQuery = { limit: number; cursor?: string | undefined; status?: OrderStatus | undefined };

export class OrdersService {
  constructor(private readonly deps: AppDeps) {}

  /**
   * Books a stored quote option. The price is the option's frozen price plus the cover fee from
   * the cover table; nothing about price is read from the body (whose schema rejects such fields).
   */
  async create(viewer: Viewer, body: CreateOrderBody, options: { partnerId?: string | null } = {}) {
    const order = await createOrderFromOption(this.deps, viewer.id, body, options);
    return toOrderDto(order, null, 'customer', this.deps.now());
  }

  async list(viewer: Viewer, query: OrderListQuery) {
    const { db } = this.deps;
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

    const now = this.deps.now();
    return {
      items: page.map((o) => toOrderDto(o, byOrder.get(o.id), 'customer', now)),
      nextCursor: nextCursor(rows, query.limit),
      totals: {
        count: Number(counts?.count ?? 0),
        pending: Number(counts?.pending ?? 0),
        sum: sums,
      },
    };
  }

  async get(viewer: Viewer, id: string) {
    const { order, relation } = await loadOrderFor(this.deps, viewer, id);
    return this.detail(order, relation);
  }

  async detail(order: OrderRow, relation: Relation): Promise<OrderDetailDto> {
    const { db } = this.deps;
    const [events, payment] = await Promise.all([
      db.query.orderEvents.findMany({
        where: eq(orderEvents.orderId, order.id),
        orderBy: [asc(orderEvents.at)],
      }),
      orderPayment(db, order),
    ]);
    return { ...toOrderDto(order, payment, relation, this.deps.now()), events: events.map(toEventDto) };
  }

  /**
   * Customer: while unpaid, or within 1 hour of payment before transit. Vendor (its own orders):
   * up to in transit. Admin: same as a vendor. A paid order is refunded.
   */
  async cancel(viewer: Viewer, id: string, reason?: string) {
    const { order, relation } = await loadOrderFor(this.deps, viewer, id);
    const actor: OrderActor = { id: viewer.id, role: relation };
    const { order: cancelled } = await changeOrderStatus(this.deps, order.id, 'cancelled', actor, {
      note: reason ?? `Cancelled by the ${relation}`,
    });
    return this.detail(cancelled, relation);
  }

  /** Starts (or resumes) paying for an order: the provider order, created once per order. */
  async startPayment(viewer: Viewer, id: string, origin = this.deps.config.publicUrl) {
    const order = await loadOwnOrder(this.deps, viewer, id);
    assertAwaitingPayment(order);
    await assertStillPayable(this.deps, order);
    const query = `order=${encodeURIComponent(order.id)}`;
    // Booked through a partner's widget: approval returns to the checkout in the widget's frame.
    const widget = order.partnerId !== null;
    return startPayment(
      this.deps,
      { kind: 'order', id: order.id },
      {
        amount: order.total,
        currency: order.currency,
        description: `Consign order ${orderReference(order.id)}: ${order.serviceName} - ${order.contents}`,
        returnUrl: `${origin}${widget ? '/embed/checkout' : '/payment'}?${query}&approved=1`,
        cancelUrl: `${origin}${widget ? '/embed/checkout' : '/ordercancelled'}?${query}`,
      },
      origin,
    );
  }

  /**
   * Captures the approved payment and answers the order, now pending. Asking again after it
   * succeeded answers the same order (200) without touching the provider.
   */
  async capture(
    viewer: Viewer,
    id: string,
  ): Promise<{ state: 'captured' | 'pending'; order: OrderDetailDto }> {
    const order = await loadOwnOrder(this.deps, viewer, id);
    if (order.status === 'cancelled') throw AppError.conflict('This order is cancelled', 'order_cancelled');
    const state = await captureFor(this.deps, {
      subject: { kind: 'order', id: order.id },
      noun: 'order',
      settled: ['captured'],
      assertPayable: () => assertAwaitingPayment(order),
    });
    const fresh = await loadOwnOrder(this.deps, viewer, id);
    return { state, order: await this.detail(fresh, 'customer') };
  }
}

function assertAwaitingPayment(order: OrderRow) {
  if (order.status === 'awaiting_payment') return;
  if (order.status === 'cancelled') throw AppError.conflict('This order is cancelled', 'order_cancelled');
  throw AppError.conflict('This order is paid already', 'order_already_paid');
}

/**
 * The price booked holds only while its quote would have: re-checked whenever a payment starts,
 * with the service and its vendor still active, and a total the provider can take.
 */
async function assertStillPayable(deps: AppDeps, order: OrderRow) {
  if (!isPayable(order, deps.now())) throw AppError.conflict(PRICE_EXPIRED_MESSAGE, 'quote_expired');
  if (order.total <= 0) {
    throw AppError.validation([{ path: 'total', message: NOT_PAYABLE_MESSAGE }]);
  }
  // Orders made from a job were paid with the job; only booked quotes are checked here.
  if (!order.quoteOptionId) return;
  const [row] = await deps.db
    .select({ service: courierServices.status, vendor: vendors.status })
    .from(courierServices)
    .innerJoin(vendors, eq(vendors.id, courierServices.vendorId))
    .where(eq(courierServices.id, order.courierServiceId));
  if (row?.service !== 'active' || row.vendor !== 'active') {
    throw AppError.conflict(
      'This courier service is no longer available; please get a new quote',
      'service_unavailable',
    );
  }
}

/**
 * Cancels orders nobody paid for UNPAID_ORDER_GRACE_MS after their price expired, so they do
 * not stay payable forever; the customer sees why on the order's timeline.
 */
export async function expireUnpaidOrders(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - UNPAID_ORDER_GRACE_MS);
  const stale = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), lt(orders.priceValidUntil, cutoff)))
    .limit(500);
  let expired = 0;
  for (const { id } of stale) {
    try {
      await changeOrderStatus(deps, id, 'cancelled', SYSTEM_ACTOR, { note: UNPAID_ORDER_EXPIRED_NOTE });
      expired++;
    } catch (err) {
      // Paid (or cancelled) in the meantime: nothing to expire.
      if (!(err instanceof AppError)) throw err;
    }
  }
  return expired;
}

export const UNPAID_ORDER_SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/** Runs expireUnpaidOrders every few minutes in this process (main.ts). */
export function startUnpaidOrderExpiry(deps: AppDeps, intervalMs = UNPAID_ORDER_SWEEP_INTERVAL_MS) {
  return startSweep('unpaid order expiry', intervalMs, () => expireUnpaidOrders(deps), deps.logger);
}

// -----------------------------------------------------------------------------------------------
// Booking

/**
 * Creates an order (awaiting_payment) from a stored quote option. Exported for other features
 * that book on a customer's behalf; the route goes through OrdersService.create.
 */
export async function createOrderFromOption(
  deps: AppDeps,
  customerId: string,
  body: CreateOrderBody,
  options: { partnerId?: string | null } = {},
): Promise<OrderRow> {
  const { db } = deps;
  const now = deps.now();
  const found = await new QuotesService(deps).findOption(body.quoteOptionId);
  // A quote someone else asked for is as unknown to this customer as a made-up id.
  if (!found || (found.quote.userId !== null && found.quote.userId !== customerId)) {
    throw AppError.validation([{ path: 'quoteOptionId', message: 'This quote option does not exist' }]);
  }
  const { option, quote } = found;
  // The price holds until the instant the quote expires, and not a moment longer.
  if (quote.expiresAt.getTime() <= now.getTime())
    throw AppError.conflict(QUOTE_EXPIRED_MESSAGE, 'quote_expired');

  const collection = normaliseAddress(body.collectionAddress);
  const delivery = normaliseAddress(body.deliveryAddress);
  const serviceType = option.serviceType;
  const errors = shipmentErrors({
    serviceType,
    fixedBy: 'quote',
    destination: quote.request.to ?? '',
    collection,
    delivery,
    collectionDate: body.collectionDate,
    today: ukToday(now),
    customs: body.customs,
    items: body.items,
    sameDay: {
      fromPostcode: quote.request.fromPostcode,
      toPostcode: quote.request.toPostcode,
      message: (postcode) =>
        `The same-day price was quoted for ${postcode}; get a new quote for another postcode`,
    },
  });
  const coverFee = coverFeeFor(body.coverAmount);
  if (coverFee === null) {
    errors.push({
      path: 'coverAmount',
      message: 'Choose one of the cover amounts, or 0 for no extended cover',
    });
  } else if (body.coverAmount > 0 && option.price.currency !== COVER_CURRENCY) {
    errors.push({
      path: 'coverAmount',
      message: `Extended cover is priced in ${COVER_CURRENCY} and cannot be added to a price in ${option.price.currency}`,
    });
  }
  // A zero or negative total must never reach the payment provider (see also couriers' tiers).
  if (option.price.total + (coverFee ?? 0) <= 0)
    errors.push({ path: 'quoteOptionId', message: NOT_PAYABLE_MESSAGE });
  if (errors.length) throw AppError.validation(errors);

  const [service] = await db
    .select({ service: courierServices, vendor: vendors })
    .from(courierServices)
    .innerJoin(vendors, eq(vendors.id, courierServices.vendorId))
    .where(eq(courierServices.id, option.courierService.id));
  if (service?.service.status !== 'active' || service.vendor.status !== 'active') {
    throw AppError.conflict(
      'This courier service is no longer available; please get a new quote',
      'service_unavailable',
    );
  }
  const international = serviceType === 'international';
  return db.transaction(
    async (tx) => {
      const order = await insertOrder(
        tx,
        {
          customerId,
          vendorId: option.vendor.id,
          courierServiceId: option.courierService.id,
          quoteOptionId: option.id,
          partnerId: options.partnerId ?? quote.partnerId,
          status: 'awaiting_payment',
          serviceType,
          // As quoted: the label and history show what was booked, whatever the vendor renames.
          serviceName: option.courierService.name,
          vendorName: option.vendor.name,
          collectionAddress: collection,
          deliveryAddress: delivery,
          collectionDate: body.collectionDate,
          contents: body.contents,
          contentValue: body.contentValue,
          coverAmount: body.coverAmount,
          coverFee: coverFee ?? 0,
          customs: international ? (body.customs ?? null) : null,
          items: international ? (body.items ?? null) : null,
          notes: body.notes ?? null,
          parcels: quote.request.parcels.map((p) => ({ ...p })),
          chargeableWeightKg: option.chargeableWeightKg,
          // The quote assumed its own collection day; the order's date is the one that counts.
          estimatedDelivery: deliveryDateFor(serviceType, option.transitDays, body.collectionDate, now),
          currency: option.price.currency,
          net: option.price.net,
          vat: option.price.vat,
          // Extended cover is insurance, exempt from VAT in the UK: its fee is added after VAT.
          total: option.price.total + (coverFee ?? 0),
          priceValidUntil: quote.expiresAt,
        },
        { id: customerId, role: 'customer' },
        now,
      );
      await markQuoteBooked(tx, quote.id, now);
      return order;
    },
    { behavior: 'immediate' },
  );
}
