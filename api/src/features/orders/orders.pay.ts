/**
 * Paying for an order: starting and capturing its payment through the payment core
 * (payments.flow), once the order is the caller's own and can still be paid.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { courierServices, vendors } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { captureFor, startPayment } from '../payments';
import { type OrderRow, orderReference } from './order-store';
import { isPayable, NOT_PAYABLE_MESSAGE, PRICE_EXPIRED_MESSAGE } from './orders.payment';
import { loadOwnOrder, type OrderDetailDto, orderDetail, type Viewer } from './orders.queries';

export async function startOrderPayment(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  origin = deps.config.publicUrl,
) {
  const order = await loadOwnOrder(deps, viewer, id);
  assertAwaitingPayment(order);
  await assertStillPayable(deps, order);
  const query = `order=${encodeURIComponent(order.id)}`;
  // Booked through a partner's widget: approval returns to the checkout in the widget's frame.
  const widget = order.partnerId !== null;
  return startPayment(
    deps,
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
export async function captureOrderPayment(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
): Promise<{ state: 'captured' | 'pending'; order: OrderDetailDto }> {
  const order = await loadOwnOrder(deps, viewer, id);
  if (order.status === 'cancelled') throw AppError.conflict('This order is cancelled', 'order_cancelled');
  const state = await captureFor(deps, {
    subject: { kind: 'order', id: order.id },
    noun: 'order',
    settled: ['captured'],
    assertPayable: () => assertAwaitingPayment(order),
  });
  const fresh = await loadOwnOrder(deps, viewer, id);
  return { state, order: await orderDetail(deps, fresh, 'customer') };
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
