import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../shared/payment/browser';
import { jobFixture, orderFixture, referenceData } from '../../test/bookingFixtures';
import { customer, outboxMeta, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

const paypal = vi.hoisted(() => ({
  loadScript: vi.fn(),
}));
vi.mock('@paypal/paypal-js', () => ({ loadScript: paypal.loadScript }));

const unpaid = orderFixture({
  status: 'awaiting_payment',
  paidAt: null,
  payment: null,
  documents: { label: null, customs: null },
  actions: { pay: true, cancel: true, nextStatuses: [] },
});
const paid = orderFixture({ id: unpaid.id });

function routes(provider: 'test' | 'paypal', extra: Parameters<typeof stubFetch>[0] = {}) {
  return {
    'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
    'GET /api/v1/meta/auth': { body: { ...outboxMeta, paymentsProvider: provider } },
    'GET /api/v1/meta': { body: referenceData },
    [`GET /api/v1/orders/${unpaid.id}`]: { body: unpaid },
    'GET /api/v1/orders': {
      body: { items: [], nextCursor: null, totals: { count: 0, pending: 0, sum: [] } },
    },
    ...extra,
  };
}

describe('payment page (step 3)', () => {
  beforeEach(() => {
    paypal.loadScript.mockReset();
    window.sessionStorage.clear();
  });

  it('says until when the price holds', async () => {
    const holding = { ...unpaid, payBy: '2026-11-22T09:30:00.000Z' };
    stubFetch(routes('test', { [`GET /api/v1/orders/${unpaid.id}`]: { body: holding } }));
    renderApp(`/payment?order=${unpaid.id}`);
    expect(await screen.findByText('Price held until')).toBeTruthy();
  });

  it('says the price expired once it has, and offers a new quote', async () => {
    const expired = {
      ...unpaid,
      payBy: '2026-11-22T09:30:00.000Z',
      actions: { ...unpaid.actions, pay: false },
    };
    stubFetch(routes('test', { [`GET /api/v1/orders/${unpaid.id}`]: { body: expired } }));
    renderApp(`/payment?order=${unpaid.id}`);
    expect(await screen.findByRole('heading', { name: 'This price has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new quote' })).toBeTruthy();
  });

  it('shows the order summary and sends the buyer to the TEST MODE approval page', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const approveUrl = 'http://127.0.0.1/api/v1/test-payments/TEST1/approve';
    const { calls } = stubFetch(
      routes('test', {
        [`POST /api/v1/orders/${unpaid.id}/payment`]: {
          body: { provider: 'test', providerOrderId: 'TEST1', approveUrl },
        },
      }),
    );
    renderApp(`/payment?order=${unpaid.id}`);

    expect(await screen.findByRole('heading', { name: 'Confirm your Payment' })).toBeTruthy();
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    const summary = screen.getByRole('heading', { name: 'Order summary' }).parentElement as HTMLElement;
    for (const text of [
      'UPS Standard (UK to UK)',
      'London → Edinburgh',
      '£7.49',
      '£0.88',
      '£1.50',
      '£9.87',
    ]) {
      expect(within(summary).getByText(text)).toBeTruthy();
    }
    const howTo = screen.getByRole('heading', { name: 'How to pay' }).parentElement as HTMLElement;
    // The steps name the button the page shows, and the card it is in, not a direction.
    expect(
      await within(howTo).findByText('Under “Pay securely”, press “Pay with the TEST MODE provider”.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pay securely' })).toBeTruthy();
    expect(screen.getByText(/Consign never sees or stores your card details/)).toBeTruthy();
    // Issue 51, item 10: no unexplained score of the payment provider.
    expect(screen.queryByText(/trust score/)).toBeNull();
    expect(await screen.findByText('TEST MODE: no real money moves')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Pay with the TEST MODE provider' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(approveUrl));
    // Back stays disabled while the browser leaves for the approval page.
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((c) => c.path.endsWith('/payment'))?.headers['Idempotency-Key']).toBeTruthy();
  });

  it("says 'Issue in paypal' when the provider gives no approval link", async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    stubFetch(
      routes('test', {
        [`POST /api/v1/orders/${unpaid.id}/payment`]: {
          body: { provider: 'test', providerOrderId: 'TEST1' },
        },
      }),
    );
    renderApp(`/payment?order=${unpaid.id}`);
    await user.click(await screen.findByRole('button', { name: 'Pay with the TEST MODE provider' }));
    expect(await screen.findByText('Issue in paypal')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('captures on return from the approval page and shows the confirmation', async () => {
    const { calls } = stubFetch(
      routes('test', {
        [`POST /api/v1/orders/${unpaid.id}/payment/capture`]: { body: paid },
        [`GET /api/v1/orders/${unpaid.id}`]: { body: unpaid },
      }),
    );
    const { router } = renderApp(`/payment?order=${unpaid.id}&approved=1&token=TEST1`);
    expect(await screen.findByText('Payment completed successfully!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmation'));
    expect(router.state.location.search).toBe(`?order=${unpaid.id}`);
    // One capture, even though React's StrictMode-like remounts or a re-render could ask again.
    expect(calls.filter((c) => c.path.endsWith('/capture'))).toHaveLength(1);
  });

  it('reports a declined capture and offers to pay again', async () => {
    stubFetch(
      routes('test', {
        [`POST /api/v1/orders/${unpaid.id}/payment/capture`]: problemResponse(
          402,
          'Payment failed. Please try again.',
          {
            code: 'payment_declined',
          },
        ),
      }),
    );
    const { router } = renderApp(`/payment?order=${unpaid.id}&approved=1`);
    expect((await screen.findAllByText('Payment failed. Please try again.')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: 'Pay with the TEST MODE provider' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?order=${unpaid.id}`);
  });

  it('renders PayPal buttons with the server’s order and captures on approval', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let options: Record<string, (...args: unknown[]) => unknown> = {};
    const render = vi.fn(async () => undefined);
    // PayPal's namespace: `Buttons` is a factory, not a React component.
    const createButtons = (o: typeof options) => {
      options = o;
      return { render, close: vi.fn(async () => undefined), isEligible: () => true };
    };
    paypal.loadScript.mockResolvedValue({ Buttons: createButtons });
    stubFetch(
      routes('paypal', {
        [`POST /api/v1/orders/${unpaid.id}/payment`]: {
          body: { provider: 'paypal', providerOrderId: 'PP-ORDER-1', clientId: 'client-abc' },
        },
        [`POST /api/v1/orders/${unpaid.id}/payment/capture`]: { body: paid },
      }),
    );
    const { router } = renderApp(`/payment?order=${unpaid.id}`);
    await waitFor(() => expect(render).toHaveBeenCalled());
    expect(paypal.loadScript).toHaveBeenCalledWith(
      expect.objectContaining({ clientId: 'client-abc', currency: 'GBP' }),
    );
    expect(await options.createOrder?.()).toBe('PP-ORDER-1');
    const howTo = screen.getByRole('heading', { name: 'How to pay' }).parentElement as HTMLElement;
    expect(within(howTo).getByText('Under “Pay securely”, choose PayPal or pay by card.')).toBeTruthy();
    expect(within(howTo).getByText('Approve the payment in the PayPal window that opens.')).toBeTruthy();

    options.onCancel?.();
    expect(await screen.findByText('Payment cancelled')).toBeTruthy();
    options.onError?.(new Error('popup closed'));
    expect(await screen.findByText('Payment error occurred. Please try again.')).toBeTruthy();

    await options.onApprove?.({ orderID: 'PP-ORDER-1' });
    expect(await screen.findByText('Payment completed successfully!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking-confirmation'));
  });

  it('says so when the PayPal script cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    paypal.loadScript.mockRejectedValue(new Error('blocked'));
    stubFetch(
      routes('paypal', {
        [`POST /api/v1/orders/${unpaid.id}/payment`]: {
          body: { provider: 'paypal', providerOrderId: 'PP-ORDER-1', clientId: 'client-abc' },
        },
      }),
    );
    renderApp(`/payment?order=${unpaid.id}`);
    expect(await screen.findByText('Failed to load the PayPal JS SDK script.')).toBeTruthy();
  });

  it('pays a posted job and returns to the dashboard’s jobs', async () => {
    const job = jobFixture({
      status: 'awaiting_payment',
      paidAt: null,
      payment: null,
      actions: { pay: true, withdraw: true },
    });
    stubFetch({
      ...routes('test'),
      [`GET /api/v1/jobs/${job.id}`]: { body: job },
      [`POST /api/v1/jobs/${job.id}/payment/capture`]: { body: { ...job, status: 'open' } },
      'GET /api/v1/jobs': { body: { items: [{ ...job, status: 'open' }], nextCursor: null, total: 1 } },
      'GET /api/v1/users/me': { body: { ...customer, phone: null, address: null, avatarUrl: null } },
    });
    const { router } = renderApp(`/payment?job=${job.id}&approved=1`);
    expect(await screen.findByText('Payment completed successfully!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?tab=jobs');
    expect(
      await screen.findByText(`Job ${job.reference} is posted: couriers can now accept it`),
    ).toBeTruthy();
  });
});
