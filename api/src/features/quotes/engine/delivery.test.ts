import { describe, expect, it } from 'vitest';
import {
  createDeliveryEstimator,
  deliveryDateFor,
  deliveryEstimatorFor,
  estimateDeliveryDate,
} from './delivery';

describe('deliveryDateFor', () => {
  // Booked on Monday 2026-07-13 at 10:00 BST unless the row says otherwise.
  const MONDAY_MORNING = '2026-07-13T09:00:00Z';
  it.each([
    // [service type, transit days, collection date, booked at (UTC), expected delivery]
    ['domestic', 1, '2026-07-14', MONDAY_MORNING, '2026-07-15'], // next day collected Tuesday -> Wednesday
    ['domestic', 4, '2026-07-17', MONDAY_MORNING, '2026-07-23'], // 4 days collected Friday -> Thursday
    ['domestic', 1, '2026-07-18', MONDAY_MORNING, '2026-07-21'], // Saturday collects Monday -> Tuesday
    ['international', 3, '2026-08-28', MONDAY_MORNING, '2026-09-03'], // across the August bank holiday
    ['domestic', 2, '2026-12-24', MONDAY_MORNING, '2026-12-30'], // Christmas and the Boxing Day substitute
    ['domestic', 0, '2026-07-16', MONDAY_MORNING, '2026-07-16'],
    ['domestic', 1, '2026-07-10', MONDAY_MORNING, '2026-07-14'], // a past date counts as today
    // Same day arrives on its collection day, the cut-off applying only to today.
    ['same_day', 3, '2026-07-16', MONDAY_MORNING, '2026-07-16'],
    ['same_day', 0, '2026-07-13', MONDAY_MORNING, '2026-07-13'],
    ['same_day', 0, '2026-07-13', '2026-07-13T13:00:00Z', '2026-07-14'], // 14:00 BST is too late
    ['same_day', 0, '2026-07-14', '2026-07-13T13:00:00Z', '2026-07-14'], // tomorrow is unaffected
    ['same_day', 0, '2026-08-31', MONDAY_MORNING, '2026-09-01'], // bank holiday Monday -> Tuesday
  ] as const)('%s, %i days, collected %s (booked %s) -> %s', (type, days, collection, at, expected) => {
    expect(deliveryDateFor(type, days, collection, new Date(at))).toBe(expected);
  });
});

describe('estimateDeliveryDate', () => {
  it.each([
    // [service type, transit days, booked at (UTC), expected delivery]
    ['domestic', 1, '2026-08-28T10:00:00Z', '2026-09-01'], // Fri before the Aug bank holiday Mon
    ['domestic', 2, '2026-08-28T10:00:00Z', '2026-09-02'],
    ['international', 3, '2026-08-28T10:00:00Z', '2026-09-03'],
    ['domestic', 1, '2026-12-24T10:00:00Z', '2026-12-29'], // Christmas Eve -> past Christmas and the Boxing Day substitute
    ['domestic', 1, '2026-12-25T10:00:00Z', '2026-12-30'], // booked on Christmas Day: collected Tue 29
    ['domestic', 1, '2026-07-18T10:00:00Z', '2026-07-21'], // Saturday: collected Mon 20
    ['domestic', 2, '2026-07-17T12:59:00Z', '2026-07-21'], // Friday 13:59 BST: collected that Friday
    ['domestic', 2, '2026-07-17T15:00:00Z', '2026-07-22'], // Friday 16:00 BST, past the cut-off: collected Mon 20
    // Same-day ignores transit days and uses the 14:00 UK cut-off.
    ['same_day', 5, '2026-07-15T12:59:00Z', '2026-07-15'], // 13:59 BST
    ['same_day', 5, '2026-07-15T13:01:00Z', '2026-07-16'], // 14:01 BST
    ['same_day', 0, '2026-01-14T13:59:00Z', '2026-01-14'], // 13:59 GMT
    ['same_day', 0, '2026-01-14T14:01:00Z', '2026-01-15'], // 14:01 GMT
    ['same_day', 0, '2026-08-28T13:30:00Z', '2026-09-01'], // Fri 14:30 BST before a bank holiday
    ['same_day', 0, '2026-12-24T12:00:00Z', '2026-12-24'], // Christmas Eve morning is a working day
    ['same_day', 0, '2026-12-26T10:00:00Z', '2026-12-29'], // Boxing Day (Sat) -> Tue after the substitute
  ] as const)('%s, %i days, booked %s -> %s', (serviceType, transitDays, at, expected) => {
    expect(estimateDeliveryDate(serviceType, transitDays, new Date(at))).toBe(expected);
  });

  it('gives the same answers through a shared estimator, asked repeatedly', () => {
    const estimate = createDeliveryEstimator(new Date('2026-12-24T10:00:00Z'));
    expect([1, 2, 1, 0].map((days) => estimate('domestic', days))).toEqual([
      '2026-12-29',
      '2026-12-30',
      '2026-12-29',
      '2026-12-24',
    ]);
    expect(estimate('same_day', 3)).toBe('2026-12-24');
    expect(estimate('international', 2)).toBe('2026-12-30');
  });
});

describe('deliveryEstimatorFor', () => {
  it('keeps one estimator per collection date within a minute', () => {
    const now = new Date('2026-07-13T09:00:00Z');
    expect(deliveryEstimatorFor(now, '2026-07-14')('domestic', 1)).toBe('2026-07-15');
    expect(deliveryEstimatorFor(now, '2026-07-17')('domestic', 1)).toBe('2026-07-20');
    expect(deliveryEstimatorFor(now)('domestic', 1)).toBe('2026-07-14');
    expect(deliveryEstimatorFor(now, '2026-07-14')).toBe(deliveryEstimatorFor(now, '2026-07-14'));
  });

  it('matches a fresh estimator on both sides of the same-day cut-off and across days', () => {
    // 13:59:59.999 and 14:00:00 BST fall in different UTC minutes, so the shared estimator
    // cannot carry the morning's same-day date past the cut-off.
    for (const at of [
      '2026-07-15T12:59:00Z',
      '2026-07-15T12:59:59.999Z',
      '2026-07-15T13:00:00Z',
      '2026-07-15T13:00:30Z',
      '2026-07-17T23:00:00Z',
      '2026-07-15T12:59:30Z',
    ]) {
      const now = new Date(at);
      const shared = deliveryEstimatorFor(now);
      const fresh = createDeliveryEstimator(now);
      for (const [type, days] of [
        ['same_day', 0],
        ['domestic', 1],
        ['domestic', 3],
      ] as const) {
        expect(shared(type, days), `${at} ${type} ${days}`).toBe(fresh(type, days));
      }
    }
  });
});
