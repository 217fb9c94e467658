import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderFixture, referenceData } from '../../test/bookingFixtures';
import { customer, outboxMeta, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

describe('booking confirmed page', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the order and goes to the dashboard after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const order = orderFixture({
      serviceType: 'international',
      customs: {
        documentType: 'commercial_invoice',
        reasonForExport: 'gift',
        senderType: 'private',
        recipientType: 'private',
      },
      items: [
        { description: 'Shoes', hsCode: '64059090', quantity: 3, unitValue: 1999, originCountry: 'CN' },
      ],
    });
    stubFetch({
      'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
      'GET /api/v1/meta': { body: referenceData },
      [`GET /api/v1/orders/${order.id}`]: { body: order },
      'GET /api/v1/orders': {
        body: { items: [], nextCursor: null, totals: { count: 0, pending: 0, sum: [] } },
      },
      'GET /api/v1/users/me': { body: { ...customer, phone: null, address: null, avatarUrl: null } },
    });
    const { router } = renderApp(`/booking-confirmation?order=${order.id}`);

    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeTruthy();
    expect(await screen.findByText(order.reference)).toBeTruthy();
    for (const section of [
      'Service Details',
      'Package Information',
      'Sender Address',
      'Delivery Address',
      'Customs Information',
      'Package Contents Breakdown',
      'What Happens Next',
    ]) {
      expect(screen.getByRole('heading', { name: section })).toBeTruthy();
    }
    const breakdown = screen.getByRole('table');
    expect(within(breakdown).getByText('£59.97', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard Now' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('progressbar', { name: 'Redirect to the dashboard' })).toBeTruthy();

    expect(router.state.location.pathname).toBe('/booking-confirmation');
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('renders without an order, and the redirect can be stopped', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({
      'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
      'GET /api/v1/meta/auth': { body: outboxMeta },
      'GET /api/v1/meta': { body: referenceData },
    });
    const { router } = renderApp('/booking-confirmation');
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeTruthy();
    expect(screen.queryByText(/Order number/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Service Details' })).toBeNull();
    act(() => screen.getByRole('button', { name: 'Stay on this page' }).click());
    await act(async () => {
      vi.advanceTimersByTime(8000);
    });
    expect(router.state.location.pathname).toBe('/booking-confirmation');
  });
});
