/**
 * Recipient updates (docs/architecture.md §5), as an outbox subscriber: when an order moves in transit or is
 * delivered, or the courier adds an out-for-delivery, attempted or delayed event, the person the
 * parcel is addressed to is emailed, unless they unsubscribed from this parcel. When the delivery
 * email is the booking account's own, the customer's order mail already says it, so none is sent.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { orders, users } from '../../db/schema';
import { ORDER_STATUS_FACTS } from '../../domain/statuses';
import { linkBase } from '../../lib/origin';
import type { OutboxEvent, Subscriber } from '../../lib/outbox';
import {
  ORDER_EVENTS,
  type OrderRow,
  type OrderStatusChangedData,
  type OrderTrackingEventData,
  promisedDelivery,
  trackingUrl,
} from '../orders';
import { type RecipientMoment, recipientEmail } from './tracking.emails';
import { unsubscribeToken } from './tracking.token';

const RECIPIENT = 'recipient';

/** What the event means to the recipient, or null when it is nothing to mail them about. */
export function momentOf(event: Pick<OutboxEvent, 'type' | 'data'>): RecipientMoment | null {
  if (event.type === ORDER_EVENTS.statusChanged) {
    // Told once per stage of the tracking bar it reaches, not per status on the way.
    const { from, to } = event.data as OrderStatusChangedData;
    const stage = ORDER_STATUS_FACTS[to].stage;
    if (stage !== 'on_its_way' && stage !== 'delivered') return null;
    return ORDER_STATUS_FACTS[from].stage === stage ? null : stage;
  }
  if (event.type === ORDER_EVENTS.trackingEvent) {
    const { kind } = event.data as OrderTrackingEventData;
    return kind === 'exception' ? null : kind;
  }
  return null;
}

async function recipientOf(db: AppDeps['db'] | Tx, order: OrderRow): Promise<string | null> {
  const to = order.deliveryAddress.email?.trim();
  if (!to || order.recipientMailStoppedAt || !order.trackingCode) return null;
  const customer = await db.query.users.findFirst({
    where: eq(users.id, order.customerId),
    columns: { email: true },
  });
  return customer && customer.email.toLowerCase() === to.toLowerCase() ? null : to;
}

export const recipientMailSubscriber: Subscriber<AppDeps> = {
  name: 'tracking-recipient-mail',
  types: [ORDER_EVENTS.statusChanged, ORDER_EVENTS.trackingEvent],
  async targets(tx, event) {
    if (!momentOf(event)) return [];
    const { orderId } = event.data as { orderId: string };
    const order = await tx.query.orders.findFirst({ where: eq(orders.id, orderId) });
    return order && (await recipientOf(tx, order)) ? [RECIPIENT] : [];
  },
  async deliver(deps, event) {
    const moment = momentOf(event);
    const { orderId } = event.data as { orderId: string };
    const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
    // Read when sent: an unsubscribe since the event was published stops this mail too.
    const to = order && moment ? await recipientOf(deps.db, order) : null;
    if (!order || !moment || !to) return;
    const code = order.trackingCode as string;
    const base = linkBase(deps.config);
    const token = unsubscribeToken(deps.config.jwtSecret, order.id);
    const data = event.type === ORDER_EVENTS.trackingEvent ? (event.data as OrderTrackingEventData) : null;
    await deps.mailer.send(
      recipientEmail({
        to,
        order,
        moment,
        note: data?.note ?? null,
        round: {
          driverName: data?.driverName ?? null,
          windowFrom: data?.windowFrom ?? null,
          windowTo: data?.windowTo ?? null,
        },
        promised: promisedDelivery(order),
        trackUrl: trackingUrl(base, code),
        unsubscribeUrl: `${base}/api/v1/tracking/${code}/unsubscribe?token=${token}`,
        unsubscribePageUrl: `${trackingUrl(base, code)}?unsubscribe=${token}`,
      }),
    );
  },
};
