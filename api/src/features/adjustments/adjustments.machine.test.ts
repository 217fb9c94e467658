import { describe, expect, it } from 'vitest';
import { ADJUSTMENT_STATUSES, type AdjustmentStatus } from '../../domain/statuses';
import {
  ADJUSTMENT_MOVES,
  type AdjustmentActorRole,
  type AdjustmentMove,
  isAdjustmentFinal,
  isPayable,
  nextAdjustmentStatus,
} from './adjustments.machine';

/** The legal moves, written out once more by hand: every other (state, move, role) is refused. */
const LEGAL: [AdjustmentStatus, AdjustmentMove, AdjustmentActorRole, AdjustmentStatus][] = [
  ['awaiting_customer', 'accept', 'customer', 'accepted'],
  ['awaiting_customer', 'dispute', 'customer', 'disputed'],
  ['disputed', 'uphold', 'admin', 'upheld'],
  ['disputed', 'overturn', 'admin', 'overturned'],
  ['accepted', 'pay', 'system', 'paid'],
  ['upheld', 'pay', 'system', 'paid'],
];
const ROLES: AdjustmentActorRole[] = ['customer', 'vendor', 'admin', 'system'];

describe('the adjustment machine', () => {
  const cases = ADJUSTMENT_STATUSES.flatMap((status) =>
    ADJUSTMENT_MOVES.flatMap((move) => ROLES.map((role) => [status, move, role] as const)),
  );

  it.each(cases)('%s, %s by %s', (status, move, role) => {
    const legal = LEGAL.find(([s, m, r]) => s === status && m === move && r === role);
    const result = nextAdjustmentStatus(status, move, role);
    if (legal) expect(result).toEqual({ ok: true, to: legal[3] });
    else expect(result).toEqual({ ok: false, reason: expect.any(String) });
  });

  it('says why a move is refused, in words', () => {
    expect(nextAdjustmentStatus('awaiting_customer', 'uphold', 'customer')).toEqual({
      ok: false,
      reason: 'Only staff may uphold an adjustment',
    });
    expect(nextAdjustmentStatus('accepted', 'dispute', 'customer')).toEqual({
      ok: false,
      reason: 'An adjustment that is accepted cannot be disputed',
    });
  });

  it('owes money only once accepted or upheld, and ends when paid or overturned', () => {
    expect(ADJUSTMENT_STATUSES.filter(isPayable)).toEqual(['accepted', 'upheld']);
    expect(ADJUSTMENT_STATUSES.filter(isAdjustmentFinal)).toEqual(['overturned', 'paid']);
  });
});
