import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { list, one, stubFetch } from '../test/fetchStub';
import {
  customer,
  dropOffPoint,
  job,
  order,
  orderRow,
  service,
  vendorDetail,
  vendorFinance,
} from '../test/fixtures';
import { renderConsole } from '../test/renderConsole';

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('courier services', () => {
  it('lists services with one destination and with several', async () => {
    stubFetch({
      'GET /api/v1/admin/courier-services': list([
        service(),
        service({
          id: 'cs-2',
          name: 'Europe',
          serviceType: 'international',
          fromLocation: 'GB',
          toLocation: ['FR', 'DE'],
        }),
      ]),
      'GET /api/v1/admin/vendors': list([vendorDetail()]),
    });
    renderConsole('/courier-services');
    expect(await screen.findByText('England → Scotland')).toBeTruthy();
    expect(await screen.findByText('United Kingdom → France, Germany')).toBeTruthy();
    expect(await screen.findByText('International')).toBeTruthy();
  });

  it('shows a service with one destination', async () => {
    stubFetch({
      'GET /api/v1/admin/courier-services/cs-1': one(service({ serviceType: 'same_day' })),
      'GET /api/v1/admin/vendors': list([vendorDetail()]),
    });
    renderConsole('/courier-services/cs-1/show');
    expect(await screen.findByText('England → Scotland')).toBeTruthy();
    expect(await screen.findByText('Same day')).toBeTruthy();
    expect(await screen.findByText('up to 30 kg: £8.99')).toBeTruthy();
  });
});

