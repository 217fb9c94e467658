/**
 * The order emails, as an outbox subscriber (lib/outbox.ts): the change's transaction writes
 * its event, and this sends the mail later, off the request path. A mail failure never undoes or
 * fails a payment or a status change: the delivery is retried by the outbox's one policy.
 *
 * Each recipient is its own delivery target, so a failing vendor address never repeats the
 * customer's mail. The mail shows the order as the event left it (its status), read when sent.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import {
  type OrderActorRole,
  type OrderStatus,
  orders,
  type TrackingEventKind,
  users,
} from '../../db/schema';
import { receiptNumberLabel } from '../../domain/finance';
import { linkBase } from '../../lib/origin';
import type { OutboxEvent, Subscriber } from '../../lib/outbox';
import type { MailMessage } from '../../providers/mail';
import { dropOffPointOfOrder } from '../dropoff-points';
import { orderBooks } from '../ledger';
import type { RefundNote } from '../payments';
import { vendorOwner } from '../vendors';
import { renderQrPng } from './documents';
import type { OrderRow } from './order-store';
import { dropOffCodeText } from './orders.dropoff';
import {
  orderPaidEmail,
  orderStatusEmail,
  orderUpdatedEmail,
  type PaidDropOff,
  vendorNewOrderEmail,
  vendorOrderCancelledEmail,
} from './orders.emails';
import { orderPayment } from './orders.payment';
import { renderOrderReceipt } from './orders.receipts';
import { trackingUrl } from './tracking-code';

/** The order's public tracking page, for the customer's emails. */
const trackUrlOf = (deps: AppDeps, order: OrderRow) =>
  order.trackingCode ? trackingUrl(linkBase(deps.config), order.trackingCode) : null;

/** Sends what `build` makes, if anything; a failure throws, so the outbox retries it. */
async function send(deps: AppDeps, build: () => Promise<MailMessage | null>) {
  const message = await build();
  if (message) await deps.mailer.send(message);
}

/** Where a customer's emails go; null when the account is gone. */
export async function customerEmail(deps: AppDeps, customerId: string) {
  const row = await deps.db.query.users.findFirst({
    where: eq(users.id, customerId),
    columns: { email: true },
  });
  return row?.email ?? null;
}

async function vendorOwnerEmail(deps: AppDeps, order: OrderRow) {
  return (await vendorOwner(deps.db, order.vendorId))?.email ?? null;
}

/** The point the confirmation names, with the printerless code as an image. */
async function paidDropOff(deps: AppDeps, order: OrderRow): Promise<PaidDropOff | null> {
  const point = await dropOffPointOfOrder(deps.db, order);
  if (!point) return null;
  const text = order.printerless ? dropOffCodeText(order) : null;
  return { point, code: text ? { text, png: await renderQrPng(text) } : null };
}

/** The receipt to attach, when the books issued one (every payment captured since they exist). */
async function receiptOf(deps: AppDeps, order: OrderRow) {
  const books = await orderBooks(deps.db, order.id, (await orderPayment(deps.db, order))?.id ?? null);
  if (!books.receipt) return null;
  return { number: receiptNumberLabel(books.receipt.number), file: await renderOrderReceipt(deps, order) };
}

/** Payment recorded: the customer's booking confirmation and the vendor's new-order notice. */
export async function notifyOrderPaid(deps: AppDeps, order: OrderRow, only?: Recipient) {
  const base = linkBase(deps.config);
  if (only !== 'vendor')
    await send(deps, async () => {
      const to = await customerEmail(deps, order.customerId);
      return to
        ? orderPaidEmail(
            to,
            order,
            `${base}/dashboard`,
            trackUrlOf(deps, order),
            await paidDropOff(deps, order),
            await receiptOf(deps, order),
          )
        : null;
    });
  if (only !== 'customer')
    await send(deps, async () => {
      const to = await vendorOwnerEmail(deps, order);
      return to ? vendorNewOrderEmail(to, order, `${base}/vendor-dashboard`) : null;
    });
}

/**
 * Any other status change: the customer hears about it, with the refund when there is one. When
 * the customer cancelled a paid order, the vendor hears too, so that nobody turns up to collect it.
 */
