import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Review } from '../../shared/api/reviews';
import type { VendorOrderStats } from '../../shared/api/vendor-orders';
import {
  orderDropOffPointFixture,
  orderFixture,
  orderSummaryOf,
  referenceData,
} from '../../test/bookingFixtures';
import { activeVendor, vendorSession, vendorUser } from '../../test/courierFixtures';
import { problemResponse, type RecordedCall, type StubResponse, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';

const signedIn = {
  'POST /api/v1/auth/refresh': { body: vendorSession },
  'GET /api/v1/users/me': {
    body: { ...vendorUser, phone: null, address: null, avatarUrl: null },
  },
  'GET /api/v1/meta': { body: referenceData },
  'GET /api/v1/vendors/me': { body: activeVendor },
  'GET /api/v1/vendor/reviews': { body: { items: [] } },
};

const zeroStats: VendorOrderStats = {
  totalOrders: 0,
  pendingOrders: 0,
  confirmedOrders: 0,
  inTransitOrders: 0,
  deliveredOrders: 0,
  cancelledOrders: 0,
  totalRevenue: { amount: 0, currency: 'GBP' },
  revenueByCurrency: [],
  revenueOrders: 0,
};

const stats: VendorOrderStats = {
  totalOrders: 42,
  pendingOrders: 5,
  confirmedOrders: 7,
  inTransitOrders: 3,
  deliveredOrders: 25,
  cancelledOrders: 2,
  totalRevenue: { amount: 123456, currency: 'GBP' },
  revenueByCurrency: [{ amount: 123456, currency: 'GBP' }],
  revenueOrders: 40,
};

/** A page of the list: rows as the API cuts them from the orders (the drawer reads the whole order). */
const listOf = (items: ReturnType<typeof orderFixture>[], total = items.length) => ({
  body: { items: items.map(orderSummaryOf), total, limit: 20, page: 1, nextCursor: null },
});

/** The query of every call the page made to a path, as the server received it. */
function queriesTo(fetchMock: ReturnType<typeof stubFetch>['fetchMock'], path: string) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}

const paid = (overrides: Parameters<typeof orderFixture>[0]) =>
  orderFixture({ actions: { pay: false, cancel: true, nextStatuses: ['confirmed'] }, ...overrides });

