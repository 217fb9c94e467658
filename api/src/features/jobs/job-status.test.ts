import { describe, expect, it } from 'vitest';
import { JOB_STATUS_FACTS, JOB_STATUSES } from '../../domain/statuses';
import { jobMovesFrom, mayMoveJob } from './job-status';

describe('the job status machine', () => {
  it.each([
    ['awaiting_payment', 'open', 'system', true],
    ['awaiting_payment', 'open', 'customer', false],
    ['open', 'accepted', 'vendor', true],
    ['awaiting_payment', 'accepted', 'vendor', false],
    ['open', 'accepted', 'admin', false],
    ['open', 'withdrawn', 'customer', true],
    ['awaiting_payment', 'withdrawn', 'customer', true],
    ['open', 'withdrawn', 'admin', true],
    ['open', 'withdrawn', 'system', true],
    ['open', 'withdrawn', 'vendor', false],
    ['open', 'expired', 'system', true],
    ['open', 'expired', 'customer', false],
    ['accepted', 'withdrawn', 'customer', false],
    ['expired', 'open', 'system', false],
  ] as const)('%s -> %s by %s: %s', (from, to, actor, allowed) => {
    expect(mayMoveJob(from, to, actor)).toBe(allowed);
  });

  it('moves no job out of a final status, and every other one somewhere', () => {
    for (const from of JOB_STATUSES) {
      const leaves = JOB_STATUSES.some((to) =>
        (['customer', 'vendor', 'admin', 'system'] as const).some((actor) => mayMoveJob(from, to, actor)),
      );
      expect(leaves).toBe(!JOB_STATUS_FACTS[from].final);
    }
  });

  it('names where each move may start', () => {
    expect(jobMovesFrom('withdrawn', 'customer')).toEqual(['awaiting_payment', 'open']);
    expect(jobMovesFrom('accepted', 'vendor')).toEqual(['open']);
    expect(jobMovesFrom('accepted', 'customer')).toEqual([]);
  });
});
