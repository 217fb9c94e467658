/** Points as the API answers them, for this feature's unit tests. */
import type { DropOffPoint } from './dropoff-api';

const closedWeek = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
};

export function pointFixture(overrides: Partial<DropOffPoint> = {}): DropOffPoint {
  return {
    id: 'p_kiosk',
    vendorId: 'v1',
    code: 'KIOSK',
    name: 'Palace Kiosk',
    address: { line1: '2 The Mall', line2: null, town: 'London', postcode: 'SW1A 2AA' },
    openingHours: { ...closedWeek, monday: [{ opens: '09:00', closes: '17:30' }] },
    closedDates: [{ date: '2026-12-25', reason: 'Christmas Day' }],
    maxWeightKg: 5,
    serviceIds: ['cs_drop'],
    status: 'active',
    suspendedReason: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
