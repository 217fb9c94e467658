/**
 * Emails the customers of orders a point change turned away (dropoff-points.recheck.ts), one
 * delivery per order, with a link to choose another point. Sent only while the order still waits
 * at that point: a customer who already chose another, or whose parcel is on its way, hears nothing.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { dropoffPoints, orders, users } from '../../db/schema';
import { linkBase } from '../../lib/origin';
import type { OutboxEvent, Subscriber } from '../../lib/outbox';
import { pointUnavailableEmail } from './dropoff-points.emails';
import { AWAITING_DROP_OFF, POINT_UNAVAILABLE_EVENT } from './dropoff-points.recheck';

type UnavailableData = { pointId: string; orders: { orderId: string; problem: string }[] };

/** The portal page where the customer picks another point for the order. */
export const chooseAnotherPointUrl = (publicUrl: string, orderId: string) =>
  `${publicUrl}/orders/${encodeURIComponent(orderId)}/drop-off`;

export const pointUnavailableMailSubscriber: Subscriber<AppDeps> = {
  name: 'dropoff-point-unavailable-mail',
  types: [POINT_UNAVAILABLE_EVENT],
  async targets(_tx, event: OutboxEvent) {
    return (event.data as UnavailableData).orders.map((o) => o.orderId);
  },
  async deliver(deps, event, orderId) {
    const data = event.data as UnavailableData;
    const [row] = await deps.db
      .select({
        id: orders.id,
        status: orders.status,
        dropOffPointId: orders.dropOffPointId,
        collectionDate: orders.collectionDate,
        email: users.email,
        pointName: dropoffPoints.name,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .innerJoin(dropoffPoints, eq(dropoffPoints.id, data.pointId))
      .where(eq(orders.id, orderId));
    if (!row || row.dropOffPointId !== data.pointId) return;
    if (!(AWAITING_DROP_OFF as readonly string[]).includes(row.status)) return;
    const problem = data.orders.find((o) => o.orderId === orderId)?.problem ?? 'It is no longer available.';
    await deps.mailer.send(
      pointUnavailableEmail(row.email, {
        reference: `#${row.id.slice(-8)}`,
        pointName: row.pointName,
        problem,
        collectionDate: row.collectionDate,
        chooseUrl: chooseAnotherPointUrl(linkBase(deps.config), row.id),
      }),
    );
  },
};
