import { describe, expect, it } from 'vitest';
import {
  type ClaimOrderFacts,
  claimCap,
  claimSplit,
  claimWindowProblem,
  courierDeadline,
  lossClaimSignal,
} from './claims.rules';

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
  it('is the standard liability without cover and the cover with it, whatever is left of the payment', () => {
    expect(claimCap({ coverAmount: 0 })).toBe(2000);
    expect(claimCap({ coverAmount: 50_000 })).toBe(50_000);
  });

  it('pays what is left of the payment as a refund and the rest by payout', () => {
    expect(claimSplit(50_000, 900)).toEqual({ refundPart: 900, payoutPart: 49_100 });
    expect(claimSplit(500, 900)).toEqual({ refundPart: 500, payoutPart: 0 });
    expect(claimSplit(1500, 0)).toEqual({ refundPart: 0, payoutPart: 1500 });
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

describe('the loss claim signal', () => {
  // The last scan: Tuesday 13 January 2026, 10:00 UK.
  const scan = { at: new Date('2026-01-13T10:00:00Z'), kind: null };

  it('offers a loss claim after 5 working days without a scan, from the day after the 5th', () => {
    const order = { status: 'in_transit', lastScan: scan };
    // The 5th working day after Tuesday 13th is Tuesday 20th.
    expect(lossClaimSignal(order, new Date('2026-01-20T23:59:00Z'), 5)).toBeNull();
    expect(lossClaimSignal(order, new Date('2026-01-21T00:00:00Z'), 5)).toEqual({
      reason: 'no_scan',
      since: scan.at,
    });
    // The setting moves it: 2 working days means from Friday 16th.
    expect(lossClaimSignal(order, new Date('2026-01-15T12:00:00Z'), 2)).toBeNull();
    expect(lossClaimSignal(order, new Date('2026-01-16T00:30:00Z'), 2)?.reason).toBe('no_scan');
    // Weekends are not working days: last scanned Friday 16th, quiet until Friday 23rd.
    const friday = { status: 'in_transit', lastScan: { at: new Date('2026-01-16T10:00:00Z'), kind: null } };
    expect(lossClaimSignal(friday, new Date('2026-01-23T12:00:00Z'), 5)).toBeNull();
    expect(lossClaimSignal(friday, new Date('2026-01-24T12:00:00Z'), 5)?.reason).toBe('no_scan');
  });

  it('offers one at once after a tracking exception, until a later scan', () => {
    const exception = { at: scan.at, kind: 'exception' };
    for (const status of ['pending', 'confirmed', 'in_transit']) {
      expect(lossClaimSignal({ status, lastScan: exception }, scan.at, 5)).toEqual({
        reason: 'exception',
        since: scan.at,
      });
    }
    expect(
      lossClaimSignal({ status: 'in_transit', lastScan: { ...scan, kind: 'out_for_delivery' } }, scan.at, 5),
    ).toBeNull();
  });

  it('offers nothing for a parcel delivered, cancelled, unpaid or not yet collected and quiet', () => {
    const late = new Date('2026-03-01T10:00:00Z');
    for (const status of ['delivered', 'cancelled', 'awaiting_payment']) {
      expect(lossClaimSignal({ status, lastScan: { ...scan, kind: 'exception' } }, late, 5)).toBeNull();
    }
    expect(lossClaimSignal({ status: 'confirmed', lastScan: scan }, late, 5)).toBeNull();
    expect(lossClaimSignal({ status: 'in_transit', lastScan: null }, late, 5)).toBeNull();
  });

  it('offers one for a parcel never collected, once its collection date is that many working days past', () => {
    // Booked for Monday 12 January 2026, confirmed, and no scan since: quiet through Monday 19th.
    const confirmed = {
      status: 'confirmed',
      lastScan: { at: new Date('2026-01-09T15:00:00Z'), kind: null },
      collectionDate: '2026-01-12',
    };
    expect(lossClaimSignal(confirmed, new Date('2026-01-19T23:59:00Z'), 5)).toBeNull();
    expect(lossClaimSignal(confirmed, new Date('2026-01-20T00:00:00Z'), 5)).toEqual({
      reason: 'no_scan',
      since: confirmed.lastScan.at,
    });
    // Pending (paid, not yet confirmed) counts the same; the setting moves it (2: from Friday 15th).
    expect(
      lossClaimSignal({ ...confirmed, status: 'pending' }, new Date('2026-01-14T12:00:00Z'), 2),
    ).toBeNull();
    expect(
      lossClaimSignal({ ...confirmed, status: 'pending' }, new Date('2026-01-15T00:30:00Z'), 2)?.reason,
    ).toBe('no_scan');
    // A courier's tracking event before collection does not restart the count: it is still not collected.
    const scanned = { ...confirmed, lastScan: { at: new Date('2026-01-16T10:00:00Z'), kind: 'note' } };
    expect(lossClaimSignal(scanned, new Date('2026-01-20T09:00:00Z'), 5)?.since).toEqual(scanned.lastScan.at);
    // Nor for a collection date still ahead.
    expect(
      lossClaimSignal({ ...confirmed, collectionDate: '2026-02-02' }, new Date('2026-01-20T09:00:00Z'), 5),
    ).toBeNull();
  });

  it('lets a loss claim be filed at once while the signal holds, before the promised date’s grace', () => {
    const early = new Date('2026-01-14T10:00:00Z');
    expect(claimWindowProblem('loss', inTransit, early)).toMatch(/3 working days past/);
    expect(claimWindowProblem('loss', { ...inTransit, lossSignal: true }, early)).toBeNull();
  });
});
