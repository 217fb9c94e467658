import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './statuses';
import {
  type DeliveryRound,
  deliveryRoundProblem,
  describeRound,
  EVENT_LINES,
  eventLine,
  NO_ROUND,
  type TrackingState,
  trackingSummary,
  windowParts,
} from './tracking';

const SAM: DeliveryRound = { driverName: 'Sam', windowFrom: '10:00', windowTo: '12:00' };
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

describe('the driver and window of a round', () => {
  it('reads as the email and the pages say it', () => {
    expect(describeRound(SAM)).toBe('With driver Sam, 10:00–12:00');
    expect(describeRound({ ...SAM, driverName: null })).toBe('10:00–12:00');
    expect(describeRound({ ...SAM, windowFrom: null, windowTo: null })).toBe('With driver Sam');
    expect(describeRound(NO_ROUND)).toBeNull();
    expect(eventLine('out_for_delivery', SAM)).toBe('Out for delivery: with driver Sam, 10:00–12:00');
    expect(eventLine('out_for_delivery')).toBe(EVENT_LINES.out_for_delivery);
    expect(eventLine('delayed', SAM)).toBe('Delayed');
  });

  it('is refused at its field when it does not fit', () => {
    expect(deliveryRoundProblem('out_for_delivery', SAM)).toBeNull();
    expect(deliveryRoundProblem('out_for_delivery', {})).toBeNull();
    expect(deliveryRoundProblem('delayed', { driverName: 'Sam' })?.path).toBe('driverName');
    expect(deliveryRoundProblem('exception', { windowTo: '12:00' })?.path).toBe('windowTo');
    // Not an event at all (a CSV row that changes a status): no driver or window either.
    expect(deliveryRoundProblem(null, { driverName: 'Sam' })?.message).toBe(
      'Only “out for delivery” names the driver',
    );
    expect(deliveryRoundProblem(null, NO_ROUND)).toBeNull();
    expect(deliveryRoundProblem('out_for_delivery', { windowFrom: '10:00' })).toEqual({
      path: 'windowTo',
      message: 'Give the end of the time window too',
    });
    expect(deliveryRoundProblem('out_for_delivery', { windowTo: '12:00' })?.path).toBe('windowFrom');
    expect(deliveryRoundProblem('out_for_delivery', { windowFrom: '9:00', windowTo: '12:00' })?.message).toBe(
      'Give a time of day as 24-hour HH:MM, such as 10:00',
    );
    expect(deliveryRoundProblem('out_for_delivery', { windowFrom: '12:00', windowTo: '24:00' })?.path).toBe(
      'windowTo',
    );
    expect(
      deliveryRoundProblem('out_for_delivery', { windowFrom: '12:00', windowTo: '10:00' })?.message,
    ).toBe('The window must end after it starts');
    expect(deliveryRoundProblem('out_for_delivery', { driverName: 'x'.repeat(41) })?.path).toBe('driverName');
  });
});

describe('the headline and the line under it', () => {
  it('out for delivery today: the window in the headline, the driver under it, no promised day', () => {
    const out = { kind: 'out_for_delivery' as const, day: TODAY, round: SAM };
    expect(trackingSummary(state({ latestEvent: out }))).toEqual({
      headline: 'Out for delivery today, 10:00–12:00',
      line: 'With driver Sam',
    });
    expect(trackingSummary(state({ latestEvent: { ...out, round: NO_ROUND } }))).toEqual({
      headline: 'Out for delivery today',
      line: null,
    });
  });

  it('a round from an earlier day that ended without a delivery falls back to the promised day', () => {
    const out = { kind: 'out_for_delivery' as const, day: '2026-11-29', round: SAM };
    expect(trackingSummary(state({ latestEvent: out }))).toEqual({
      headline: 'On its way',
      line: 'Expected Wed, 2 Dec 2026',
    });
    expect(trackingSummary(state({ latestEvent: out, promisedDelivery: '2026-11-29' })).line).toBe(
      'Was expected Sun, 29 Nov 2026: the courier has not given a new date',
    );
  });

  it('delivered says when, never an expectation; cancelled says so', () => {
    expect(trackingSummary(state({ status: 'delivered', deliveredAt: 'Mon, 30 Nov 2026, 11:02' }))).toEqual({
      headline: 'Delivered',
      line: 'Delivered Mon, 30 Nov 2026, 11:02',
    });
    expect(trackingSummary(state({ status: 'cancelled' }))).toEqual({
      headline: 'Cancelled',
      line: 'This delivery was cancelled.',
    });
  });

  it('an attempt, a delay and a problem keep the promised day in view', () => {
    const attempt = { kind: 'delivery_attempted' as const, day: TODAY, round: NO_ROUND };
    expect(trackingSummary(state({ latestEvent: attempt }))).toEqual({
      headline: 'The driver tried to deliver today',
      line: 'Expected Wed, 2 Dec 2026',
    });
    expect(trackingSummary(state({ latestEvent: { ...attempt, day: '2026-11-28' } })).headline).toBe(
      'The driver tried to deliver Sat, 28 Nov 2026',
    );
    const delayed = { kind: 'delayed' as const, day: TODAY, round: NO_ROUND };
    expect(
      trackingSummary(state({ latestEvent: delayed, delayed: true, promisedDelivery: '2026-12-04' })),
    ).toEqual({ headline: 'On its way', line: 'Delayed: now expected Fri, 4 Dec 2026' });
    const problem = { kind: 'exception' as const, day: TODAY, round: NO_ROUND };
    expect(trackingSummary(state({ latestEvent: problem })).line).toBe('Expected Wed, 2 Dec 2026');
  });

  it('every status before delivery leads with its headline and the promised day', () => {
    for (const status of ORDER_STATUSES.filter((s) => s !== 'delivered' && s !== 'cancelled')) {
      const summary = trackingSummary(state({ status }));
      expect(summary.line).toBe('Expected Wed, 2 Dec 2026');
      expect(summary.headline.length).toBeGreaterThan(0);
      expect(trackingSummary(state({ status, promisedDelivery: null })).line).toBeNull();
    }
    // An event before the parcel is on its way (a delay while booked) does not make it "out".
    const out = { kind: 'out_for_delivery' as const, day: TODAY, round: SAM };
    expect(trackingSummary(state({ status: 'confirmed', latestEvent: out })).headline).toBe(
      'Accepted by the courier',
    );
  });
});

describe('a sentence cut around its windows', () => {
  it('gives each window as one part, the words around it as others', () => {
    expect(windowParts('Out for delivery: with driver Sam, 10:00–12:00')).toEqual([
      { text: 'Out for delivery: with driver Sam, ', window: false },
      { text: '10:00–12:00', window: true },
    ]);
    expect(windowParts('10:00–12:00 or 14:00–16:30.')).toEqual([
      { text: '10:00–12:00', window: true },
      { text: ' or ', window: false },
      { text: '14:00–16:30', window: true },
      { text: '.', window: false },
    ]);
    expect(windowParts('Out for delivery today')).toEqual([
      { text: 'Out for delivery today', window: false },
    ]);
    expect(windowParts('')).toEqual([]);
  });
});
