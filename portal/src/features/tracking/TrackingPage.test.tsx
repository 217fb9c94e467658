import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';
import type { Tracking } from './tracking-api';

const hours = [{ opens: '09:00', closes: '17:30' }];

function tracking(overrides: Partial<Tracking> = {}): Tracking {
  return {
    code: 'K7P3XQ9MHT2W',
    status: 'confirmed',
    timeline: [],
    promisedDelivery: '2026-11-25',
    delayed: false,
    collectionDate: '2026-11-23',
    courier: { name: 'Swift Couriers', website: null },
    service: { name: 'UPS Standard', type: 'domestic' },
    origin: { town: 'London', postcodeDistrict: 'SW1A', country: 'GB' },
    destination: { town: 'Edinburgh', postcodeDistrict: 'EH1', country: 'GB' },
    dropOffPoint: null,
    updatedAt: '2026-11-22T09:00:00.000Z',
    ...overrides,
  };
}

function open(body: Tracking) {
  stubFetch({
    'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
    'GET /api/v1/meta/auth': { body: outboxMeta },
    'GET /api/v1/tracking/K7P3XQ9MHT2W': { body },
  });
  renderApp('/track/K7P3XQ9MHT2W');
}

describe('tracking page', () => {
  it('names the drop-off point with its address and its hours on the day', async () => {
    open(
      tracking({
        dropOffPoint: {
          id: 'p2',
          name: 'Victoria Newsagent',
          address: { line1: '12 Buckingham Gate', line2: null, town: 'London', postcode: 'SW1E 5DJ' },
          openingHours: {
            monday: hours,
            tuesday: hours,
            wednesday: hours,
            thursday: hours,
            friday: hours,
            saturday: [],
            sunday: [],
          },
          hoursOnDate: {
            date: '2026-11-23',
            weekday: 'monday',
            open: true,
            openings: hours,
            closedReason: null,
          },
          status: 'active',
          problem: null,
        },
      }),
    );
    const heading = await screen.findByRole('heading', { name: 'Drop-off point' });
    const card = within(heading.closest('section')!);
    expect(card.getByText('Victoria Newsagent')).toBeTruthy();
    expect(card.getByText('12 Buckingham Gate, London, SW1E 5DJ')).toBeTruthy();
    expect(card.getByText('Open 09:00–17:30 on Mon, 23 Nov 2026')).toBeTruthy();
  });

  it('shows no drop-off point for a parcel collected from the door', async () => {
    open(tracking());
    expect(await screen.findByRole('heading', { name: 'Timeline' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Drop-off point' })).toBeNull();
  });

  it('says a parcel out for delivery is expected today, not on the date promised at booking', async () => {
    open(
      tracking({
        status: 'in_transit',
        promisedDelivery: '2026-12-02',
        timeline: [
          {
            at: '2026-11-30T08:10:00.000Z',
            status: 'in_transit',
            event: 'out_for_delivery',
            description: 'Out for delivery: the driver has the parcel on today’s round',
          },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Out for delivery today' })).toBeTruthy();
    const lead = document.querySelector('.tracking__promise');
    expect(lead?.textContent).toBe('Expected today, Mon, 30 Nov 2026');
    expect(screen.queryByText('Wed, 2 Dec 2026')).toBeNull();
  });
});
