/**
 * The adjustment state machine (docs/claims-and-returns.md, "Adjustments"), as a pure function:
 * one row per move, who may make it, from where, to where. `moveAdjustment`
 * (adjustments.change.ts) asks it before every write.
 *
 *   (filed by the courier) awaiting_customer --accept (customer)--> accepted --pay (system)--> paid
 *                                            --dispute (customer)--> disputed --uphold (staff)--> upheld --pay--> paid
 *                                                                             --overturn (staff)--> overturned
 */
import type { AdjustmentStatus } from '../../domain/statuses';

export const ADJUSTMENT_MOVES = ['accept', 'dispute', 'uphold', 'overturn', 'pay'] as const;
export type AdjustmentMove = (typeof ADJUSTMENT_MOVES)[number];

export type AdjustmentActorRole = 'customer' | 'vendor' | 'admin' | 'system';

const MOVES: Record<
  AdjustmentMove,
  { by: AdjustmentActorRole; from: readonly AdjustmentStatus[]; to: AdjustmentStatus; past: string }
> = {
  accept: { by: 'customer', from: ['awaiting_customer'], to: 'accepted', past: 'accepted' },
  dispute: { by: 'customer', from: ['awaiting_customer'], to: 'disputed', past: 'disputed' },
  uphold: { by: 'admin', from: ['disputed'], to: 'upheld', past: 'upheld' },
  overturn: { by: 'admin', from: ['disputed'], to: 'overturned', past: 'overturned' },
  pay: { by: 'system', from: ['accepted', 'upheld'], to: 'paid', past: 'paid' },
};

export type AdjustmentMoveResult = { ok: true; to: AdjustmentStatus } | { ok: false; reason: string };

/** Where `move` by `role` takes an adjustment in `status`, or why it may not. */
export function nextAdjustmentStatus(
  status: AdjustmentStatus,
  move: AdjustmentMove,
  role: AdjustmentActorRole,
): AdjustmentMoveResult {
  const row = MOVES[move];
  if (row.by !== role) return { ok: false, reason: `Only ${roleName(row.by)} may ${move} an adjustment` };
  if (!row.from.includes(status)) {
    return {
      ok: false,
      reason: `An adjustment that is ${status.replace('_', ' ')} cannot be ${row.past}`,
    };
  }
  return { ok: true, to: row.to };
}

/** The customer owes the difference (and may pay it now): accepted, or upheld by staff. */
export const isPayable = (status: AdjustmentStatus) => status === 'accepted' || status === 'upheld';

/** Nothing more happens: paid, or overturned by staff. */
export const isAdjustmentFinal = (status: AdjustmentStatus) => status === 'paid' || status === 'overturned';

function roleName(role: AdjustmentActorRole) {
  return { customer: 'the customer', vendor: 'the courier', admin: 'staff', system: 'Consign itself' }[role];
}