describe('vendor dashboard', () => {
  it('shows loading, then the empty state and zero figures', async () => {
    let release: (value: StubResponse) => void = () => undefined;
    stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/orders/stats': { body: zeroStats },
      'GET /api/v1/vendor/orders': () => new Promise<StubResponse>((resolve) => (release = resolve)),
    });
    renderApp('/vendor-dashboard');
    expect((await screen.findAllByText('Loading orders...')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Swift Couriers' })).toBeTruthy();
    release(listOf([]));
    expect(await screen.findByRole('heading', { name: 'You have no orders' })).toBeTruthy();
    const figures = screen.getByText('Total Revenue').closest('dl') as HTMLElement;
    expect(within(figures).getByText('Total Orders').nextElementSibling?.textContent).toBe('0');
    expect(within(figures).getByText('Total Revenue').nextElementSibling?.textContent).toBe('£0.00');
    expect(screen.getByRole('link', { name: 'My Rate Cards' }).getAttribute('href')).toBe('/rate-card');
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the orders with their columns, badges and figures, and filters on the server', async () => {
    const user = userEvent.setup();
    const first = paid({
      id: '0193f1b2-7c1e-7000-8000-0000aaaa1111',
      status: 'pending',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    const second = paid({
      id: '0193f1b2-7c1e-7000-8000-0000bbbb2222',
      status: 'in_transit',
      serviceName: 'Express 24',
      deliveryAddress: { ...first.deliveryAddress, name: 'Robin Smith' },
    });
    const { fetchMock } = stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/orders/stats': { body: stats },
      'GET /api/v1/vendor/orders': () => {
        const last = queriesTo(fetchMock, '/api/v1/vendor/orders').at(-1) ?? {};
        if (last.q === 'nobody') return listOf([], 0);
        if (last.status === 'in_transit') return listOf([second], 1);
        return listOf([first, second], 42);
      },
    });
    renderApp('/vendor-dashboard');

    const table = await screen.findByRole('table', { name: 'Your orders, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order Date', 'Order ID', 'Recipient', 'Courier', 'Price', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Sun, 22 Nov 2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('#aaaa1111')).toBeTruthy();
    expect(within(rows[0]!).getByText('Morag Mackay')).toBeTruthy();
    expect(within(rows[0]!).getByText('£9.87')).toBeTruthy();
    expect(within(rows[0]!).getByText('Pending').className).toContain('status-badge--yellow');
    expect(within(rows[1]!).getByText('In transit').className).toContain('status-badge--blue');
    // One spelling of every status on the page: the badges', the filter's, the figures'.
    expect(screen.queryByText(/In Transit/)).toBeNull();
    expect(within(screen.getByLabelText('Status')).getByRole('option', { name: 'In transit' })).toBeTruthy();
    expect(screen.getByText('Showing 42 of 42 orders')).toBeTruthy();
    expect(await screen.findByText('£1,234.56', { selector: '.vendor-panel__figure' })).toBeTruthy();
    expect(screen.getByText(/From 40 orders/)).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Status'), 'in_transit');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    expect(await screen.findByText('Showing 1 of 42 orders', undefined)).toBeTruthy();
    await waitFor(() =>
      expect(queriesTo(fetchMock, '/api/v1/vendor/orders').at(-1)).toEqual({
        status: 'in_transit',
        from: '2026-11-01',
        to: '2026-11-30',
        page: '1',
        limit: '20',
      }),
    );

    await user.type(screen.getByLabelText('Search'), 'nobody');
    expect(await screen.findByRole('heading', { name: 'No orders match your search criteria' })).toBeTruthy();
    expect(queriesTo(fetchMock, '/api/v1/vendor/orders').at(-1)?.q).toBe('nobody');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Showing 42 of 42 orders', undefined)).toBeTruthy();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
  });

  it('marks a refunded order and a part-refunded one beside their status', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/orders/stats': { body: stats },
      'GET /api/v1/vendor/orders': listOf([
        paid({ id: 'o-0000-1111aaaa', status: 'delivered', money: { paid: 987, refunded: 987, net: 0 } }),
        paid({ id: 'o-0000-2222bbbb', status: 'delivered', money: { paid: 987, refunded: 300, net: 687 } }),
        paid({ id: 'o-0000-3333cccc', status: 'delivered' }),
      ]),
    });
    renderApp('/vendor-dashboard');
    const table = await screen.findByRole('table', { name: 'Your orders, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Refunded').className).toContain('status-badge--red');
    expect(within(rows[1]!).getByText('Part refunded')).toBeTruthy();
    expect(within(rows[2]!).queryByText(/refunded/i)).toBeNull();
  });

  it('exports the filtered rows through the server', async () => {
    const user = userEvent.setup();
    // jsdom has no object URLs; a subclass keeps every other URL behaviour.
    class BlobUrl extends URL {
      static override createObjectURL = vi.fn(() => 'blob:csv');
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal('URL', BlobUrl);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { fetchMock } = stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/orders/stats': { body: stats },
      'GET /api/v1/vendor/orders': listOf([paid({ status: 'delivered' })], 1),
    });
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === '/api/v1/vendor/orders/export.csv') {
        return new Response('\uFEFFOrder ID,Date\r\n#00abcd,22-11-2026\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="vendor-orders-2026-11-23.csv"',
          },
        });
      }
      return original(input, init);
    });
    renderApp('/vendor-dashboard?status=delivered&q=mackay');
    await screen.findByRole('table', { name: 'Your orders, newest first' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(queriesTo(fetchMock, '/api/v1/vendor/orders/export.csv')).toEqual([
      { status: 'delivered', q: 'mackay' },
    ]);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('vendor-orders-2026-11-23.csv');
  });
});

