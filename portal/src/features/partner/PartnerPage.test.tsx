import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customer, outboxMeta, problemResponse, type RecordedCall, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

const partnerUser = {
  ...customer,
  id: 'u_p',
  email: 'pat@shop.example',
  name: 'Pat',
  role: 'partner' as const,
};
const partnerSession = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  expiresIn: 900,
  user: partnerUser,
};

const partner = {
  id: 'p1',
  name: 'Demo Partner Shop',
  mode: 'test',
  status: 'active',
  publishableKey: 'pk_test_demo',
  previousKeyExpiresAt: null,
  allowedOrigins: ['https://shop.example', 'http://localhost:*'],
  limits: { perClientPerMinute: 30, perKeyPerMinute: 600, secretKeyPerMinute: 120 },
  docsUrl: '/docs/partners',
};

const days = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  quotes: i,
  bookings: i % 3,
  revenuePence: (i % 3) * 1299,
}));

const order = (reference: string, extra: Record<string, unknown> = {}) => ({
  reference,
  status: 'in_transit',
  serviceType: 'domestic',
  courier: { name: 'Swift Couriers' },
  service: { name: 'Next day' },
  totalPence: 1299,
  refundedPence: 0,
  currency: 'GBP',
  createdAt: '2026-11-20T10:00:00.000Z',
  collectionDate: '2026-11-21',
  paidAt: '2026-11-20T10:01:00.000Z',
  deliveredAt: null,
  trackingNumber: 'CN123456',
  trackingUrl: '/track/abc123',
  origin: { postTown: 'London', postcodeDistrict: 'SW1A' },
  destination: { postTown: null, postcodeDistrict: 'EH1', country: 'GB' },
  ...extra,
});

const signedIn = {
  'POST /api/v1/auth/refresh': { body: partnerSession },
  'GET /api/v1/partner': { body: partner },
  'GET /api/v1/partner/overview': {
    body: {
      from: '2026-11-01',
      to: '2026-11-30',
      totals: { quotes: 435, bookings: 29, conversion: 29 / 435, revenuePence: 37671, currency: 'GBP' },
      days,
    },
  },
  'GET /api/v1/partner/secret-keys': { body: { data: [] } },
  'GET /api/v1/partner/webhook-endpoints': { body: { data: [] } },
  'GET /api/v1/partner/return-policy': {
    body: {
      windowDays: 30,
      reasons: ['changed_mind', 'damaged'],
      payer: 'shopper',
      isDefault: true,
      suspendedUntilPaid: false,
    },
  },
  'GET /api/v1/partner/returns': { body: { items: [], nextCursor: null } },
  'GET /api/v1/partner/claims': { body: { data: [], nextCursor: null } },
  'GET /api/v1/partner/returns/owed': {
    body: { count: 0, total: { amount: 0, currency: 'GBP' }, dueBy: null, overdue: false, items: [] },
  },
  'GET /api/v1/meta/auth': { body: { ...outboxMeta, paymentsProvider: 'test' } },
};

const returnItem = (id: string, ref: string, partnerPayment: 'owed' | 'paid') => ({
  id,
  originalOrderId: 'o1',
  originalReference: '#AAAA1111',
  returnOrderId: `o-${id}`,
  returnReference: ref,
  reason: 'damaged',
  payer: 'partner',
  status: 'pending',
  price: { amount: 1299, currency: 'GBP' },
  partnerPayment,
  createdAt: '2026-11-21T10:00:00.000Z',
});

const owedItem = (ref: string, amount: number) => ({
  returnOrderId: `o-${ref}`,
  returnReference: `#${ref}`,
  originalReference: '#AAAA1111',
  reason: 'damaged',
  status: 'pending',
  courier: 'Swift Couriers',
  price: { amount, currency: 'GBP' },
  createdAt: '2026-11-21T10:00:00.000Z',
});

const STATUSES = ['submitted', 'with_courier', 'accepted', 'part_accepted', 'rejected', 'escalated', 'paid'];

