/**
 * The shopper's signed link to one order (docs/widget.md, "After the booking"): a widget booking
 * ends on a partner's page, often in a checkout frame whose session is gone, so the confirmation
 * and the label are opened with a token instead of a sign-in. The token grants that one order's
 * summary and label, nothing else, and lapses after ORDER_VIEW_DAYS.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { orderViewToken, readOrderViewToken } from '../../lib/order-view-token';
import type { Limit } from '../../lib/rate-limit';
import { orderReference } from './order-store';
import { orderLabelPdf, type PdfFile } from './orders.documents';
import { notPrintable } from './orders.labels';
import { loadOwnOrder, type Viewer } from './orders.queries';

/** Tokens are 256-bit HMACs, so guessing is hopeless; the limit keeps a scan from costing anything. */
export const ORDER_VIEW_LIMIT: Limit = { name: 'order-view-ip', max: 60, windowSeconds: 60 };

export type OrderViewLink = { token: string; expiresAt: string };

/** A link for an order of the caller's own (the checkout, signed in, after its capture). */
export async function ownOrderViewLink(deps: AppDeps, viewer: Viewer, id: string): Promise<OrderViewLink> {
  const order = await loadOwnOrder(deps, viewer, id);
  return viewLinkFor(deps, order.id);
}

/** A link for an order whose right to it the caller proved another way (the provider's return token). */
export function viewLinkFor(deps: AppDeps, orderId: string): OrderViewLink {
  const { token, expiresAt } = orderViewToken(deps.config.jwtSecret, orderId, deps.now());
  return { token, expiresAt: expiresAt.toISOString() };
}

/** The order a token opens, or a clear refusal: 404 for a token not made here, 410 once expired. */
async function orderOfToken(deps: AppDeps, token: string) {
  const grant = readOrderViewToken(deps.config.jwtSecret, token, deps.now());
  if ('problem' in grant) {
    throw grant.problem === 'expired'
      ? new AppError(410, 'This order link has expired: sign in to Consign to see the order', {
          code: 'order_link_expired',
        })
      : new AppError(404, 'This order link is not valid: check that it was copied whole', {
          code: 'order_link_invalid',
        });
  }
  const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, grant.orderId) });
  if (!order) throw new AppError(404, 'This order no longer exists', { code: 'order_link_invalid' });
  return { order, expiresAt: grant.expiresAt };
}

/**
 * What the link shows: the booking as its confirmation does, with towns rather than full
 * addresses (the link may be forwarded; the label itself carries the addresses).
 */
export async function orderView(deps: AppDeps, token: string) {
  const { order, expiresAt } = await orderOfToken(deps, token);
  const why = notPrintable(order);
  return {
    id: order.id,
    reference: orderReference(order.id),
    status: order.status,
    serviceType: order.serviceType,
    serviceName: order.serviceName,
    vendorName: order.vendorName,
    collectionDate: order.collectionDate,
    from: { town: order.collectionAddress.town, country: order.collectionAddress.country },
    to: { town: order.deliveryAddress.town, country: order.deliveryAddress.country },
    price: { total: order.total, currency: order.currency },
    paid: order.paidAt !== null,
    trackingNumber: order.trackingNumber,
    label: why === null ? { available: true as const } : { available: false as const, reason: why },
    expiresAt: expiresAt.toISOString(),
  };
}

/** The order's label, as its customer would download it. */
export async function orderViewLabel(deps: AppDeps, token: string): Promise<PdfFile> {
  const { order } = await orderOfToken(deps, token);
  return orderLabelPdf(deps, { id: order.customerId, role: 'customer' }, order.id);
}