describe('vendor order drawer', () => {
  const order = paid({
    id: '0193f1b2-7c1e-7000-8000-0000cccc3333',
    status: 'confirmed',
    notes: 'Ring the bell twice',
    vendorNotes: null,
    coverAmount: 0,
    parcels: [
      { length: 30, width: 20, height: 15, weight: 2 },
      { length: 10, width: 10, height: 10, weight: 1 },
    ],
    actions: { pay: false, cancel: true, nextStatuses: ['in_transit'] },
  });

  function stub(patch: (call: RecordedCall) => StubResponse | Promise<StubResponse>) {
    return stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/orders/stats': { body: stats },
      'GET /api/v1/vendor/orders': listOf([order], 1),
      [`GET /api/v1/orders/${order.id}`]: { body: order },
      [`PATCH /api/v1/vendor/orders/${order.id}`]: patch,
    });
  }

  it('shows every section, offers only the moves the state machine allows, saves only the changes and stays open', async () => {
    const user = userEvent.setup();
    let release: (value: StubResponse) => void = () => undefined;
    const { calls } = stub(() => new Promise<StubResponse>((resolve) => (release = resolve)));
    renderApp('/vendor-dashboard');
    await user.click(await screen.findByRole('button', { name: 'View details of order #cccc3333' }));
    const drawer = await findOpened('dialog', 'Order #cccc3333');
    for (const title of [
      'Order Summary',
      'Package Details',
      'All Parcels',
      'Tracking Information',
      "Customer's Notes",
      'Return Address',
      'Delivery Address',
    ]) {
      expect(await within(drawer).findByRole('heading', { name: title })).toBeTruthy();
    }
    expect(within(drawer).queryByRole('heading', { name: 'Courier Notes' })).toBeNull();
    expect(within(drawer).getByText('Ring the bell twice')).toBeTruthy();
    expect(within(drawer).getByText('CSG123')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Download label' })).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Edit Order' }));
    const status = within(drawer).getByLabelText('Status') as HTMLSelectElement;
    expect(Array.from(status.options).map((o) => o.value)).toEqual(['confirmed', 'in_transit', 'cancelled']);
    await user.selectOptions(status, 'in_transit');
    const tracking = within(drawer).getByLabelText('Tracking Number');
    await user.clear(tracking);
    await user.type(tracking, 'TRK-0001');
    await user.type(within(drawer).getByLabelText('Courier Notes'), 'Collected at 9');
    await user.click(within(drawer).getByRole('button', { name: 'Save Changes' }));
    expect(await within(drawer).findByRole('button', { name: 'Saving...' })).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({
      status: 'in_transit',
      trackingNumber: 'TRK-0001',
      vendorNotes: 'Collected at 9',
    });
    const before = calls.filter((c) => c.path === '/api/v1/vendor/orders/stats').length;
    release({ body: { ...order, status: 'in_transit', trackingNumber: 'TRK-0001' } });
    expect(await screen.findByText('Order updated successfully!')).toBeTruthy();
    // The drawer stays open on the saved order, ready for the next step.
    const open = screen.getByRole('dialog', { name: 'Order #cccc3333' });
    await waitFor(() =>
      expect((within(open).getByLabelText('Status') as HTMLSelectElement).value).toBe('in_transit'),
    );
    expect(within(open).getByText('TRK-0001')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/vendor/orders/stats').length).toBeGreaterThan(before),
    );
  });

  it('names the drop-off point the customer chose, with its hours', async () => {
    const user = userEvent.setup();
    const dropped = { ...order, dropOffPointId: 'p2', dropOffPoint: orderDropOffPointFixture() };
    stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/orders/stats': { body: stats },
      'GET /api/v1/vendor/orders': listOf([dropped], 1),
      [`GET /api/v1/orders/${order.id}`]: { body: dropped },
    });
    renderApp('/vendor-dashboard');
    await user.click(await screen.findByRole('button', { name: 'View details of order #cccc3333' }));
    const drawer = await findOpened('dialog', 'Order #cccc3333');
    const section = (await within(drawer).findByRole('heading', { name: 'Drop-off point' })).closest(
      'section',
    )!;
    expect(within(section).getByText('Victoria Newsagent')).toBeTruthy();
    expect(within(section).getByText('12 Buckingham Gate, London, SW1E 5DJ')).toBeTruthy();
    expect(within(section).getByText('Open 09:00–17:30 on Mon, 23 Nov 2026')).toBeTruthy();
    expect(within(section).queryByRole('link', { name: 'Choose another drop-off point' })).toBeNull();
  });

  it('tells the courier who did each step: the customer placed it, Consign took the payment, the courier confirmed', async () => {
    const user = userEvent.setup();
    const confirmed = {
      ...order,
      events: [
        ...order.events,
        {
          ...order.events[1]!,
          from: 'pending' as const,
          to: 'confirmed' as const,
          actorRole: 'vendor' as const,
          note: null,
        },
      ],
    };
    stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/orders/stats': { body: stats },
      'GET /api/v1/vendor/orders': listOf([confirmed], 1),
      [`GET /api/v1/orders/${order.id}`]: { body: confirmed },
    });
    renderApp('/vendor-dashboard');
    await user.click(await screen.findByRole('button', { name: 'View details of order #cccc3333' }));
    const drawer = await findOpened('dialog', 'Order #cccc3333');
    const timeline = await within(drawer).findByRole('list', { name: 'Tracking timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.timeline__status')?.textContent),
    ).toEqual(['Placed by the customer · Awaiting payment', 'Pending · by Consign', 'Confirmed · by you']);
  });

  it('shows what the courier earns on the order, and a part refund in the header and earnings', async () => {
    const user = userEvent.setup();
    const refunded = paid({
      id: '0193f1b2-7c1e-7000-8000-0000dddd4444',
      status: 'delivered',
      money: { paid: 987, refunded: 300, net: 687 },
      finance: {
        receipt: null,
        creditNotes: [],
        earnings: {
          price: 987,
          commission: 104,
          refunds: 300,
          net: 583,
          currency: 'GBP',
          percentBp: 1250,
          fixed: 30,
        },
      },
    });
    stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/orders/stats': { body: stats },
      'GET /api/v1/vendor/orders': listOf([refunded, order]),
      [`GET /api/v1/orders/${refunded.id}`]: { body: refunded },
      [`GET /api/v1/orders/${order.id}`]: { body: order },
    });
    renderApp('/vendor-dashboard');
    await user.click(await screen.findByRole('button', { name: 'View details of order #dddd4444' }));
    const drawer = await findOpened('dialog', 'Order #dddd4444');
    expect(within(drawer).getByText('Part refunded £3.00').className).toContain('status-badge--red');
    const earnings = within(drawer).getByLabelText('Your earnings');
    expect(earnings.textContent).toBe(
      'Price£9.87Commission (12.5% + £0.30)−£1.04Refunds you bore−£3.00Net£5.83Part refunded to the customer£3.00',
    );
    await user.keyboard('{Escape}');

    // Before payment there is nothing earned and nothing refunded: no section.
    await user.click(screen.getByRole('button', { name: 'View details of order #cccc3333' }));
    const other = await findOpened('dialog', 'Order #cccc3333');
    expect(within(other).queryByRole('heading', { name: 'Your Earnings' })).toBeNull();
    expect(within(other).queryByText(/refunded/i)).toBeNull();
  });

  /** Opens order #cccc3333's drawer, types a tracking number and saves it (the stub answers). */
  async function saveTrackingNumber(value: string) {
    const user = userEvent.setup();
    renderApp('/vendor-dashboard');
    await user.click(await screen.findByRole('button', { name: 'View details of order #cccc3333' }));
    const drawer = await findOpened('dialog', 'Order #cccc3333');
    await user.click(await within(drawer).findByRole('button', { name: 'Edit Order' }));
    const tracking = within(drawer).getByLabelText('Tracking Number');
    await user.clear(tracking);
    await user.type(tracking, value);
    await user.click(within(drawer).getByRole('button', { name: 'Save Changes' }));
    return { drawer, tracking };
  }

  it('shows the server’s reason when a save fails, next to the field', async () => {
    stub(() =>
      problemResponse(422, 'Validation failed', {
        errors: [{ path: 'trackingNumber', message: 'Tracking number must be 4 to 64 letters' }],
      }),
    );
    const { drawer } = await saveTrackingNumber('x!');
    expect((await within(drawer).findAllByText('Tracking number must be 4 to 64 letters')).length).toBe(1);
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Order #cccc3333' })).toBeTruthy();
  });

  it('shows a tracking number another order has beside the field too', async () => {
    stub(() =>
      problemResponse(409, 'This tracking number is already used by another order', {
        code: 'tracking_number_taken',
      }),
    );
    const { drawer, tracking } = await saveTrackingNumber('DEMO00000013');
    expect(
      await within(drawer).findByText('This tracking number is already used by another order'),
    ).toBeTruthy();
    expect(tracking.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Order #cccc3333' })).toBeTruthy();
  });
});

