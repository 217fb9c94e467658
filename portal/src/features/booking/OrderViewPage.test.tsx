import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../shared/api/order-view';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

const TOKEN = 'eyJvIjoib3JkIn0.c2ln';

const view = (overrides: Partial<OrderView> = {}): OrderView => ({
  id: '01234567-89ab-7cde-8f01-23456789abcd',
  reference: '#89abcd12',
  status: 'pending',
  serviceType: 'international',
  serviceName: 'Europe Express',
  vendorName: 'Swift Couriers Ltd',
  collectionDate: '2026-12-01',
  from: { town: 'London', country: 'GB' },
  to: { town: 'Paris', country: 'FR' },
  price: { total: 2399, currency: 'GBP' },
  paid: true,
  trackingNumber: 'CSG9814882321',
  label: { available: true },
  expiresAt: '2026-12-29T19:54:00.000Z',
  ...overrides,
});

function open(answer: Parameters<typeof stubFetch>[0][string], path = `/order-view?token=${TOKEN}`) {
  const { calls } = stubFetch({
    'POST /api/v1/auth/refresh': problemResponse(401, 'No session'),
    'GET /api/v1/meta/auth': { body: outboxMeta },
    [`GET /api/v1/order-views/${TOKEN}`]: answer,
  });
  renderApp(path);
  return calls;
}

describe('the signed order link page', () => {
  it('shows the booking, towns only, with the label to download and no sign-in', async () => {
    open({ body: view() });
    expect(await screen.findByRole('heading', { name: 'Order #89abcd12 is booked', level: 1 })).toBeTruthy();
    const facts = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(facts).toMatchObject({
      Courier: 'Europe Express by Swift Couriers Ltd',
      Service: 'International',
      From: 'London',
      To: 'Paris, France',
      'Total paid': '£23.99',
      'Tracking number': 'CSG9814882321',
    });
    expect(screen.getByRole('link', { name: 'Download the label (PDF)' }).getAttribute('href')).toBe(
      `/api/v1/order-views/${TOKEN}/label.pdf`,
    );
    expect(screen.getByRole('link', { name: 'CSG9814882321' }).getAttribute('href')).toBe(
      '/track/CSG9814882321',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why there is no label yet on an unpaid order', async () => {
    open({
      body: view({
        paid: false,
        status: 'awaiting_payment',
        label: { available: false, reason: 'The label is available once the order is paid' },
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Order #89abcd12 is awaiting payment' })).toBeTruthy();
    expect(screen.getByText('The label is available once the order is paid')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download the label/ })).toBeNull();
  });

  it.each([
    [404, 'order_link_invalid', 'This order link is not valid'],
    [410, 'order_link_expired', 'This order link has expired'],
  ])('answers %i (%s) with a page that says so', async (status, code, title) => {
    open(problemResponse(status, 'refused', { code }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('says a link without its token is not valid, without asking the API', async () => {
    const calls = open({ body: view() }, '/order-view');
    expect(await screen.findByRole('heading', { name: 'This order link is not valid' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/v1/order-views/'))).toBe(false);
  });
});
