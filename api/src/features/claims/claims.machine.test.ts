import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, type ClaimStatus } from '../../domain/statuses';
import {
  CLAIM_MOVES,
  type ClaimActorRole,
  type ClaimMove,
  claimRecordDelta,
  isClaimFinal,
  nextClaimStatus,
} from './claims.machine';

/** The legal moves, written out once more by hand: every other (state, move, role) is refused. */
const LEGAL: [ClaimStatus, boolean, ClaimMove, ClaimActorRole, ClaimStatus][] = [
  ['submitted', false, 'send', 'system', 'with_courier'],
  ['with_courier', false, 'accept', 'vendor', 'accepted'],
  ['with_courier', false, 'part_accept', 'vendor', 'part_accepted'],
  ['with_courier', false, 'reject', 'vendor', 'rejected'],
  ['with_courier', false, 'escalate', 'system', 'escalated'],
  ['rejected', false, 'decide_accept', 'admin', 'accepted'],
  ['rejected', false, 'decide_part_accept', 'admin', 'part_accepted'],
  ['rejected', false, 'decide_reject', 'admin', 'rejected'],
  ['escalated', false, 'decide_accept', 'admin', 'accepted'],
  ['escalated', false, 'decide_part_accept', 'admin', 'part_accepted'],
  ['escalated', false, 'decide_reject', 'admin', 'rejected'],
  ['accepted', false, 'pay', 'system', 'paid'],
  ['part_accepted', false, 'pay', 'system', 'paid'],
  ['accepted', true, 'pay', 'system', 'paid'],
  ['part_accepted', true, 'pay', 'system', 'paid'],
];
const ROLES: ClaimActorRole[] = ['customer', 'vendor', 'admin', 'system'];

describe('the claim machine', () => {
  const cases = CLAIM_STATUSES.flatMap((status) =>
    [false, true].flatMap((decided) =>
      CLAIM_MOVES.flatMap((move) => ROLES.map((role) => [status, decided, move, role] as const)),
    ),
  );

  it.each(cases)('%s (decided by staff: %s), %s by %s', (status, decidedByStaff, move, role) => {
    const legal = LEGAL.find(
      ([s, d, m, r]) => s === status && d === decidedByStaff && m === move && r === role,
    );
    const result = nextClaimStatus({ status, decidedByStaff }, move, role);
    if (legal) expect(result).toEqual({ ok: true, to: legal[4] });
    else expect(result).toMatchObject({ ok: false, reason: expect.any(String) });
  });

  it('knows what is final: paid, or rejected once staff have decided', () => {
    expect(isClaimFinal({ status: 'paid', decidedByStaff: false })).toBe(true);
    expect(isClaimFinal({ status: 'rejected', decidedByStaff: false })).toBe(false);
    expect(isClaimFinal({ status: 'rejected', decidedByStaff: true })).toBe(true);
    expect(isClaimFinal({ status: 'escalated', decidedByStaff: false })).toBe(false);
  });

  it('explains a refusal in words', () => {
    expect(nextClaimStatus({ status: 'with_courier', decidedByStaff: false }, 'accept', 'customer')).toEqual({
      ok: false,
      reason: 'Only the courier may accept a claim',
    });
    expect(nextClaimStatus({ status: 'paid', decidedByStaff: false }, 'reject', 'vendor')).toEqual({
      ok: false,
      reason: 'A claim that is paid cannot be rejected',
    });
  });
});

describe('what a change adds to the courier’s record', () => {
  it('counts a claim when filed and once when decided for good, never at the payment', () => {
    expect(claimRecordDelta({ status: 'submitted', decidedByStaff: false }, null)).toEqual({ claims: 1 });
    expect(claimRecordDelta({ status: 'with_courier', decidedByStaff: false }, 'submitted')).toBeNull();
    expect(claimRecordDelta({ status: 'accepted', decidedByStaff: false }, 'with_courier')).toEqual({
      claimsDecided: 1,
      claimsAccepted: 1,
    });
    expect(claimRecordDelta({ status: 'part_accepted', decidedByStaff: true }, 'escalated')).toEqual({
      claimsDecided: 1,
      claimsAccepted: 1,
    });
    // A courier's rejection, or an escalation, waits for staff.
    expect(claimRecordDelta({ status: 'rejected', decidedByStaff: false }, 'with_courier')).toBeNull();
    expect(claimRecordDelta({ status: 'escalated', decidedByStaff: false }, 'with_courier')).toBeNull();
    expect(claimRecordDelta({ status: 'rejected', decidedByStaff: true }, 'rejected')).toEqual({
      claimsDecided: 1,
      claimsAccepted: 0,
    });
    expect(claimRecordDelta({ status: 'paid', decidedByStaff: false }, 'accepted')).toBeNull();
  });
});
