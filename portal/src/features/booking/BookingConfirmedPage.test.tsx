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
  it('names the drop-off point with its address and hours, and shows a printerless order its QR code', async () => {
    const hours = [{ opens: '09:00', closes: '17:30' }];
    const order = orderFixture({
      printerless: true,
      dropOffPointId: 'p2',
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
      dropOffCode: {
        text: 'CSG123',
        qrSvg:
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
      },
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
    renderApp(`/booking-confirmation?order=${order.id}`);
    const sectionOf = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;
    await screen.findByRole('heading', { name: 'Drop-off point' });
    const section = within(sectionOf('Drop-off point'));
    expect(section.getByText('Victoria Newsagent')).toBeTruthy();
    expect(section.getByText('12 Buckingham Gate, London, SW1E 5DJ')).toBeTruthy();
    expect(section.getByText('Open 09:00–17:30 on Mon, 23 Nov 2026')).toBeTruthy();
    expect(section.getByRole('img', { name: 'QR code CSG123 for Victoria Newsagent to scan' })).toBeTruthy();
    const next = within(sectionOf('What Happens Next'));
    expect(next.getByText(/No printer needed: show the QR code above/)).toBeTruthy();
    expect(next.getByText('Take the parcel to Victoria Newsagent on Mon, 23 Nov 2026.')).toBeTruthy();
    expect(next.queryByText(/Print your label/)).toBeNull();
  });
});
