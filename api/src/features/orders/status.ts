/**
 * The order status machine of docs/architecture.md §4, as data plus one pure function, so that every caller
 * (booking, payment, cancel, the vendor's PATCH, jobs, the reconciler) applies the same rules and
 * the table can be tested on its own.
 *
 * ```
 * awaiting_payment --pay--> pending --vendor--> confirmed --vendor--> in_transit --vendor--> delivered
 *       |                      |                    |                      |
 *       +-------cancel---------+------cancel--------+---(vendor only)------+--> cancelled
 * ```
 *
 * A customer may cancel an unpaid order at any time, and a paid one within 1 hour of payment as
 * long as it is not in transit. Delivered and cancelled are final.
 */
import { ORDER_STATUSES, type OrderActorRole, type OrderStatus } from '../../db/schema';
import { orderStatusesWhere, statusInProse } from '../../domain/statuses';

export { ORDER_STATUSES, type OrderActorRole, type OrderStatus };

export const CUSTOMER_CANCEL_WINDOW_MS = 60 * 60 * 1000;

export const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set(orderStatusesWhere((s) => s.final));

type Rule = { from: OrderStatus; to: OrderStatus; by: readonly OrderActorRole[] };

const COURIER: readonly OrderActorRole[] = ['vendor', 'admin'];
const ANYONE: readonly OrderActorRole[] = ['customer', 'vendor', 'admin', 'system'];

/**
 * Every legal move and who may make it, by the status an order is in: a row for every status
 * (a final one moves nowhere), so a new status does not compile until its moves are written.
 * Payment is the system's move (the capture, the webhook or the reconciler), never a person's.
 * Admins may do whatever a vendor may do; the system may cancel (an unpaid order that expired, a
 * job that could not be fulfilled).
 */
const MOVES: Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderActorRole[]>>> = {
  awaiting_payment: { pending: ['system'], cancelled: ANYONE },
  pending: { confirmed: COURIER, cancelled: ANYONE },
  confirmed: { in_transit: COURIER, cancelled: ANYONE },
  in_transit: { delivered: COURIER, cancelled: ['vendor', 'admin', 'system'] },
  delivered: {},
  cancelled: {},
};

export const TRANSITIONS: readonly Rule[] = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.flatMap((to) => {
    const by = MOVES[from][to];
    return by ? [{ from, to, by }] : [];
  }),
);

export type TransitionRequest = {
  from: OrderStatus;
  to: OrderStatus;
  actor: OrderActorRole;
  /** When the order was paid; the customer's cancel window starts here. */
  paidAt: Date | null;
  now: Date;
};

export type TransitionDenial = {
  code: 'order_final' | 'illegal_transition' | 'not_allowed' | 'cancel_window_closed' | 'no_change';
  message: string;
};

export type TransitionCheck = { ok: true } | ({ ok: false } & TransitionDenial);

/** "in transit" for "in_transit": how statuses read in messages and emails. */
export const statusLabel = (status: OrderStatus) => statusInProse(status);

/** Decides whether `actor` may move an order from `from` to `to` now. Pure. */
export function checkTransition(request: TransitionRequest): TransitionCheck {
  const { from, to, actor, paidAt, now } = request;
  if (FINAL_STATUSES.has(from)) {
    return {
      ok: false,
      code: 'order_final',
      message: `The order is ${statusLabel(from)}; its status can no longer change`,
    };
  }
  if (from === to) {
    return { ok: false, code: 'no_change', message: `The order is already ${statusLabel(from)}` };
  }
  const rule = TRANSITIONS.find((r) => r.from === from && r.to === to);
  if (!rule) {
    return {
      ok: false,
      code: 'illegal_transition',
      message: `An order cannot go from ${statusLabel(from)} to ${statusLabel(to)}`,
    };
  }
  if (!rule.by.includes(actor)) {
    return {
      ok: false,
      code: 'not_allowed',
      message:
        to === 'cancelled'
          ? 'An order in transit can no longer be cancelled'
          : `Only the courier can mark an order ${statusLabel(to)}`,
    };
  }
  if (actor === 'customer' && to === 'cancelled' && from !== 'awaiting_payment') {
    // A paid order without a payment time cannot happen; treat it as outside the window.
    const paidMs = paidAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    if (now.getTime() - paidMs > CUSTOMER_CANCEL_WINDOW_MS) {
      return {
        ok: false,
        code: 'cancel_window_closed',
        message: 'Orders can be cancelled within 1 hour of payment; this one can no longer be cancelled',
      };
    }
  }
  return { ok: true };
}

/** The statuses `actor` could move the order to now: what the clients offer as actions. */
export function allowedNextStatuses(
  state: { status: OrderStatus; paidAt: Date | null },
  actor: OrderActorRole,
  now: Date,
): OrderStatus[] {
  return ORDER_STATUSES.filter(
    (to) => checkTransition({ from: state.status, to, actor, paidAt: state.paidAt, now }).ok,
  );
}