export async function notifyStatusChanged(
  deps: AppDeps,
  order: OrderRow,
  from: OrderStatus,
  note: string | null,
  refund: RefundNote,
  actorRole: OrderActorRole,
  only?: Recipient,
) {
  if (only !== 'customer' && actorRole === 'customer' && order.status === 'cancelled' && order.paidAt) {
    await send(deps, async () => {
      const to = await vendorOwnerEmail(deps, order);
      return to
        ? vendorOrderCancelledEmail(to, order, note, `${linkBase(deps.config)}/vendor-dashboard`)
        : null;
    });
  }
  if (only === 'vendor') return;
  await send(deps, async () => {
    const to = await customerEmail(deps, order.customerId);
    return to
      ? orderStatusEmail(
          to,
          order,
          from,
          note,
          refund,
          `${linkBase(deps.config)}/dashboard`,
          trackUrlOf(deps, order),
        )
      : null;
  });
}

/** The courier changed an order without moving its status: the customer hears what changed. */
export async function notifyOrderUpdated(deps: AppDeps, order: OrderRow, note: string) {
  await send(deps, async () => {
    const to = await customerEmail(deps, order.customerId);
    return to
      ? orderUpdatedEmail(to, order, note, `${linkBase(deps.config)}/dashboard`, trackUrlOf(deps, order))
      : null;
  });
}

type Recipient = 'customer' | 'vendor';

export const ORDER_EVENTS = {
  /** The payment was recorded: the order is pending. */
  paid: 'order.paid',
  /** The status moved (confirmed, in transit, delivered, cancelled). */
  statusChanged: 'order.status_changed',
  /** The courier changed the order without moving its status (tracking number, dates). */
  updated: 'order.updated',
  /** The courier added a tracking event (out for delivery, attempted, delayed, exception); status unchanged. */
  trackingEvent: 'order.tracking_event',
} as const;

export type OrderPaidData = { orderId: string };
export type OrderStatusChangedData = {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  actorRole: OrderActorRole;
  note: string | null;
};
export type OrderUpdatedData = { orderId: string; note: string };
export type OrderTrackingEventData = {
  orderId: string;
  kind: TrackingEventKind;
  /** The order's status, unchanged by the event. */
  status: OrderStatus;
  note: string | null;
  /** With `delayed`: the new expected delivery date, now the promised date. */
  expectedDelivery: string | null;
  /** With `out_for_delivery`, when the courier gave them (absent from events published before they existed). */
  driverName?: string | null;
  windowFrom?: string | null;
  windowTo?: string | null;
  actorRole: OrderActorRole;
};

/**
 * What the customer is told of the money of a cancelled order, from its payment as it stands
 * when the mail goes: the cancellation's refund runs right after the commit, so it is usually
 * made by then; when not (the provider could not be reached), it is on its way.
 */
async function refundNoteOf(deps: AppDeps, order: OrderRow): Promise<RefundNote> {
  const payment = await orderPayment(deps.db, order);
  if (payment?.status === 'refunded') return 'refunded';
  if (payment?.status === 'captured') return 'refund_pending';
  return null;
}

export const orderMailSubscriber: Subscriber<AppDeps> = {
  name: 'order-mail',
  // Tracking events reach the customer on the order page and the recipient by mail
  // (features/tracking); the customer is not mailed each driver's round.
  types: [ORDER_EVENTS.paid, ORDER_EVENTS.statusChanged, ORDER_EVENTS.updated],
  async targets(_tx, event) {
    return event.type === ORDER_EVENTS.updated ? ['customer'] : ['customer', 'vendor'];
  },
  async deliver(deps, event: OutboxEvent, target) {
    const recipient = target as Recipient;
    const { orderId } = event.data as { orderId: string };
    const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
    if (!order) return;
    if (event.type === ORDER_EVENTS.paid) return notifyOrderPaid(deps, order, recipient);
    if (event.type === ORDER_EVENTS.updated) {
      return notifyOrderUpdated(deps, order, (event.data as OrderUpdatedData).note);
    }
    const data = event.data as OrderStatusChangedData;
    // As the event left it: a later change has its own event and mail.
    const then = { ...order, status: data.to };
    const refund = data.to === 'cancelled' ? await refundNoteOf(deps, order) : null;
    return notifyStatusChanged(deps, then, data.from, data.note, refund, data.actorRole, recipient);
  },
};