const claim = (status: string, i: number) => ({
  id: `claim-${i}`,
  reference: `#CLAIM00${i}`,
  orderId: `order-${i}`,
  orderReference: '#AAAA1111',
  kind: i % 2 ? 'loss' : 'damage',
  status,
  description: `The customer’s words for claim ${i}`,
  photos: [],
  proofOfValue: [],
  amountClaimed: { amount: 1500, currency: 'GBP' },
  cap: { amount: 2000, currency: 'GBP' },
  amountAgreed: ['accepted', 'part_accepted', 'paid'].includes(status)
    ? { amount: 900, currency: 'GBP' }
    : null,
  bearer: null,
  courierNote: status === 'rejected' ? 'Delivered intact, signed for' : null,
  courierEvidence: [],
  respondedAt: status === 'with_courier' || status === 'submitted' ? null : '2026-11-22T10:00:00.000Z',
  courierDeadline: '2026-11-25T23:59:59.000Z',
  staffNote: null,
  decidedAt: null,
  decidedByStaff: false,
  awaitsStaff: status === 'escalated' || status === 'rejected',
  final: false,
  paidAt: status === 'paid' ? '2026-11-23T10:00:00.000Z' : null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
});

describe('partner area', () => {
  const withOrders = {
    ...signedIn,
    'GET /api/v1/partner/orders': ({ query }: RecordedCall) =>
      query.get('cursor') === 'c2'
        ? {
            body: {
              data: [order('#OLDER001', { status: 'delivered', deliveredAt: '2026-11-02T12:00:00Z' })],
              nextCursor: null,
            },
          }
        : query.get('status') === 'cancelled'
          ? { body: { data: [], nextCursor: null } }
          : {
              body: {
                data: [
                  order('#AAAA1111'),
                  order('#BBBB2222', {
                    status: 'cancelled',
                    refundedPence: 1299,
                    trackingNumber: null,
                    trackingUrl: null,
                  }),
                ],
                nextCursor: 'c2',
              },
            },
  };

  it('shows the figures, the publishable key, the origins and the guide', async () => {
    stubFetch(withOrders);
    renderApp('/partner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Partner Shop' })).toBeTruthy();
    const figures = (await screen.findByText('Conversion')).closest('dl') as HTMLElement;
    expect(within(figures).getByText('Conversion').nextElementSibling?.textContent).toBe('6.7%');
    expect(within(figures).getByText('Revenue').nextElementSibling?.textContent).toBe('£376.71');
    expect(
      screen.getByRole('img', {
        name: /Quotes and bookings per day from Sun, 1 Nov 2026 to Mon, 30 Nov 2026/,
      }),
    ).toBeTruthy();
    expect(screen.getByText('pk_test_demo')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Allowed origin 2' }) as HTMLInputElement).value).toBe(
      'http://localhost:*',
    );
    expect(screen.getByRole('link', { name: 'Partner guide' }).getAttribute('href')).toBe('/docs/partners');
    expect(screen.getAllByRole('link', { name: 'API reference' })[0]?.getAttribute('href')).toBe(
      '/docs/api#tag/partner',
    );
  });

  it('lists the orders with cursor pages, and filters them on the server', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch(withOrders);
    renderApp('/partner');
    const table = await screen.findByRole('table', { name: /Orders booked through your widget/ });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'Track order #AAAA1111' }).getAttribute('href')).toBe(
      '/track/abc123',
    );
    expect(first!.textContent).toContain('London (SW1A) → EH1');
    expect(second!.textContent).toContain('Refunded');
    expect(second!.textContent).toContain('Cancelled');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('#OLDER001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Status'), 'cancelled');
    expect(await screen.findByText('No orders match these filters.')).toBeTruthy();
    const asked = calls.filter((c) => c.path === '/api/v1/partner/orders').at(-1)!;
    expect(asked.query.get('status')).toBe('cancelled');
    expect(asked.query.get('cursor')).toBeNull();
  });

  it('saves the origins as a list and shows the server’s refusal under the row it names', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/partner/orders': { body: { data: [], nextCursor: null } },
      'PUT /api/v1/partner/allowed-origins': ({ body }) => {
        attempt += 1;
        if (attempt === 1)
          return problemResponse(422, 'Invalid allowedOrigins.2', {
            errors: [{ path: 'allowedOrigins.2', message: 'The server says no' }],
          });
        return {
          body: { ...partner, allowedOrigins: (body as { allowedOrigins: string[] }).allowedOrigins },
        };
      },
    });
    renderApp('/partner');
    const last = await screen.findByRole('textbox', { name: 'Allowed origin 2' });
    await user.click(last);
    await user.keyboard('{Enter}');
    // Enter adds a row and moves to it (after the render): type once it has the focus.
    const row3 = await screen.findByRole('textbox', { name: 'Allowed origin 3' });
    await waitFor(() => expect(document.activeElement).toBe(row3));
    await user.keyboard('https://new.example');
    await user.click(screen.getByRole('button', { name: 'Save origins' }));
    await waitFor(() => expect(row3.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The server says no')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      allowedOrigins: ['https://shop.example', 'http://localhost:*', 'https://new.example'],
    });

    await user.click(screen.getByRole('button', { name: 'Save origins' }));
    expect(await screen.findByText('Allowed origins saved')).toBeTruthy();
  });

  it('sets the return policy, each refusal under its field, and lists the returns booked', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/partner/orders': { body: { data: [], nextCursor: null } },
      'GET /api/v1/partner/returns': ({ query }: RecordedCall) =>
        query.get('cursor') === 'r-next'
          ? { body: { items: [returnItem('r0', '#BBBB2222', 'paid')], nextCursor: null } }
          : { body: { items: [returnItem('r1', '#CCCC3333', 'owed')], nextCursor: 'r-next' } },
      'PUT /api/v1/partner/return-policy': ({ body }) => {
        attempt += 1;
        if (attempt === 1)
          return problemResponse(422, 'The request has invalid fields', {
            errors: [{ path: 'payer', message: 'The server says no' }],
          });
        return { body: { ...(body as object), isDefault: false } };
      },
    });
    renderApp('/partner');
    const form = await screen.findByRole('form', { name: 'Return policy' });
    expect(await screen.findByText(/Return #CCCC3333 of order #AAAA1111/)).toBeTruthy();
    expect(screen.getByText(/on your account, to pay/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more returns' }));
    expect(
      await screen.findByText(/Return #BBBB2222 of order #AAAA1111.*on your account, paid/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more returns' })).toBeNull();
    const days = within(form).getByRole('spinbutton', { name: 'Return window (days after delivery)' });
    await user.clear(days);
    await user.click(within(form).getByRole('button', { name: 'Save return policy' }));
    expect(await within(form).findByText(/Enter a whole number of days/)).toBeTruthy();
    await user.type(days, '14');
    await user.click(within(form).getByRole('checkbox', { name: 'I changed my mind' }));
    await user.click(within(form).getByRole('radio', { name: /We do/ }));
    await user.click(within(form).getByRole('button', { name: 'Save return policy' }));
    expect(await within(form).findByText('The server says no')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      windowDays: 14,
      reasons: ['damaged'],
      payer: 'partner',
    });
    await user.click(within(form).getByRole('button', { name: 'Save return policy' }));
    expect(await screen.findByText('Return policy saved')).toBeTruthy();
  });

  it('shows the returns owed, overdue, and takes the payment when back from the approval page', async () => {
    const owed = {
      count: 2,
      total: { amount: 2598, currency: 'GBP' },
      dueBy: '2026-12-05T10:00:00.000Z',
      overdue: true,
      items: [owedItem('CCCC3333', 1299), owedItem('DDDD4444', 1299)],
    };
    const charge = {
      id: 'rc1',
      reference: '#RC000001',
      status: 'paid',
      amount: { amount: 2598, currency: 'GBP' },
      returnCount: 2,
      returnReferences: ['#CCCC3333', '#DDDD4444'],
      paidAt: '2026-11-29T10:00:00.000Z',
      receiptNumber: 'R-000042',
    };
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/partner/orders': { body: { data: [], nextCursor: null } },
      'GET /api/v1/partner/returns/owed': { body: owed },
      'POST /api/v1/partner/returns/payment/capture': {
        body: {
          charge,
          owed: { ...owed, count: 0, total: { amount: 0, currency: 'GBP' }, items: [], overdue: false },
        },
      },
    });
    const { router } = renderApp('/partner?returns=rc1&approved=1&token=TEST1#returns');
    const card = await screen.findByRole('region', { name: 'To pay for returns' });
    expect(await within(card).findByText(/Paid £25\.98 for 2 returns: receipt R-000042/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Download receipt R-000042' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await within(card).findByText(/Nothing to pay/)).toBeTruthy();
    expect(within(card).queryByText(/Confirming your payment/)).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/payment/capture'))).toHaveLength(1);
  });

  it('lists what is owed with its total and offers the payment', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/v1/partner/orders': { body: { data: [], nextCursor: null } },
      'GET /api/v1/partner/returns/owed': {
        body: {
          count: 1,
          total: { amount: 1299, currency: 'GBP' },
          dueBy: '2026-12-05T10:00:00.000Z',
          overdue: false,
          items: [owedItem('CCCC3333', 1299)],
        },
      },
    });
    renderApp('/partner');
    const card = await screen.findByRole('region', { name: 'To pay for returns' });
    expect(await within(card).findByText(/You owe/)).toBeTruthy();
    expect(within(card).getByText('£12.99')).toBeTruthy();
    expect(within(card).getByText(/Return #CCCC3333 of order #AAAA1111 by Swift Couriers/)).toBeTruthy();
    expect(within(card).queryByText(/Overdue/)).toBeNull();
    expect(await within(card).findByRole('button', { name: 'Pay with the TEST MODE provider' })).toBeTruthy();
  });

  it('tells another role the page is not for it', async () => {
    stubFetch({ 'POST /api/v1/auth/refresh': { body: { ...partnerSession, user: customer } } });
    renderApp('/partner');
    expect(await screen.findByRole('heading', { name: 'Not available for this account' })).toBeTruthy();
    expect(screen.getByText(/only for partner shop accounts/)).toBeTruthy();
  });
});

