import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DropOffPointOption } from '../../shared/dropoff/api';
import { orderDropOffPointFixture, orderFixture, referenceData } from '../../test/bookingFixtures';
import { customer, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

const signedIn = {
  'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
  'GET /api/v1/meta': { body: referenceData },
  'GET /api/v1/users/me': { body: { ...customer, phone: null, address: null, avatarUrl: null } },
};

const closedPoint = orderDropOffPointFixture({
  status: 'closed',
  problem: 'The drop-off point has closed: choose another',
});

const order = orderFixture({
  status: 'confirmed',
  dropOffPointId: 'p2',
  dropOffPoint: closedPoint,
  parcels: [
    { length: 30, width: 20, height: 10, weight: 2 },
    { length: 10, width: 10, height: 10, weight: 4.5 },
  ],
});

function option(
  id: string,
  name: string,
  miles: number,
  extra: Partial<DropOffPointOption> = {},
): DropOffPointOption {
  const { openingHours, hoursOnDate } = orderDropOffPointFixture();
  return {
    id,
    name,
    vendorName: 'Swift Couriers',
    address: { line1: `${id} High Street`, line2: null, town: 'London', postcode: 'SW1A 2AA' },
    distanceMiles: miles,
    hoursOnDate,
    openingHours,
    maxWeightKg: 20,
    takesWeight: true,
    available: true,
    unavailableReason: null,
    ...extra,
  };
}

const search = {
  body: {
    postcode: 'SW1A 1AA',
    date: '2026-11-23',
    centroid: 'imported',
    items: [
      option('p3', 'Waterloo Lockers', 0.4, {
        takesWeight: false,
        maxWeightKg: 2,
        available: false,
        unavailableReason: 'Takes parcels up to 2 kg',
      }),
      option('p4', 'Strand Post Office', 0.9),
    ],
  },
};

describe('choosing another drop-off point', () => {
  it('says why the point cannot take the parcel and saves the one chosen by keyboard', async () => {
    const user = userEvent.setup();
    const moved = orderFixture({
      ...order,
      dropOffPointId: 'p4',
      dropOffPoint: orderDropOffPointFixture({ id: 'p4', name: 'Strand Post Office' }),
    });
    let saved = false;
    const { calls } = stubFetch({
      ...signedIn,
      [`GET /api/v1/orders/${order.id}`]: () => ({ body: saved ? moved : order }),
      'GET /api/v1/dropoff-points': search,
      [`PUT /api/v1/orders/${order.id}/drop-off-point`]: () => {
        saved = true;
        return { body: moved };
      },
    });
    renderApp(`/orders/${order.id}/drop-off`);
    expect(await screen.findByRole('heading', { name: 'Choose a drop-off point' })).toBeTruthy();
    expect(await screen.findByText('The drop-off point has closed: choose another')).toBeTruthy();
    // The page leads nowhere else to change it: the customer is already there.
    expect(screen.queryByRole('link', { name: 'Choose another drop-off point' })).toBeNull();
    const list = await screen.findByRole('listbox', { name: 'Drop-off points near SW1A 1AA' });
    const query = calls.find((c) => c.path === '/api/v1/dropoff-points')?.query;
    expect(Object.fromEntries(query ?? [])).toMatchObject({
      postcode: 'SW1A 1AA',
      serviceId: 'cs_1',
      date: '2026-11-23',
      weightKg: '4.5',
    });
    expect(within(list).getByText('Not available: Takes parcels up to 2 kg')).toBeTruthy();
    list.focus();
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Use Strand Post Office' }));
    expect(await screen.findByText('Your drop-off point is now Strand Post Office')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ dropOffPointId: 'p4' });
    await waitFor(() =>
      expect(screen.queryByText('The drop-off point has closed: choose another')).toBeNull(),
    );
  });

  it('shows the server’s refusal at the list', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...signedIn,
      [`GET /api/v1/orders/${order.id}`]: { body: order },
      'GET /api/v1/dropoff-points': search,
      [`PUT /api/v1/orders/${order.id}/drop-off-point`]: problemResponse(422, 'Invalid dropOffPointId', {
        errors: [{ path: 'dropOffPointId', message: 'Strand Post Office is closed on Mon, 23 Nov 2026' }],
      }),
    });
    renderApp(`/orders/${order.id}/drop-off`);
    await user.click(await screen.findByRole('button', { name: 'Use the chosen point' }));
    expect(await screen.findByText('Choose a drop-off point', { selector: '.field__error' })).toBeTruthy();
    await user.click(await screen.findByRole('option', { name: /Strand Post Office/ }));
    await user.click(screen.getByRole('button', { name: 'Use Strand Post Office' }));
    expect(await screen.findByText('Strand Post Office is closed on Mon, 23 Nov 2026')).toBeTruthy();
    expect(screen.getByRole('listbox').getAttribute('aria-invalid')).toBe('true');
  });

  it('says when the order is collected and has no point', async () => {
    const collected = orderFixture({ status: 'confirmed' });
    stubFetch({ ...signedIn, [`GET /api/v1/orders/${collected.id}`]: { body: collected } });
    renderApp(`/orders/${collected.id}/drop-off`);
    expect(await screen.findByText(/is collected from the collection address/)).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
