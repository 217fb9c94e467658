import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_FACTS, orderStatusesWhere } from '../../domain/statuses';
import {
  allowedNextStatuses,
  CUSTOMER_CANCEL_WINDOW_MS,
  checkTransition,
  FINAL_STATUSES,
  ORDER_STATUSES,
  type OrderActorRole,
  type OrderStatus,
  TRANSITIONS,
} from './status';

const paidAt = new Date('2026-03-10T10:00:00Z');
const within = new Date(paidAt.getTime() + CUSTOMER_CANCEL_WINDOW_MS);
const after = new Date(paidAt.getTime() + CUSTOMER_CANCEL_WINDOW_MS + 1);

type Row = [from: OrderStatus, to: OrderStatus, actor: OrderActorRole, now: Date, expected: true | string];

// Every row is one rule of docs/architecture.md §4: true = allowed, otherwise the denial code.
const table: Row[] = [
  // paying is the system's move only
  ['awaiting_payment', 'pending', 'system', within, true],
  ['awaiting_payment', 'pending', 'customer', within, 'not_allowed'],
  ['awaiting_payment', 'pending', 'vendor', within, 'not_allowed'],
  // the vendor (or an admin) moves a paid order along, one step at a time
  ['pending', 'confirmed', 'vendor', after, true],
  ['pending', 'confirmed', 'admin', after, true],
  ['pending', 'confirmed', 'customer', within, 'not_allowed'],
  ['confirmed', 'in_transit', 'vendor', after, true],
  ['in_transit', 'delivered', 'vendor', after, true],
  ['in_transit', 'delivered', 'customer', after, 'not_allowed'],
  ['pending', 'in_transit', 'vendor', after, 'illegal_transition'],
  ['pending', 'delivered', 'vendor', after, 'illegal_transition'],
  ['confirmed', 'pending', 'vendor', after, 'illegal_transition'],
  ['in_transit', 'confirmed', 'vendor', after, 'illegal_transition'],
  ['pending', 'awaiting_payment', 'system', after, 'illegal_transition'],
  // customer cancels: unpaid always; paid within the hour and before transit
  ['awaiting_payment', 'cancelled', 'customer', after, true],
  ['pending', 'cancelled', 'customer', within, true],
  ['pending', 'cancelled', 'customer', after, 'cancel_window_closed'],
  ['confirmed', 'cancelled', 'customer', within, true],
  ['confirmed', 'cancelled', 'customer', after, 'cancel_window_closed'],
  ['in_transit', 'cancelled', 'customer', within, 'not_allowed'],
  // vendor and admin cancel up to and including in transit, whenever
  ['pending', 'cancelled', 'vendor', after, true],
  ['confirmed', 'cancelled', 'vendor', after, true],
  ['in_transit', 'cancelled', 'vendor', after, true],
  ['in_transit', 'cancelled', 'admin', after, true],
  ['awaiting_payment', 'cancelled', 'system', after, true],
  // final states
  ['delivered', 'cancelled', 'vendor', after, 'order_final'],
  ['delivered', 'in_transit', 'admin', after, 'order_final'],
  ['cancelled', 'pending', 'system', after, 'order_final'],
  ['cancelled', 'confirmed', 'vendor', after, 'order_final'],
  // no-op
  ['pending', 'pending', 'vendor', after, 'no_change'],
];

describe('order status machine', () => {
  it.each(table)('%s -> %s by %s at %s: %s', (from, to, actor, now, expected) => {
    const result = checkTransition({
      from,
      to,
      actor,
      now,
      paidAt: from === 'awaiting_payment' ? null : paidAt,
    });
    if (expected === true) expect(result).toEqual({ ok: true });
    else expect(result).toMatchObject({ ok: false, code: expected });
  });

  it('says why in words people read', () => {
    const late = checkTransition({ from: 'pending', to: 'cancelled', actor: 'customer', paidAt, now: after });
    expect(late).toMatchObject({ message: expect.stringMatching(/within 1 hour of payment/) });
    const transit = checkTransition({
      from: 'in_transit',
      to: 'cancelled',
      actor: 'customer',
      paidAt,
      now: within,
    });
    expect(transit).toMatchObject({ message: 'An order in transit can no longer be cancelled' });
    const illegal = checkTransition({
      from: 'pending',
      to: 'delivered',
      actor: 'vendor',
      paidAt,
      now: within,
    });
    expect(illegal).toMatchObject({ message: 'An order cannot go from pending to delivered' });
  });

  it('treats a paid order without a payment time as outside the customer window', () => {
    expect(
      checkTransition({ from: 'pending', to: 'cancelled', actor: 'customer', paidAt: null, now: within }),
    ).toMatchObject({ ok: false, code: 'cancel_window_closed' });
  });

  it('lists the moves each actor can make', () => {
    expect(allowedNextStatuses({ status: 'pending', paidAt }, 'vendor', after)).toEqual([
      'confirmed',
      'cancelled',
    ]);
    expect(allowedNextStatuses({ status: 'pending', paidAt }, 'customer', within)).toEqual(['cancelled']);
    expect(allowedNextStatuses({ status: 'pending', paidAt }, 'customer', after)).toEqual([]);
    for (const status of ['delivered', 'cancelled'] as const) {
      for (const actor of ['customer', 'vendor', 'admin', 'system'] as const) {
        expect(allowedNextStatuses({ status, paidAt }, actor, within)).toEqual([]);
      }
    }
    // nobody but the system can make an order paid
    for (const status of ORDER_STATUSES) {
      for (const actor of ['customer', 'vendor', 'admin'] as const) {
        expect(allowedNextStatuses({ status, paidAt }, actor, within)).not.toContain('pending');
      }
    }
  });
});

describe('the status table and the transition table agree', () => {
  it('lets a courier set exactly the statuses the table says it may', () => {
    const byVendor = ORDER_STATUSES.filter((to) =>
      TRANSITIONS.some((r) => r.to === to && r.by.includes('vendor')),
    );
    expect(orderStatusesWhere((s) => s.courierSets)).toEqual(byVendor);
  });

  it('leaves a final status by no move, and reaches every other status by some move', () => {
    for (const status of ORDER_STATUSES) {
      expect(TRANSITIONS.some((r) => r.from === status)).toBe(!FINAL_STATUSES.has(status));
      if (status !== 'awaiting_payment') expect(TRANSITIONS.some((r) => r.to === status)).toBe(true);
    }
  });

  it('moves only a paid order into a status only paid orders reach', () => {
    for (const rule of TRANSITIONS) {
      if (ORDER_STATUS_FACTS[rule.to].paid === 'always' && ORDER_STATUS_FACTS[rule.from].paid === 'never') {
        expect(rule.by).toEqual(['system']);
      }
    }
  });
});
