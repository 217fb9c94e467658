import { describe, expect, it } from 'vitest';
import { type ClaimOrderFacts, claimCap, claimWindowProblem, courierDeadline } from './claims.rules';

const delivered: ClaimOrderFacts = {
  status: 'delivered',
  collectionDate: '2026-01-12',
  promisedDelivery: '2026-01-13',
  // Tuesday 13 January 2026, 10:00 UK.
  deliveredAt: new Date('2026-01-13T10:00:00Z'),
  coverAmount: 0,
};
const inTransit: ClaimOrderFacts = { ...delivered, status: 'in_transit', deliveredAt: null };

describe('claim windows', () => {
  it('takes damage until the end of the 5th working day after delivery (UK time)', () => {
    expect(claimWindowProblem('damage', delivered, new Date('2026-01-20T23:59:00Z'))).toBeNull();
    expect(claimWindowProblem('damage', delivered, new Date('2026-01-21T00:00:00Z'))).toMatch(
      /within 5 working days/,
    );
  });

  it('takes damage only once delivered, and loss only while not delivered', () => {
    expect(claimWindowProblem('damage', inTransit, new Date('2026-01-14T10:00:00Z'))).toMatch(
      /once the parcel is delivered/,
    );
    expect(claimWindowProblem('loss', delivered, new Date('2026-01-14T10:00:00Z'))).toMatch(
      /claim for damage/,
    );
    expect(
      claimWindowProblem('loss', { ...inTransit, status: 'cancelled' }, new Date('2026-01-30T10:00:00Z')),
    ).toMatch(/paid order under way/);
  });

  it('counts a parcel lost 3 working days after its promised date', () => {
    // Promised Tue 13th: 3 working days later is Fri 16th; lost from Sat 17th.
    expect(claimWindowProblem('loss', inTransit, new Date('2026-01-16T12:00:00Z'))).toMatch(
      /after 2026-01-16/,
    );
    expect(claimWindowProblem('loss', inTransit, new Date('2026-01-17T12:00:00Z'))).toBeNull();
  });

  it('takes nothing 9 months after collection', () => {
    expect(claimWindowProblem('loss', inTransit, new Date('2026-10-11T12:00:00Z'))).toBeNull();
    expect(claimWindowProblem('loss', inTransit, new Date('2026-10-13T12:00:00Z'))).toMatch(/9 months/);
  });
});

describe('claim caps', () => {
  it('is the standard liability without cover, the cover with it, never above what can be refunded', () => {
    expect(claimCap({ coverAmount: 0 }, 10_000)).toEqual({ liability: 2000, refundable: 10_000, cap: 2000 });
    expect(claimCap({ coverAmount: 5000 }, 10_000)).toEqual({
      liability: 5000,
      refundable: 10_000,
      cap: 5000,
    });
    expect(claimCap({ coverAmount: 5000 }, 1200)).toEqual({ liability: 5000, refundable: 1200, cap: 1200 });
    expect(claimCap({ coverAmount: 0 }, 0).cap).toBe(0);
  });
});

describe('the courier’s deadline', () => {
  it('is the end of the 3rd working day after filing, skipping weekends and bank holidays', () => {
    // Filed Thu 21 May 2026 (BST); Mon 25 May is a bank holiday: Fri 22, Tue 26, Wed 27.
    expect(courierDeadline(new Date('2026-05-21T09:00:00Z'), 3).toISOString()).toBe(
      '2026-05-27T22:59:59.999Z',
    );
    // Winter (GMT): filed Tue 13 Jan, due by the end of Fri 16 Jan.
    expect(courierDeadline(new Date('2026-01-13T09:00:00Z'), 3).toISOString()).toBe(
      '2026-01-16T23:59:59.999Z',
    );
  });
});
