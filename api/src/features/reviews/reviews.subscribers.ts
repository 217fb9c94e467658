/**
 * What reviews and scores hear from the outbox (lib/outbox.ts):
 * - `order-scores`: the date promised at booking is kept when an order is paid, and the order
 *   counts in its courier's record (the day it was paid); when it is
 *   delivered, its UK day's bucket counts it, on time or not. The order_scores row makes a
 *   repeated delivery of the event count nothing twice.
 * - `review-invite`: the customer of a delivered order is asked for a review.
 * - `courier-slug`: an activated vendor gets its public profile's slug.
 * Each names targets only for the events it acts on, so no delivery is stored for the others.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { orderScores, orders } from '../../db/schema';
import { ukToday } from '../../domain/uk-days';
import { linkBase } from '../../lib/origin';
import type { OutboxEvent, Subscriber } from '../../lib/outbox';
import { countDelivery, moveCourierRecord, scoreBoardFor } from '../couriers';
import { customerEmail, orderReference } from '../orders';
import { reviewInviteEmail } from './reviews.emails';
import { REVIEW_EDIT_WINDOW_DAYS } from './reviews.schemas';
import { assignSlug } from './reviews.slugs';

/** The outbox's event names this feature listens to (ORDER_EVENTS in orders, VENDOR_EVENTS in admin). */
const ORDER_PAID = 'order.paid';
const ORDER_STATUS_CHANGED = 'order.status_changed';
const VENDOR_ACTIVATED = 'vendor.activated';

const deliveredEvent = (event: OutboxEvent) =>
  event.type === ORDER_STATUS_CHANGED && (event.data as { to?: string }).to === 'delivered';

/** Where the portal asks for a review of an order (features/reviews in the portal). */
export const reviewUrl = (publicUrl: string, orderId: string) => `${publicUrl}/orders/${orderId}/review`;

export const orderScoresSubscriber: Subscriber<AppDeps> = {
  name: 'order-scores',
  types: [ORDER_PAID, ORDER_STATUS_CHANGED],
  async targets(_tx, event) {
    return event.type === ORDER_PAID || deliveredEvent(event) ? [''] : [];
  },
  async deliver(deps, event) {
    const { orderId } = event.data as { orderId: string };
    if (event.type === ORDER_PAID) {
      const order = await deps.db.query.orders.findFirst({
        where: eq(orders.id, orderId),
        columns: { estimatedDelivery: true, vendorId: true },
      });
      if (!order) return;
      // The order_scores row makes the courier's record count the order once.
      const counted = await deps.db.transaction(
        async (tx) => {
          const kept = await tx
            .insert(orderScores)
            .values({ orderId, promisedDate: order.estimatedDelivery })
            .onConflictDoNothing()
            .returning({ orderId: orderScores.orderId });
          if (kept.length === 0) return false;
          await moveCourierRecord(tx, order.vendorId, ukToday(new Date(event.created)), { orders: 1 });
          return true;
        },
        { behavior: 'immediate' },
      );
      if (counted) scoreBoardFor(deps.db).invalidate();
      return;
    }
    const counted = await deps.db.transaction(
      async (tx) => {
        const order = await tx.query.orders.findFirst({ where: eq(orders.id, orderId) });
        if (!order) return false;
        const kept = await tx.query.orderScores.findFirst({ where: eq(orderScores.orderId, orderId) });
        if (kept?.deliveredDay) return false;
        // Orders paid before scores existed, or made from jobs, never had their promise kept.
        const promised = kept ? kept.promisedDate : order.estimatedDelivery;
        const day = ukToday(new Date(event.created));
        const onTime = promised ? day <= promised : null;
        await tx
          .insert(orderScores)
          .values({ orderId, promisedDate: promised, deliveredDay: day, onTime })
          .onConflictDoUpdate({ target: orderScores.orderId, set: { deliveredDay: day, onTime } });
        // An order with no promised date says nothing about keeping promises.
        if (onTime === null) return false;
        await countDelivery(
          tx,
          { courierServiceId: order.courierServiceId, vendorId: order.vendorId },
          day,
          onTime,
        );
        return true;
      },
      { behavior: 'immediate' },
    );
    if (counted) scoreBoardFor(deps.db).invalidate();
  },
};

export const reviewInviteSubscriber: Subscriber<AppDeps> = {
  name: 'review-invite',
  types: [ORDER_STATUS_CHANGED],
  async targets(_tx, event) {
    return deliveredEvent(event) ? ['customer'] : [];
  },
  async deliver(deps, event) {
    const { orderId } = event.data as { orderId: string };
    const order = await deps.db.query.orders.findFirst({ where: eq(orders.id, orderId) });
    if (!order) return;
    const to = await customerEmail(deps, order.customerId);
    if (!to) return;
    await deps.mailer.send(
      reviewInviteEmail(to, {
        reference: orderReference(order.id),
        vendorName: order.vendorName,
        serviceName: order.serviceName,
        reviewUrl: reviewUrl(linkBase(deps.config), order.id),
        days: REVIEW_EDIT_WINDOW_DAYS,
      }),
    );
  },
};

export const courierSlugSubscriber: Subscriber<AppDeps> = {
  name: 'courier-slug',
  types: [VENDOR_ACTIVATED],
  async deliver(deps, event) {
    const { vendorId } = event.data as { vendorId: string };
    await deps.db.transaction((tx) => assignSlug(tx, vendorId), { behavior: 'immediate' });
  },
};