describe('vendor reviews', () => {
  const review = (overrides: Partial<Review> & { id: string; orderId: string }): Review => ({
    courierService: { id: 's1', name: 'Next Day' },
    rating: 4,
    comment: null,
    authorName: 'Jamie',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    editableUntil: '2026-12-20T10:00:00.000Z',
    reply: null,
    hidden: false,
    ...overrides,
  });
  const unanswered = review({
    id: 'r1',
    orderId: '0193f1b2-7c1e-7000-8000-0000aaaa1111',
    comment: 'Arrived early and well packed',
  });
  const hidden = review({
    id: 'r2',
    orderId: '0193f1b2-7c1e-7000-8000-0000bbbb2222',
    rating: 1,
    comment: 'Rude words about the driver',
    authorName: 'Alex',
    hidden: true,
  });
  const answered = review({
    id: 'r3',
    orderId: '0193f1b2-7c1e-7000-8000-0000cccc3333',
    rating: 5,
    authorName: 'Sam',
    reply: { text: 'Thank you, Sam!', at: '2026-11-21T09:00:00.000Z' },
  });

  function stub(
    reviews: StubResponse | (() => Promise<StubResponse>),
    reply?: (call: RecordedCall) => StubResponse,
  ) {
    return stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/orders/stats': { body: stats },
      'GET /api/v1/vendor/orders': listOf([], 0),
      'GET /api/v1/vendor/reviews': reviews,
      ...(reply ? { 'POST /api/v1/vendor/reviews/r1/reply': reply } : {}),
      [`GET /api/v1/orders/${unanswered.orderId}`]: {
        body: paid({ id: unanswered.orderId, status: 'delivered' }),
      },
    });
  }

  it('shows loading, then the empty state', async () => {
    let release: (value: StubResponse) => void = () => undefined;
    stub(() => new Promise<StubResponse>((resolve) => (release = resolve)));
    renderApp('/vendor-dashboard');
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect(within(section).getByRole('status').textContent).toBe('Loading reviews');
    release({ body: { items: [] } });
    expect(await within(section).findByRole('heading', { name: 'No reviews yet' })).toBeTruthy();
    expect(within(section).queryByRole('list')).toBeNull();
    expect(within(section).getByRole('link', { name: 'See your public profile' }).getAttribute('href')).toBe(
      '/couriers/v1',
    );
  });

  it('says when the reviews cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let failing = true;
    stub(async () =>
      failing
        ? { status: 503, body: { title: 'Unavailable', status: 503 } }
        : { body: { items: [answered] } },
    );
    renderApp('/vendor-dashboard');
    const section = await screen.findByRole('region', { name: 'Reviews' });
    expect((await within(section).findByRole('alert')).textContent).toContain(
      'Your reviews could not be loaded',
    );
    failing = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('Thank you, Sam!')).toBeTruthy();
  });

  it('lists every shape of review, refreshes with the page, and opens the order from its reference', async () => {
    const user = userEvent.setup();
    const { calls } = stub({ body: { items: [unanswered, hidden, answered] } });
    renderApp('/vendor-dashboard');
    const list = await screen.findByRole('list', { name: 'Reviews of your deliveries, newest first' });
    const [first, second, third] = within(list).getAllByRole('listitem');
    expect(screen.getByText('3 reviews, 2 without a reply.')).toBeTruthy();
    expect(first!.textContent).toContain('4 out of 5');
    expect(within(first!).getByText('Arrived early and well packed')).toBeTruthy();
    expect(within(first!).getByText(/Jamie · Next Day/)).toBeTruthy();
    expect(
      within(first!).getByRole('button', { name: 'Reply to Jamie’s review of order #aaaa1111' }),
    ).toBeTruthy();
    // Staff hid the comment: the courier still reads it, marked, with what that means.
    expect(within(second!).getByText('Hidden by staff')).toBeTruthy();
    expect(within(second!).getByText('Rude words about the driver')).toBeTruthy();
    expect(within(second!).getByText(/hid this comment from your public profile/)).toBeTruthy();
    // Replied: the reply, and no way to reply again.
    expect(within(third!).getByText('No comment, just the rating.')).toBeTruthy();
    expect(within(third!).getByText('Thank you, Sam!')).toBeTruthy();
    expect(within(third!).queryByRole('button', { name: /Reply/ })).toBeNull();

    const listed = () => calls.filter((c) => c.path === '/api/v1/vendor/reviews').length;
    const before = listed();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listed()).toBeGreaterThan(before));

    await user.click(within(first!).getByRole('button', { name: 'Order #aaaa1111' }));
    expect(await findOpened('dialog', 'Order #aaaa1111')).toBeTruthy();
  });

  it('replies once: the field says what is wrong, then the reply replaces the form', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { calls } = stub({ body: { items: [unanswered] } }, (call) => {
      attempts += 1;
      if (attempts === 1) {
        return problemResponse(422, 'Validation failed', {
          errors: [{ path: 'reply', message: 'Reply must be at most 2000 characters' }],
        });
      }
      return {
        body: {
          ...unanswered,
          reply: { text: (call.body as { reply: string }).reply, at: '2026-11-22T10:00:00.000Z' },
        },
      };
    });
    renderApp('/vendor-dashboard');
    await user.click(
      await screen.findByRole('button', { name: 'Reply to Jamie’s review of order #aaaa1111' }),
    );
    const form = screen.getByRole('form', { name: 'Reply to Jamie’s review of order #aaaa1111' });
    const box = within(form).getByLabelText('Your reply') as HTMLTextAreaElement;
    expect(document.activeElement).toBe(box);
    expect(box.maxLength).toBe(2000);

    // Nothing written: said beside the field, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Publish reply' }));
    expect(within(form).getByText('Write a reply')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === '/api/v1/vendor/reviews/r1/reply')).toBe(false);

    // The server's reason goes beside the field too.
    await user.type(box, '  Thank you, Jamie!  ');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Publish reply' }));
    expect(
      await within(form).findByText('Reply must be at most 2000 characters', { selector: '.field__error' }),
    ).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Publish reply' }));
    expect(await screen.findByText('Your reply is published.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/v1/vendor/reviews/r1/reply').map((c) => c.body)).toEqual([
      { reply: 'Thank you, Jamie!' },
      { reply: 'Thank you, Jamie!' },
    ]);
    const item = screen.getByTestId('vendor-review');
    expect(within(item).getByText('Thank you, Jamie!')).toBeTruthy();
    expect(within(item).getByText('Your reply')).toBeTruthy();
    expect(within(item).queryByRole('form')).toBeNull();
    expect(within(item).queryByRole('button', { name: /Reply/ })).toBeNull();
  });
});
