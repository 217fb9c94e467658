/**
 * The orders feature's service, as its handlers and other features use it: one method per
 * route, each delegating to the capability that does it (booking, queries, payment, the
 * order-change command in orders.change, expiry).
 */
import type { AppDeps } from '../../context';
import type { OrderStatus } from '../../db/schema';
import type { OrderActor, OrderRow } from './order-store';
import { createOrderFromOption } from './orders.booking';
import { changeOrder, type OrderChangeResult } from './orders.change';
import { captureOrderPayment, startOrderPayment } from './orders.pay';
import {
  listOrders,
  loadOrderFor,
  type OrderDetailDto,
  type OrderListQuery,
  orderDetail,
  type Relation,
  toOrderDto,
  type Viewer,
} from './orders.queries';
import type { CreateOrderBody } from './orders.schemas';

export { createOrderFromOption, QUOTE_EXPIRED_MESSAGE } from './orders.booking';
export { changeOrder } from './orders.change';
export {
  expireUnpaidOrders,
  startUnpaidOrderExpiry,
  UNPAID_ORDER_EXPIRED_NOTE,
  UNPAID_ORDER_GRACE_MS,
  UNPAID_ORDER_SWEEP_INTERVAL_MS,
} from './orders.expiry';
export {
  isPayable,
  NOT_PAYABLE_MESSAGE,
  orderPayment,
  orderPayments,
  PRICE_EXPIRED_MESSAGE,
} from './orders.payment';
export {
  loadOrderFor,
  type OrderDetailDto,
  type OrderDto,
  type OrderListQuery,
  type Relation,
  toOrderDto,
  type Viewer,
} from './orders.queries';

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

  list(viewer: Viewer, query: OrderListQuery) {
    return listOrders(this.deps, viewer, query);
  }

  async get(viewer: Viewer, id: string) {
    const { order, relation } = await loadOrderFor(this.deps, viewer, id);
    return this.detail(order, relation);
  }

  detail(order: OrderRow, relation: Relation): Promise<OrderDetailDto> {
    return orderDetail(this.deps, order, relation);
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
  startPayment(viewer: Viewer, id: string, origin = this.deps.config.publicUrl) {
    return startOrderPayment(this.deps, viewer, id, origin);
  }

  /**
   * Captures the approved payment and answers the order, now pending. Asking again after it
   * succeeded answers the same order (200) without touching the provider.
   */
  capture(viewer: Viewer, id: string) {
    return captureOrderPayment(this.deps, viewer, id);
  }
}
