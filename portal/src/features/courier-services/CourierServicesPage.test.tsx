import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activeVendor, service, vendorSession } from '../../test/courierFixtures';
import { customer, outboxMeta, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { referenceData } from '../../test/quoteFixtures';
import { renderApp } from '../../test/render';

const base = {
  'GET /api/v1/meta/auth': { body: outboxMeta },
  'GET /api/v1/meta': { body: referenceData },
  'GET /api/v1/vendors/me': { body: activeVendor },
};
const asVendor = { ...base, 'POST /api/v1/auth/refresh': { body: vendorSession } };

const services = [
  service({
    id: 'c1',
    name: 'UPS Standard',
    logoUrl: '/uploads/ups.png',
    fromLocation: 'England',
    toLocation: 'Any',
    weightTiers: [
      { maxKg: 1, price: 649 },
      { maxKg: 2, price: 749 },
      { maxKg: 5, price: 999 },
      { maxKg: 10, price: 1399 },
    ],
  }),
  service({
    id: 'c2',
    name: 'Euro Saver',
    serviceType: 'international',
    currency: 'EUR',
    fromLocation: 'GB',
    toLocation: ['FR', 'DE', 'US', 'AL', 'NL'],
    weightTiers: [{ maxKg: 5, price: 2499 }],
    status: 'inactive',
  }),
];

async function rows() {
  const table = await screen.findByRole('table', { name: 'Your courier services' });
  return within(table).getAllByRole('row').slice(1);
}

describe('courier services list', () => {
  it('lists the services with type, route, currency, the first two tiers and status', async () => {
    stubFetch({ ...asVendor, 'GET /api/v1/couriers': { body: { items: services } } });
    renderApp('/rate-card');
    expect(await screen.findByRole('heading', { name: 'Courier Services', level: 1 })).toBeTruthy();
    const [ups, euro] = await rows();
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(within(ups!).getByRole('rowheader').textContent).toBe('UPS Standard');
    expect(ups!.querySelector('img')?.getAttribute('src')).toBe('/uploads/ups.png');
    expect(cells(ups!).slice(0, 5)).toEqual([
      'Domestic',
      'England → Any',
      'GBP',
      '1kg: £6.492kg: £7.49+2 more',
      'Active',
    ]);
    expect(cells(euro!).slice(0, 5)).toEqual([
      'International',
      'United Kingdom → France, Germany, United States +2 more',
      'EUR',
      '5kg: €24.99',
      'Inactive',
    ]);
    expect(within(ups!).getByRole('link', { name: 'Edit UPS Standard' }).getAttribute('href')).toBe(
      '/edit-courier/c1',
    );
    expect(screen.getByRole('link', { name: 'Add Courier' }).getAttribute('href')).toBe('/add-courier');
  });

  it('has an empty state leading to the add form', async () => {
    stubFetch({ ...asVendor, 'GET /api/v1/couriers': { body: { items: [] } } });
    const user = userEvent.setup();
    const { router } = renderApp('/rate-card');
    expect(await screen.findByRole('heading', { name: 'No courier services yet' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Add Your First Courier' }));
    expect(router.state.location.pathname).toBe('/add-courier');
  });

  it('tells a pending vendor its services are not quoted yet', async () => {
    stubFetch({
      ...asVendor,
      'GET /api/v1/vendors/me': { body: { ...activeVendor, status: 'pending' } },
      'GET /api/v1/couriers': { body: { items: [] } },
    });
    renderApp('/rate-card');
    expect(await screen.findByText(/pending activation/)).toBeTruthy();
  });

  it('deletes after confirmation in a dialog, then reloads the list', async () => {
    let items = services;
    const { calls } = stubFetch({
      ...asVendor,
      'GET /api/v1/couriers': () => ({ body: { items } }),
      'DELETE /api/v1/couriers/c1': () => {
        items = items.filter((s) => s.id !== 'c1');
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/rate-card');
    await rows();

    await user.click(screen.getByRole('button', { name: 'Delete UPS Standard' }));
    let dialog = await findOpened('dialog', 'Delete courier service');
    expect(within(dialog).getByText('Are you sure you want to delete this courier service?')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete UPS Standard' }));
    dialog = await findOpened('dialog', 'Delete courier service');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Courier service deleted successfully!')).toBeTruthy();
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(screen.queryByText('UPS Standard')).toBeNull();
  });

  it("shows the server's reason when a delete fails", async () => {
    stubFetch({
      ...asVendor,
      'GET /api/v1/couriers': { body: { items: services } },
      'DELETE /api/v1/couriers/c1': problemResponse(409, 'This service has open orders'),
      'DELETE /api/v1/couriers/c2': problemResponse(500, 'Internal'),
    });
    const user = userEvent.setup();
    renderApp('/rate-card');
    await rows();
    await user.click(screen.getByRole('button', { name: 'Delete UPS Standard' }));
    await user.click(
      within(await findOpened('dialog', 'Delete courier service')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('This service has open orders')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Euro Saver' }));
    await user.click(
      within(await findOpened('dialog', 'Delete courier service')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete courier service')).toBeTruthy();
  });

  it('says when the list cannot be fetched', async () => {
    stubFetch({ ...asVendor, 'GET /api/v1/couriers': problemResponse(500, 'Internal') });
    renderApp('/rate-card');
    expect(await screen.findByText('Failed to fetch courier services')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is for vendors only', async () => {
    stubFetch({ ...base, 'POST /api/v1/auth/refresh': { body: sessionFor(customer) } });
    renderApp('/rate-card');
    expect(await screen.findByRole('heading', { name: 'Not available for this account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('sends a signed-out visitor to sign in, to come back here', async () => {
    stubFetch({ ...base, 'POST /api/v1/auth/refresh': problemResponse(401, 'No session') });
    const { router } = renderApp('/rate-card');
    expect(await screen.findByRole('heading', { name: 'Log In', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('?next=%2Frate-card');
  });
});
