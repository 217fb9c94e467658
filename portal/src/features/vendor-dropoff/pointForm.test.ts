import { describe, expect, it } from 'vitest';
import type { DropOffPoint } from './dropoff-api';
import { emptyPointValues, formErrorsOf, importProblems, pointBody, valuesFromPoint } from './pointForm';

const point: DropOffPoint = {
  id: 'p1',
  vendorId: 'v1',
  code: 'KIOSK',
  name: 'Palace Kiosk',
  address: { line1: '2 The Mall', line2: null, town: 'London', postcode: 'SW1A 2AA' },
  openingHours: {
    monday: [{ opens: '09:00', closes: '17:30' }],
    tuesday: [
      { opens: '09:00', closes: '12:00' },
      { opens: '13:00', closes: '17:00' },
    ],
    wednesday: [],
    thursday: [],
    friday: [],
    saturday: [],
    sunday: [],
  },
  closedDates: [
    { date: '2026-12-25', reason: 'Christmas Day' },
    { date: '2026-12-26', reason: null },
  ],
  maxWeightKg: 5,
  serviceIds: ['s1'],
  status: 'active',
  suspendedReason: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

describe('the drop-off point form', () => {
  it('reads a point into the form and sends it back unchanged', () => {
    const values = valuesFromPoint(point);
    expect(values.hours.tuesday).toBe('09:00-12:00 13:00-17:00');
    expect(values.closedDates).toBe('2026-12-25 Christmas Day; 2026-12-26');
    const result = pointBody(values);
    expect(result).toEqual({
      body: {
        code: 'KIOSK',
        name: 'Palace Kiosk',
        address: { line1: '2 The Mall', town: 'London', postcode: 'SW1A 2AA' },
        openingHours: point.openingHours,
        closedDates: [{ date: '2026-12-25', reason: 'Christmas Day' }, { date: '2026-12-26' }],
        maxWeightKg: 5,
        serviceIds: ['s1'],
      },
    });
  });

  it('names every missing or unreadable field before sending', () => {
    const values = { ...emptyPointValues(), closedDates: 'Christmas' };
    values.hours.friday = '9 till 5';
    expect(pointBody(values)).toEqual({
      errors: {
        name: 'Name is required',
        line1: 'Street is required',
        town: 'Town is required',
        postcode: 'Postcode is required',
        'hours.friday': 'Write Friday’s openings as 09:00-17:30, or leave it empty',
        closedDates: 'Write closed dates as 2026-12-25, each with an optional reason',
        maxWeightKg: 'Heaviest parcel is required',
        serviceIds: 'Choose at least one service the point takes parcels for',
      },
    });
  });

  it('asks for at least one open day and a positive weight', () => {
    const values = { ...valuesFromPoint(point), maxWeightKg: '0' };
    values.hours.monday = '';
    values.hours.tuesday = 'closed';
    expect(pointBody(values)).toEqual({
      errors: {
        openingHours: 'Open on at least one day of the week',
        maxWeightKg: 'Heaviest parcel must be more than 0 kg',
      },
    });
  });

  it('shows the API’s errors beside the field they concern', () => {
    expect(
      formErrorsOf({
        'address.postcode': 'Enter a valid UK postcode, such as SW1A 1AA',
        'openingHours.friday.1.closes': 'Closing time must be HH:MM, such as 17:30',
        'closedDates.0.date': 'Closed date is not a real date',
        'serviceIds.0': 'No courier service of yours has the id x',
        code: 'Another of your points has the code KIOSK',
      }),
    ).toEqual({
      postcode: 'Enter a valid UK postcode, such as SW1A 1AA',
      'hours.friday': 'Closing time must be HH:MM, such as 17:30',
      closedDates: 'Closed date is not a real date',
      serviceIds: 'No courier service of yours has the id x',
      code: 'Another of your points has the code KIOSK',
    });
  });

  it('groups an import’s errors by line, file problems apart', () => {
    expect(
      importProblems([
        { path: 'rows.4.postcode', message: 'Line 4, postcode: Enter a valid UK postcode' },
        { path: 'rows.2.monday', message: 'Line 2, monday: write openings as 09:00-17:30' },
        { path: 'rows.4.services', message: 'Line 4, services: you have no service called Post' },
        { path: 'text', message: 'The file has no rows under its header' },
      ]),
    ).toEqual({
      file: ['The file has no rows under its header'],
      rows: [
        { line: 2, messages: ['Line 2, monday: write openings as 09:00-17:30'] },
        {
          line: 4,
          messages: [
            'Line 4, postcode: Enter a valid UK postcode',
            'Line 4, services: you have no service called Post',
          ],
        },
      ],
    });
  });
});
