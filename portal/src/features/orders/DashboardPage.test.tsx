import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  jobFixture,
  orderDropOffPointFixture,
  orderFixture,
  referenceData,
} from '../../test/bookingFixtures';
import { customer, problemResponse, type StubResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';

const signedIn = {
  'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
  'GET /api/v1/users/me': {
    body: { ...customer, name: 'Casey', phone: null, address: null, avatarUrl: null },
  },
  'GET /api/v1/meta': { body: referenceData },
};

const emptyTotals = { count: 0, pending: 0, sum: [] };

describe('customer dashboard', () => {
  it('shows a loading state, then the empty state and zero totals', async () => {
    // The gate exists before the page asks for orders: the spinner can show before the stub
    // sees the request, and releasing a resolver that was never handed out would hang the test.
    let release: (value: StubResponse) => void = () => undefined;
    const gate = new Promise<StubResponse>((resolve) => {
      release = resolve;
    });
    stubFetch({ ...signedIn, 'GET /api/v1/orders': () => gate });
    renderApp('/dashboard');
    expect((await screen.findAllByText('Loading orders...')).length).toBeGreaterThan(0);
    release({ body: { items: [], nextCursor: null, totals: emptyTotals } });
    expect(await screen.findByRole('heading', { name: 'No orders found' })).toBeTruthy();
    const stats = screen.getByText('Total orders').closest('dl') as HTMLElement;
    expect(within(stats).getByText('Total orders').nextElementSibling?.textContent).toBe('0');
    expect(within(stats).getByText('Total spent').nextElementSibling?.textContent).toBe('£0.00');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Orders', 'Address book', 'Profile', 'Home', 'Help']);
  });

  it('marks a refunded order beside its status', async () => {
    const refunded = orderFixture({
      id: 'o-0000-1111aaaa',
      status: 'delivered',
      money: { paid: 987, refunded: 987, net: 0 },
    });
    const kept = orderFixture({ id: 'o-0000-2222bbbb', status: 'delivered' });
    const totals = { count: 2, pending: 0, sum: [{ amount: 987, currency: 'GBP' }] };
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': { body: { items: [refunded, kept], nextCursor: null, totals } },
    });
    renderApp('/dashboard');
    const table = await screen.findByRole('table', { name: 'Your orders, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Refunded').className).toContain('status-badge--red');
    expect(within(rows[1]!).queryByText('Refunded')).toBeNull();
  });

  it('invites a rating of a delivered order not yet rated, and shows the rating of one that is', async () => {
    const rated = orderFixture({ id: 'o-0000-1111aaaa', status: 'delivered', yourRating: 4 });
    const unrated = orderFixture({ id: 'o-0000-2222bbbb', status: 'delivered', yourRating: null });
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': {
        body: { items: [rated, unrated], nextCursor: null, totals: { ...emptyTotals, count: 2 } },
      },
    });
    renderApp('/dashboard');
    const table = await screen.findByRole('table', { name: 'Your orders, newest first' });
    const links = Array.from(table.querySelectorAll<HTMLAnchorElement>('a.dashboard__review-link'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Rated 4 out of 5 of order #1111aaaa', '/orders/o-0000-1111aaaa/review'],
      ['Rate delivery of order #2222bbbb', '/orders/o-0000-2222bbbb/review'],
    ]);
  });

  it('asks a signed-out visitor of a review link to sign in, in plain words', async () => {
    stubFetch({
      'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
      'GET /api/v1/meta': { body: referenceData },
    });
    renderApp('/orders/o-0000-1111aaaa/review');
    expect(
      await screen.findByText('You need to be signed in to see the review page of your delivery.'),
    ).toBeTruthy();
  });

  it('shows a part refund in the drawer and downloads the VAT receipt and each credit note', async () => {
    const user = userEvent.setup();
    const order = orderFixture({
      status: 'delivered',
      money: { paid: 987, refunded: 300, net: 687 },
      actions: { pay: false, cancel: false, nextStatuses: [] },
      finance: {
        receipt: {
          number: 'R-000012',
          issuedAt: '2026-11-22T09:00:00.000Z',
          url: '/api/v1/orders/x/receipt',
        },
        creditNotes: [
          {
            number: 'CN-000003',
            amount: 100,
            currency: 'GBP',
            issuedAt: '2026-11-23T10:00:00.000Z',
            url: '/api/v1/orders/x/credit-notes/CN-000003',
          },
          {
            number: 'CN-000004',
            amount: 200,
            currency: 'GBP',
            issuedAt: '2026-11-24T10:00:00.000Z',
            url: '/api/v1/orders/x/credit-notes/CN-000004',
          },
        ],
        earnings: null,
      },
    });
    const pdf = (name: string) => ({
      body: '%PDF-1.7',
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
    });
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:paper';
        static override revokeObjectURL = () => undefined;
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/orders': {
        body: { items: [order], nextCursor: null, totals: { ...emptyTotals, count: 1 } },
      },
      [`GET /api/v1/orders/${order.id}`]: { body: order },
      [`GET /api/v1/orders/${order.id}/receipt`]: pdf('consign-receipt-R-000012.pdf'),
      [`GET /api/v1/orders/${order.id}/credit-notes/CN-000004`]: pdf('consign-credit-note-CN-000004.pdf'),
    });
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: `View details of order ${order.reference}` }));
    const drawer = await findOpened('dialog', `Order ${order.reference}`);
    expect(within(drawer).getByText('Part refunded £3.00').className).toContain('status-badge--red');
    const price = within(drawer).getByLabelText('Price breakdown');
    expect(price.textContent).toContain('Part refunded−£3.00');
    expect(price.textContent).toContain('Paid after refunds£6.87');

    const papers = within(drawer).getByRole('heading', { name: 'Receipts' }).parentElement as HTMLElement;
    expect(within(papers).getByText('R-000012')).toBeTruthy();
    expect(papers.textContent).toContain('Credit note CN-000003: £1.00 refunded');
    expect(papers.textContent).toContain('Credit note CN-000004: £2.00 refunded');
    await user.click(within(papers).getByRole('button', { name: 'Download VAT receipt R-000012' }));
    await waitFor(() => expect(saved).toEqual(['consign-receipt-R-000012.pdf']));
    await user.click(within(papers).getByRole('button', { name: 'Download credit note CN-000004' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('consign-credit-note-CN-000004.pdf');
    expect(calls.filter((c) => c.path.includes('/credit-notes/')).map((c) => c.path)).toEqual([
      `/api/v1/orders/${order.id}/credit-notes/CN-000004`,
    ]);
  });

  it('shows no receipts before payment and a full refund in the header', async () => {
    const user = userEvent.setup();
    const order = orderFixture({ status: 'cancelled', money: { paid: 987, refunded: 987, net: 0 } });
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': {
        body: { items: [order], nextCursor: null, totals: { ...emptyTotals, count: 1 } },
      },
      [`GET /api/v1/orders/${order.id}`]: { body: order },
    });
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: `View details of order ${order.reference}` }));
    const drawer = await findOpened('dialog', `Order ${order.reference}`);
    expect(within(drawer).getByText('Refunded £9.87')).toBeTruthy();
    expect(within(drawer).getByLabelText('Price breakdown').textContent).toContain('Paid after refunds£0.00');
    expect(within(drawer).queryByRole('heading', { name: 'Receipts' })).toBeNull();
  });

  it('lists orders newest first with totals and status badges, and loads more', async () => {
    const user = userEvent.setup();
    const first = orderFixture({
      id: 'o-0000-1111aaaa',
      status: 'pending',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    const second = orderFixture({
      id: 'o-0000-2222bbbb',
      status: 'cancelled',
      createdAt: '2026-11-21T10:00:00.000Z',
      price: { net: 1000, vat: 200, coverFee: 0, total: 1200, currency: 'GBP' },
    });
    // A return order: it names the order it sends back.
    const third = {
      ...orderFixture({ id: 'o-0000-3333cccc', status: 'in_transit', createdAt: '2026-11-20T10:00:00.000Z' }),
      returnOf: { orderId: 'o-0000-9999ffff', reference: '#9999ffff' },
    };
    const totals = { count: 3, pending: 1, sum: [{ amount: 1974, currency: 'GBP' }] };
    let page = 0;
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/orders': () => {
        page += 1;
        return page === 1
          ? { body: { items: [first, second], nextCursor: 'cursor-2', totals } }
          : { body: { items: [third], nextCursor: null, totals } };
      },
    });
    renderApp('/dashboard');

    const table = await screen.findByRole('table', { name: 'Your orders, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      '#1111aaaa',
      '#2222bbbb',
    ]);
    expect(within(rows[0]!).getByText('Sun, 22 Nov 2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('London → Edinburgh')).toBeTruthy();
    expect(within(rows[0]!).getByText('£9.87')).toBeTruthy();
    expect(within(rows[0]!).getByText('Pending').className).toContain('status-badge--yellow');
    expect(within(rows[1]!).getByText('Cancelled').className).toContain('status-badge--red');

    const stats = screen.getByText('Total orders').closest('dl') as HTMLElement;
    expect(within(stats).getByText('Total orders').nextElementSibling?.textContent).toBe('3');
    expect(within(stats).getByText('Pending').nextElementSibling?.textContent).toBe('1');
    expect(within(stats).getByText('Total spent').nextElementSibling?.textContent).toBe('£19.74');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText('In transit').className).toContain('status-badge--blue');
    const returnRow = within(table).getAllByRole('row')[3]!;
    expect(within(returnRow).getAllByRole('cell')[0]?.textContent).toBe('#3333ccccReturn of #9999ffff');
    expect(within(rows[0]!).queryByText(/Return of/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/v1/orders')).toHaveLength(2);
  });

  it('names the drop-off point in the order panel, with the way to another when it closed', async () => {
    const user = userEvent.setup();
    const order = orderFixture({
      status: 'confirmed',
      dropOffPointId: 'p2',
      dropOffPoint: orderDropOffPointFixture({ status: 'closed', problem: 'The drop-off point has closed' }),
    });
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': {
        body: { items: [order], nextCursor: null, totals: { ...emptyTotals, count: 1 } },
      },
      [`GET /api/v1/orders/${order.id}`]: { body: order },
    });
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: `View details of order ${order.reference}` }));
    const drawer = await findOpened('dialog', `Order ${order.reference}`);
    const section = (await within(drawer).findByRole('heading', { name: 'Drop-off point' })).closest(
      'section',
    )!;
    expect(within(section).getByText('Victoria Newsagent')).toBeTruthy();
    expect(within(section).getByText('12 Buckingham Gate, London, SW1E 5DJ')).toBeTruthy();
    expect(within(section).getByText('Open 09:00–17:30 on Mon, 23 Nov 2026')).toBeTruthy();
    expect(within(section).getByRole('row', { name: 'Saturday Closed' })).toBeTruthy();
    expect(within(section).getByText('The drop-off point has closed')).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: 'Choose another drop-off point' }).getAttribute('href'),
    ).toBe(`/orders/${order.id}/drop-off`);
  });

  it('opens the order detail panel with the timeline; Escape and an outside click close it', async () => {
    const user = userEvent.setup();
    const order = orderFixture();
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': {
        body: { items: [order], nextCursor: null, totals: { ...emptyTotals, count: 1 } },
      },
      [`GET /api/v1/orders/${order.id}`]: { body: order },
    });
    renderApp('/dashboard');

    const open = await screen.findByRole('button', { name: `View details of order ${order.reference}` });
    await user.click(open);
    const drawer = await findOpened('dialog', `Order ${order.reference}`);
    const timeline = await within(drawer).findByRole('list', { name: 'Tracking timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.timeline__status')?.textContent),
    ).toEqual(['Placed by you · Awaiting payment', 'Pending · by Consign']);
    expect(within(drawer).getByRole('button', { name: 'Download label' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Customs declaration' })).toBeNull();
    expect(within(drawer).getByText('Swift Couriers')).toBeTruthy();
    expect(within(drawer).getByText('Extended cover (up to £50.00)')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);

    await user.click(open);
    const again = await findOpened('dialog', `Order ${order.reference}`);
    await user.click(again.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancels after confirmation, and shows the API’s reason when it refuses', async () => {
    const user = userEvent.setup();
    const order = orderFixture();
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/orders': {
        body: { items: [order], nextCursor: null, totals: { ...emptyTotals, count: 1 } },
      },
      [`GET /api/v1/orders/${order.id}`]: { body: order },
      [`POST /api/v1/orders/${order.id}/cancel`]: problemResponse(
        409,
        'Orders can be cancelled within 1 hour of payment',
        { code: 'cancel_window_closed' },
      ),
    });
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: `View details of order ${order.reference}` }));
    const drawer = await findOpened('dialog');
    await user.click(await within(drawer).findByRole('button', { name: 'Cancel order' }));
    const confirm = within(drawer).getByRole('alertdialog', { name: `Cancel order ${order.reference}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, cancel order' }));
    expect(await within(drawer).findByText('Orders can be cancelled within 1 hour of payment')).toBeTruthy();
    const cancel = calls.find((c) => c.path.endsWith('/cancel'));
    expect(cancel?.headers['Idempotency-Key']).toMatch(/.{16,}/);
  });

  it('offers Pay now for an order awaiting payment', async () => {
    const user = userEvent.setup();
    const order = orderFixture({
      status: 'awaiting_payment',
      paidAt: null,
      payment: null,
      documents: { label: null, customs: null },
      actions: { pay: true, cancel: true, nextStatuses: [] },
    });
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': {
        body: { items: [order], nextCursor: null, totals: { ...emptyTotals, count: 1 } },
      },
      [`GET /api/v1/orders/${order.id}`]: { body: order },
    });
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: `View details of order ${order.reference}` }));
    const drawer = await findOpened('dialog');
    const pay = await within(drawer).findByRole('link', { name: 'Pay now' });
    expect(pay.getAttribute('href')).toBe(`/payment?order=${order.id}`);
    expect(within(drawer).queryByRole('button', { name: 'Download label' })).toBeNull();
  });

  it('lists jobs and withdraws one after confirmation', async () => {
    const user = userEvent.setup();
    const job = jobFixture();
    let withdrawn = false;
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/orders': { body: { items: [], nextCursor: null, totals: emptyTotals } },
      'GET /api/v1/jobs': () => ({
        body: {
          items: [
            withdrawn ? { ...job, status: 'withdrawn', actions: { pay: false, withdraw: false } } : job,
          ],
          nextCursor: null,
          total: 1,
        },
      }),
      [`POST /api/v1/jobs/${job.id}/withdraw`]: () => {
        withdrawn = true;
        return { body: { ...job, status: 'withdrawn' } };
      },
    });
    renderApp('/dashboard?tab=jobs');
    const tab = await screen.findByRole('tab', { name: 'Jobs' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Your jobs, newest first' });
    expect(within(list).getByText('£25.00')).toBeTruthy();
    expect(within(list).getByText('Open').className).toContain('status-badge--yellow');
    expect(within(list).getByText('England → Scotland (UK to UK)')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: `Withdraw job ${job.reference}` }));
    const dialog = await findOpened('dialog', `Withdraw job ${job.reference}?`);
    expect(dialog.textContent).toContain('Your payment of £25.00 is refunded.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, withdraw' }));
    expect(await screen.findByText(`Job ${job.reference} withdrawn. Your payment is refunded.`)).toBeTruthy();
    expect(await within(list).findByText('Withdrawn')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/withdraw'))?.headers['Idempotency-Key']).toBeTruthy();
  });
});
