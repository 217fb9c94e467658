import { NO_ROUND, type TrackingState } from '@consign/shared/tracking';
import { describe, expect, it } from 'vitest';
import { trackingHelp } from './tracking-help';

const TODAY = '2026-11-30';
const state = (over: Partial<TrackingState>): TrackingState => ({
  status: 'in_transit',
  latestEvent: null,
  promisedDelivery: '2026-12-02',
  delayed: false,
  today: TODAY,
  deliveredAt: null,
  ...over,
});
const out = (day: string, round = NO_ROUND) => ({ kind: 'out_for_delivery' as const, day, round });
const ESTIMATE = /expected day is the courier’s estimate/;

describe('the tracking page’s help for each moment', () => {
  it.each(['pending', 'confirmed', 'in_transit'] as const)(
    '%s: the expected day is the estimate',
    (status) => {
      expect(trackingHelp(state({ status }))).toMatch(ESTIMATE);
    },
  );

  it('out for delivery today: the driver’s window is the estimate, never the expected day', () => {
    const help = trackingHelp(
      state({ latestEvent: out(TODAY, { driverName: 'Sam', windowFrom: '10:00', windowTo: '12:00' }) }),
    );
    expect(help).toBe(
      'The time window is the courier’s estimate for today’s round: the driver may come a little earlier or later.',
    );
    expect(trackingHelp(state({ latestEvent: out(TODAY) }))).toBe(
      'The driver has the parcel on today’s round; the courier has not given a time.',
    );
  });

  it('out for delivery on an earlier day: the expected day again, as the headline says', () => {
    expect(trackingHelp(state({ latestEvent: out('2026-11-27') }))).toMatch(ESTIMATE);
  });

  it('delivered: no estimate (the page gives its own advice); cancelled: none either', () => {
    expect(trackingHelp(state({ status: 'delivered', deliveredAt: 'Mon, 30 Nov 2026, 11:02' }))).toBeNull();
    const cancelled = trackingHelp(state({ status: 'cancelled' }));
    expect(cancelled).toMatch(/^This delivery was cancelled/);
    expect(cancelled).not.toMatch(/estimate|expected/);
  });

  it('delayed, late, or without a day: says which day it means', () => {
    expect(trackingHelp(state({ delayed: true }))).toMatch(/^The new day is the courier’s estimate/);
    expect(trackingHelp(state({ promisedDelivery: '2026-11-27' }))).toMatch(/^The expected day has passed/);
    expect(trackingHelp(state({ promisedDelivery: null }))).toMatch(/has not given an expected day yet/);
  });

  it('an attempt or a problem: what happens next', () => {
    const at = (kind: 'delivery_attempted' | 'exception') => ({ kind, day: TODAY, round: NO_ROUND });
    expect(trackingHelp(state({ latestEvent: at('delivery_attempted') }))).toMatch(/could not deliver/);
    expect(trackingHelp(state({ latestEvent: at('exception') }))).toMatch(/held the parcel up/);
  });
});