describe('set password from an invitation', () => {
  it('sets the password with the token, signs in and opens the partner area', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      'POST /api/v1/auth/refresh': {
        status: 401,
        body: { type: 'about:blank', title: 'Unauthorized', status: 401 },
      },
      'POST /api/v1/auth/set-password': { body: partnerSession },
      ...Object.fromEntries(Object.entries(signedIn).filter(([k]) => k !== 'POST /api/v1/auth/refresh')),
      'GET /api/v1/partner/orders': { body: { data: [], nextCursor: null } },
    });
    const { router } = renderApp('/set-password?token=tok_123');
    await user.type(await screen.findByLabelText('Password', { selector: 'input' }), 'partner-horse');
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'partner-horse');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partner'));
    expect(calls.find((c) => c.path === '/api/v1/auth/set-password')?.body).toEqual({
      token: 'tok_123',
      password: 'partner-horse',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Partner Shop' })).toBeTruthy();
  });

  it('says plainly when the link is no longer valid', async () => {
    const user = userEvent.setup();
    stubFetch({
      'POST /api/v1/auth/refresh': {
        status: 401,
        body: { type: 'about:blank', title: 'Unauthorized', status: 401 },
      },
      'POST /api/v1/auth/set-password': problemResponse(400, 'This link has expired'),
    });
    renderApp('/set-password?token=old');
    await user.type(await screen.findByLabelText('Password', { selector: 'input' }), 'partner-horse');
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'partner-horse');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'invalid, has expired or has already been used',
    );
  });
});

