/**
 * Sends the order emails after the change is committed. A mail failure never undoes or fails a
 * payment or a status change: it is logged, and the change stands.
 */
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { type OrderActorRole, type OrderStatus, users, vendors } from '../../db/schema';
import type { MailMessage } from '../../providers/mail';
import type { OrderRow } from './order-store';
import {
  orderPaidEmail,
  orderStatusEmail,
  orderUpdatedEmail,
  type RefundNote,
  vendorNewOrderEmail,
  vendorOrderCancelledEmail,
} from './orders.emails';

async function send(
  deps: AppDeps,
  build: () => Promise<MailMessage | null>,
  context: Record<string, unknown>,
) {
  try {
    const message = await build();
    if (message) await deps.mailer.send(message);
  } catch (err) {
    deps.logger.error({ err, ...context }, 'order email could not be sent');
  }
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
  const [row] = await deps.db
    .select({ email: users.email })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.ownerId))
    .where(eq(vendors.id, order.vendorId));
  return row?.email ?? null;
}

/** Payment recorded: the customer's booking confirmation and the vendor's new-order notice. */
export async function notifyOrderPaid(deps: AppDeps, order: OrderRow) {
  const base = deps.config.publicUrl;
  await send(
    deps,
    async () => {
      const to = await customerEmail(deps, order.customerId);
      return to ? orderPaidEmail(to, order, `${base}/dashboard`) : null;
    },
    { orderId: order.id, mail: 'order paid' },
  );
  await send(
    deps,
    async () => {
      const to = await vendorOwnerEmail(deps, order);
      return to ? vendorNewOrderEmail(to, order, `${base}/vendor-dashboard`) : null;
    },
    { orderId: order.id, mail: 'vendor new order' },
  );
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
) {
  if (actorRole === 'customer' && order.status === 'cancelled' && order.paidAt) {
    await send(
      deps,
      async () => {
        const to = await vendorOwnerEmail(deps, order);
        return to
          ? vendorOrderCancelledEmail(to, order, note, `${deps.config.publicUrl}/vendor-dashboard`)
          : null;
      },
      { orderId: order.id, mail: 'vendor order cancelled' },
    );
  }
  await send(
    deps,
    async () => {
      const to = await customerEmail(deps, order.customerId);
      return to
        ? orderStatusEmail(to, order, from, note, refund, `${deps.config.publicUrl}/dashboard`)
        : null;
    },
    { orderId: order.id, mail: 'order status' },
  );
}

/** The courier changed an order without moving its status: the customer hears what changed. */
export async function notifyOrderUpdated(deps: AppDeps, order: OrderRow, note: string) {
  await send(
    deps,
    async () => {
      const to = await customerEmail(deps, order.customerId);
      return to ? orderUpdatedEmail(to, order, note, `${deps.config.publicUrl}/dashboard`) : null;
    },
    { orderId: order.id, mail: 'order updated' },
  );
}