describe('drop-off points', () => {
  it('lists points of every status with their courier and postcode', async () => {
    const { to } = stubFetch({
      'GET /api/v1/admin/dropoff-points': list([
        dropOffPoint(),
        dropOffPoint({
          id: 'dp-2',
          name: 'Waterloo Lockers',
          code: 'LOCKERS',
          address: { line1: '3 York Road', line2: 'Unit 4', town: 'London', postcode: 'SE1 7PB' },
          status: 'suspended',
          suspendedReason: 'Parcels left outside',
        }),
        dropOffPoint({ id: 'dp-3', name: 'Corner Shop', code: 'SHOP', status: 'closed' }),
      ]),
      'GET /api/v1/admin/vendors': list([vendorDetail()]),
    });
    renderConsole('/dropoff-points');
    expect(await screen.findByText('Waterloo Lockers')).toBeTruthy();
    expect(screen.getByText('SE1 7PB')).toBeTruthy();
    expect(screen.getByText('Suspended')).toBeTruthy();
    expect(screen.getByText('Closed by the courier')).toBeTruthy();
    expect(screen.getAllByText('Active').length).toBeGreaterThan(0);
    const query = new URL(to('GET /api/v1/admin/dropoff-points')[0]!.url, 'http://x').searchParams;
    expect(query.get('sort')).toBe('["name","ASC"]');
  });

  it('shows a suspended point with its reason, week, closed dates and services, and offers to reinstate it', async () => {
    stubFetch({
      'GET /api/v1/admin/dropoff-points/dp-2': one(
        dropOffPoint({ id: 'dp-2', status: 'suspended', suspendedReason: 'Parcels left outside' }),
      ),
      'GET /api/v1/admin/vendors': list([vendorDetail()]),
      'GET /api/v1/admin/courier-services': list([service({ id: 'cs-1', name: 'Express 24' })]),
    });
    renderConsole('/dropoff-points/dp-2/show');
    expect(await screen.findByText('Parcels left outside')).toBeTruthy();
    expect(screen.getByText('2 The Mall, London, SW1A 2AA')).toBeTruthy();
    expect(screen.getByText(/Tuesday: 09:00–12:00, 13:00–17:00/)).toBeTruthy();
    expect(screen.getByText(/Sunday: Closed/)).toBeTruthy();
    expect(screen.getByText('2026-12-25 (Christmas Day)')).toBeTruthy();
    expect(await screen.findByText('Express 24')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Reinstate' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
  });
});

describe('vendors', () => {
  it('shows a vendor whose services have one and several destinations', async () => {
    stubFetch({
      'GET /api/v1/admin/vendors/v-1': one(vendorDetail()),
      'GET /api/v1/admin/vendors/v-1/finance': one(vendorFinance()),
    });
    renderConsole('/vendors/v-1/show');
    const europe = (await screen.findByText('Europe')).closest('li') as HTMLElement;
    expect(europe.textContent).toContain('England → France, Germany');
    expect(screen.getByText('Scotland Next Day').closest('li')?.textContent).toContain('England → Scotland');
    expect(await screen.findByText('GB123456789')).toBeTruthy();
  });

  it('names the country and links the owner by email, not by stored code or id', async () => {
    // Issue 51, items 7d and 7f.
    stubFetch({
      'GET /api/v1/admin/vendors/v-1': one(vendorDetail()),
      'GET /api/v1/admin/vendors/v-1/finance': one(vendorFinance()),
    });
    renderConsole('/vendors/v-1/show');
    expect(await screen.findByText('United Kingdom')).toBeTruthy();
    expect(screen.queryByText('GB')).toBeNull();
    const owner = screen.getByText('vendor@consign.example').closest('a');
    expect(owner?.getAttribute('href')).toContain('/users/u-vendor/show');
    expect(screen.queryByText('u-vendor')).toBeNull();
  });

  it('lists vendors with their country’s name', async () => {
    stubFetch({
      'GET /api/v1/admin/vendors': list([vendorDetail(), vendorDetail({ id: 'v-2', country: 'FR' })]),
    });
    renderConsole('/vendors');
    expect(await screen.findByText('United Kingdom')).toBeTruthy();
    expect(screen.getByText('France')).toBeTruthy();
    expect(screen.queryByText('GB')).toBeNull();
  });
});

describe('orders', () => {
  it('shows what was paid with cover, the refund, the address as an address and the customer', async () => {
    stubFetch({
      'GET /api/v1/admin/orders/o-00000000-1111aaaa': one(order()),
      'GET /api/v1/admin/users': list([customer()]),
      'GET /api/v1/admin/vendors': list([vendorDetail()]),
    });
    renderConsole('/orders/o-00000000-1111aaaa/show');
    expect(await screen.findByText('£9.87, refunded')).toBeTruthy();
    expect(await screen.findByText('£9.87: £7.49 + £1.50 VAT + £0.88 cover')).toBeTruthy();
    const deliverTo = screen.getByText('2 Royal Mile').closest('address') as HTMLElement;
    expect(within(deliverTo).getByText('EH1 1YZ')).toBeTruthy();
    expect(deliverTo.textContent).not.toContain('undefined');
    expect(
      (await screen.findByText('customer@consign.example')).closest('a')?.getAttribute('href'),
    ).toContain('/users/u-customer/show');
  });

  it('lists orders with what each paid, part refunds included', async () => {
    stubFetch({
      'GET /api/v1/admin/orders': list([
        orderRow(),
        orderRow({ id: 'o-2', reference: '#2', money: { paid: 987, refunded: 300, net: 687 } }),
        orderRow({
          id: 'o-3',
          reference: '#3',
          status: 'in_transit',
          money: { paid: 987, refunded: 0, net: 987 },
        }),
      ]),
      'GET /api/v1/admin/users': list([customer()]),
    });
    renderConsole('/orders');
    expect(await screen.findByText('£9.87, refunded')).toBeTruthy();
    expect(await screen.findByText('£9.87, £3.00 refunded')).toBeTruthy();
    expect(await screen.findByText('In transit')).toBeTruthy();
    expect(screen.getAllByText('Robin Recipient').length).toBe(3);
  });

  it('opens an order from the list as the whole order, not the row the list carried', async () => {
    const { to } = stubFetch({
      'GET /api/v1/admin/orders': list([orderRow()]),
      'GET /api/v1/admin/orders/o-00000000-1111aaaa': one(order()),
      'GET /api/v1/admin/users': list([customer()]),
      'GET /api/v1/admin/vendors': list([vendorDetail()]),
    });
    renderConsole('/orders');
    fireEvent.click(await screen.findByText('#1111aaaa'));
    // The row has no addresses, price breakdown or actions: drawn from it, the page broke.
    const deliverTo = (await screen.findByText('2 Royal Mile')).closest('address') as HTMLElement;
    expect(within(deliverTo).getByText('EH1 1YZ')).toBeTruthy();
    expect(await screen.findByText('£9.87: £7.49 + £1.50 VAT + £0.88 cover')).toBeTruthy();
    expect(screen.queryByText(/Something went wrong/i)).toBeNull();
    expect(to('GET /api/v1/admin/orders/o-00000000-1111aaaa').length).toBeGreaterThan(0);
  });
});

describe('jobs', () => {
  it('shows a job in words with its order and customer linked', async () => {
    stubFetch({
      'GET /api/v1/admin/jobs/j-00000000-2222bbbb': one(job()),
      'GET /api/v1/admin/users': list([customer()]),
      'GET /api/v1/admin/orders': list([orderRow()]),
    });
    renderConsole('/jobs/j-00000000-2222bbbb/show');
    expect(await screen.findByText('Accepted')).toBeTruthy();
    expect(await screen.findByText('Same day')).toBeTruthy();
    expect((await screen.findByText('#1111aaaa')).closest('a')?.getAttribute('href')).toContain(
      '/orders/o-00000000-1111aaaa/show',
    );
    expect(await screen.findByText('customer@consign.example')).toBeTruthy();
  });
});

describe('users', () => {
  it('shows a user with their orders and jobs', async () => {
    stubFetch({
      'GET /api/v1/admin/users/u-customer': one(customer()),
      'GET /api/v1/admin/orders': list([orderRow()]),
      'GET /api/v1/admin/jobs': list([job()]),
    });
    renderConsole('/users/u-customer/show');
    expect(await screen.findByText('#1111aaaa')).toBeTruthy();
    expect(await screen.findByText('#2222bbbb')).toBeTruthy();
  });
});
