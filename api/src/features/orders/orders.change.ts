/**
 * The one way an existing order changes (docs/architecture.md §4): `changeOrder` reads the order under the
 * write lock, checks a status move against the status machine, writes the change, its timeline
 * event, its outbox event (lib/outbox.ts: the mail and, later, webhooks are subscribers) and
 * whatever must commit with it (an audit row) in one immediate transaction; after the commit a
 * cancelled paid order is refunded. Cancellations by customers, vendors, staff and the system, the vendor's
 * edit drawer and the admin console all go through it.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import type { OrderStatus } from '../../db/schema';
import { orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { publish } from '../../lib/outbox';
import { type RefundNote, type RefundRequest, refundIfPaid } from '../payments';
import {
  applyTransition,
  type DbOrTx,
  type OrderActor,
  type OrderRow,
  recordOrderEvent,
} from './order-store';
import { ORDER_EVENTS } from './orders.notify';
import { batchPaymentShare, orderPayment, returnChargeShare } from './orders.payment';
import { checkTransition } from './status';

/** Columns a change may write besides the status (the vendor's edit drawer). */
export type OrderEdits = Partial<
  Pick<OrderRow, 'trackingNumber' | 'labelUrl' | 'vendorNotes' | 'collectionDate' | 'estimatedDelivery'>
>;

export type OrderChange = {
  orderId: string;
  actor: OrderActor;
  /** The status to move to, checked against the status machine (409 with its message). */
  to?: OrderStatus | undefined;
  /** With `to`: a move to the status the order already has is no move (the edit drawer's save). */
  unlessAlready?: boolean;
  /** The timeline note; when absent, the edits' notes joined. */
  note?: string | null;
  /** Narrows which orders may be changed (e.g. the vendor's own, paid); others answer 404. */
  where?: SQL;
  /** Field edits, worked out under the lock from the order as it is; each with its timeline note. */
  edit?: (tx: Tx, order: OrderRow, now: Date) => Promise<{ set: OrderEdits; notes: string[] }>;
  /** Writes that commit with the change (an audit row), given the order before and after. */
  alongside?: (tx: Tx, before: OrderRow, after: OrderRow, now: Date) => Promise<void>;
  /** How a cancellation's refund is made: who bears it and who asked (default: the courier, the system). */
  refund?: Omit<RefundRequest, 'reason' | 'amount'>;
};

export type OrderChangeResult = {
  order: OrderRow;
  before: OrderRow;
  from: OrderStatus;
  /** 'status': the status moved; 'details': only fields changed; 'none': nothing did. */
  changed: 'status' | 'details' | 'none';
  note: string | null;
  refund: RefundNote;
};

/**
 * Moves an order read inside the caller's immediate transaction: checks the move against the
 * status machine (409 with its message when illegal) and writes the status with its event.
 */
export async function transitionOrder(
  tx: DbOrTx,
  order: OrderRow,
  to: OrderStatus,
  actor: OrderActor,
  now: Date,
  options: { note?: string | null } = {},
): Promise<OrderRow> {
  const check = checkTransition({ from: order.status, to, actor: actor.role, paidAt: order.paidAt, now });
  if (!check.ok) throw AppError.conflict(check.message, check.code);
  const moved = await applyTransition(tx, order, to, actor, now, { note: options.note ?? null });
  // The immediate transaction holds the write lock since the order was read, so this holds.
  if (!moved) throw new Error(`order ${order.id} changed under a write lock`);
  return moved;
}

export async function changeOrder(deps: AppDeps, change: OrderChange): Promise<OrderChangeResult> {
  const now = deps.now();
  const { actor } = change;
  const written = await deps.db.transaction(
    async (tx) => {
      const before = await tx.query.orders.findFirst({
        where: change.where
          ? and(eq(orders.id, change.orderId), change.where)
          : eq(orders.id, change.orderId),
      });
      if (!before) throw AppError.notFound('Order not found');

      const edits = change.edit ? await change.edit(tx, before, now) : { set: {}, notes: [] };
      let current = before;
      if (Object.keys(edits.set).length) {
        const [updated] = await tx
          .update(orders)
          .set({ ...edits.set, updatedAt: now })
          .where(eq(orders.id, before.id))
          .returning();
        current = updated ?? before;
      }
      const note =
        change.note !== undefined ? change.note : edits.notes.length ? edits.notes.join('; ') : null;
      const moves = change.to !== undefined && !(change.unlessAlready && change.to === before.status);
      let changed: OrderChangeResult['changed'] = 'none';
      if (moves && change.to !== undefined) {
        // Field edits ride on the status change's event: one change, one timeline entry.
        current = await transitionOrder(tx, current, change.to, actor, now, { note });
        changed = 'status';
        await publish(
          tx,
          ORDER_EVENTS.statusChanged,
          { orderId: before.id, from: before.status, to: current.status, actorRole: actor.role, note },
          now,
        );
      } else if (note) {
        // Not a status change, but still a change the customer's timeline records.
        await recordOrderEvent(tx, before.id, actor, now, { from: before.status, to: before.status, note });
        changed = 'details';
        await publish(tx, ORDER_EVENTS.updated, { orderId: before.id, note }, now);
      }
      if (change.alongside) await change.alongside(tx, before, current, now);
      return { before, after: current, changed, note };
    },
    { behavior: 'immediate' },
  );

  const { before, after, changed, note } = written;
  // A cancelled paid order is refunded: its own payment or the job's that paid for it. The mail
  // (an outbox subscriber, orders.notify) goes later and tells the refund as it then stands.
  // An order a batch made has no payment of its own: its share of the batch's goes back; so
  // does a partner-paid return's share of the partner's return charge.
  let refund: RefundNote = null;
  if (changed === 'status' && after.status === 'cancelled') {
    const own = await orderPayment(deps.db, after);
    const batch = own
      ? undefined
      : ((await batchPaymentShare(deps.db, after)) ?? (await returnChargeShare(deps.db, after)));
    refund = await refundIfPaid(
      deps,
      own ?? batch?.payment,
      `order cancelled by ${actor.role}`,
      change.refund ?? { actor: { id: actor.id, role: actor.role } },
      batch?.share,
    );
  }
  return { order: after, before, from: before.status, changed, note, refund };
}