// Issue 51, item 2: a failed attempt that is retried says when, and every attempt its number.
describe('the delivery log', () => {
  const attempt = (id: string, extra: Record<string, unknown>) => ({
    id,
    endpointId: 'we_1',
    eventId: 'ev_1',
    eventType: 'order.status_changed',
    attempt: 1,
    status: 'failed',
    statusCode: 500,
    latencyMs: 120,
    responseExcerpt: null,
    error: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    nextAttemptAt: null,
    ...extra,
  });

  it('shows the attempt number of each row and the next try of a failed attempt being retried', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...signedIn,
      'GET /api/v1/partner/webhook-endpoints': {
        body: {
          data: [
            {
              id: 'we_1',
              url: 'https://shop.example/hooks',
              events: ['*'],
              description: null,
              enabled: true,
              disabledReason: null,
              createdAt: '2026-11-01T10:00:00.000Z',
              updatedAt: '2026-11-01T10:00:00.000Z',
            },
          ],
        },
      },
      'GET /api/v1/partner/webhook-deliveries': {
        body: {
          data: [
            attempt('wd_3', { attempt: 3, nextAttemptAt: '2026-11-20T10:05:00.000Z' }),
            attempt('wd_2', { attempt: 2 }),
            attempt('wd_1', { eventType: 'ping', status: 'succeeded', statusCode: 200 }),
          ],
          nextCursor: null,
        },
      },
    });
    renderApp('/partner');
    await user.click(await screen.findByRole('button', { name: 'Show delivery log' }));
    const log = await screen.findByRole('table', { name: 'Delivery attempts, newest first' });
    const rows = within(log).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toMatch(/Failed attempt 3, next try \S/);
    expect(rows[1]!.textContent).toContain('Failed attempt 2');
    expect(rows[1]!.textContent).not.toContain('next try');
    expect(rows[2]!.textContent).toContain('Delivered attempt 1');
  });

  it('lists the claims with every status, a page at a time, and opens one read only with its order', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...signedIn,
      'GET /api/v1/partner/orders': { body: { data: [], nextCursor: null } },
      'GET /api/v1/partner/claims': ({ query }: RecordedCall) =>
        query.get('cursor') === 'c2'
          ? { body: { data: [claim('paid', 7)], nextCursor: null } }
          : { body: { data: STATUSES.slice(0, 6).map(claim), nextCursor: 'c2' } },
      'GET /api/v1/partner/claims/claim-1': { body: claim('with_courier', 1) },
      'GET /api/v1/partner/orders/AAAA1111': { body: order('#AAAA1111') },
    });
    renderApp('/partner');
    const table = await screen.findByRole('table', { name: /Claims on your orders/ });
    await user.click(screen.getByRole('button', { name: 'Load more claims' }));
    expect(await within(table).findByText('#CLAIM007')).toBeTruthy();
    for (const label of [
      'Submitted',
      'With courier',
      'Accepted',
      'Part accepted',
      'Rejected',
      'Escalated',
      'Paid',
    ])
      expect(within(table).getByText(label)).toBeTruthy();
    const withCourier = within(table).getByRole('button', { name: 'View claim #CLAIM001' }).closest('tr')!;
    expect(withCourier.textContent).toContain('£15.00');
    expect(withCourier.textContent).toContain('Courier answers by');

    await user.click(within(table).getByRole('button', { name: 'View claim #CLAIM001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loss claim #CLAIM001' });
    expect(within(dialog).getByText('The customer’s words for claim 1')).toBeTruthy();
    expect(
      (await within(dialog).findByRole('link', { name: 'Track order #AAAA1111' })).getAttribute('href'),
    ).toBe('/track/abc123');
    expect(within(dialog).queryByRole('button', { name: /Send|Accept|Reject/ })).toBeNull();
  });

  it('says when there are no claims yet', async () => {
    stubFetch({ ...signedIn, 'GET /api/v1/partner/orders': { body: { data: [], nextCursor: null } } });
    renderApp('/partner');
    expect(await screen.findByText(/No claims yet/)).toBeTruthy();
  });
});
