/**
 * The claim state machine (docs/claims-and-returns.md, "States"), as a pure function: one row per
 * move, who may make it, from where, to where. `changeClaim` (claims.change.ts) asks it before
 * every write, so the API cannot move a claim any other way.
 *
 *   submitted --send (system)--> with_courier --accept / part_accept / reject (courier)--> accepted | part_accepted | rejected
 *                                     |--escalate (system, deadline passed)--> escalated
 *   rejected (by the courier) | escalated --decide (staff)--> accepted | part_accepted | rejected (final)
 *   accepted | part_accepted --pay (system)--> paid
 */
import type { ClaimStatus } from '../../domain/statuses';

export const CLAIM_MOVES = [
  'send',
  'accept',
  'part_accept',
  'reject',
  'escalate',
  'decide_accept',
  'decide_part_accept',
  'decide_reject',
  'pay',
] as const;
export type ClaimMove = (typeof CLAIM_MOVES)[number];

export type ClaimActorRole = 'customer' | 'vendor' | 'admin' | 'system';

/** What the machine needs of a claim: its status, and whether staff have decided it. */
export type ClaimState = { status: ClaimStatus; decidedByStaff: boolean };

const MOVES: Record<
  ClaimMove,
  { by: ClaimActorRole; from: readonly ClaimStatus[]; to: ClaimStatus; staffOnly?: true }
> = {
  send: { by: 'system', from: ['submitted'], to: 'with_courier' },
  accept: { by: 'vendor', from: ['with_courier'], to: 'accepted' },
  part_accept: { by: 'vendor', from: ['with_courier'], to: 'part_accepted' },
  reject: { by: 'vendor', from: ['with_courier'], to: 'rejected' },
  escalate: { by: 'system', from: ['with_courier'], to: 'escalated' },
  decide_accept: { by: 'admin', from: ['rejected', 'escalated'], to: 'accepted' },
  decide_part_accept: { by: 'admin', from: ['rejected', 'escalated'], to: 'part_accepted' },
  decide_reject: { by: 'admin', from: ['rejected', 'escalated'], to: 'rejected' },
  pay: { by: 'system', from: ['accepted', 'part_accepted'], to: 'paid' },
};

export type ClaimMoveResult = { ok: true; to: ClaimStatus } | { ok: false; reason: string };

/** Where `move` by `role` takes a claim in `state`, or why it may not. */
export function nextClaimStatus(state: ClaimState, move: ClaimMove, role: ClaimActorRole): ClaimMoveResult {
  const row = MOVES[move];
  if (row.by !== role) return { ok: false, reason: `Only ${roleName(row.by)} may ${moveName(move)} a claim` };
  if (!row.from.includes(state.status)) {
    return {
      ok: false,
      reason: `A claim that is ${state.status.replace('_', ' ')} cannot be ${pastName(move)}`,
    };
  }
  // A courier's rejection waits for staff; once staff have decided, only the payment follows.
  if (state.decidedByStaff && move !== 'pay')
    return { ok: false, reason: 'Staff have already decided this claim' };
  return { ok: true, to: row.to };
}

/** Nothing more happens to a claim: paid, or rejected by staff. */
export function isClaimFinal(state: ClaimState): boolean {
  return state.status === 'paid' || (state.status === 'rejected' && state.decidedByStaff);
}

/** Waiting for staff: escalated, or rejected by the courier and not yet reviewed. */
export function awaitsStaff(state: ClaimState): boolean {
  return state.status === 'escalated' || (state.status === 'rejected' && !state.decidedByStaff);
}

/**
 * What a change (from `from`, null when filed, to `state`) adds to the courier's record: a claim
 * filed; a claim decided for good, accepted (in full or in part, by the courier or by staff) or
 * rejected by staff. A courier's rejection waits for staff, so it decides nothing yet; the
 * payment that follows acceptance counts nothing.
 */
export function claimRecordDelta(
  state: ClaimState,
  from: ClaimStatus | null,
): { claims: 1 } | { claimsDecided: 1; claimsAccepted: 0 | 1 } | null {
  if (from === null) return { claims: 1 };
  if (state.status === 'accepted' || state.status === 'part_accepted') {
    return { claimsDecided: 1, claimsAccepted: 1 };
  }
  if (state.status === 'rejected' && state.decidedByStaff) return { claimsDecided: 1, claimsAccepted: 0 };
  return null;
}

function roleName(role: ClaimActorRole) {
  return { customer: 'the customer', vendor: 'the courier', admin: 'staff', system: 'Consign itself' }[role];
}

function moveName(move: ClaimMove) {
  return move.replace(/^decide_/, '').replace('_', ' ');
}

function pastName(move: ClaimMove) {
  return {
    send: 'sent to the courier',
    accept: 'accepted',
    part_accept: 'part accepted',
    reject: 'rejected',
    escalate: 'escalated',
    decide_accept: 'accepted by staff',
    decide_part_accept: 'part accepted by staff',
    decide_reject: 'rejected by staff',
    pay: 'paid',
  }[move];
}
