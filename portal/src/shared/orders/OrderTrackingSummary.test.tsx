import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orderFixture, referenceData } from '../../test/bookingFixtures';
import { customer, sessionFor, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';
import type { OrderDetail, OrderEvent } from '../api/orders';

const base = orderFixture({
  id: 'o-0000-3333cccc',
  status: 'in_transit',
  estimatedDelivery: '2099-12-02',
  promisedDelivery: '2099-12-02',
});
const event = (over: Partial<OrderEvent>): OrderEvent => ({
  ...base.events[1]!,
  at: new Date(Date.now() - 5 * 60_000).toISOString(),
  from: 'in_transit',
  to: 'in_transit',
  actorRole: 'vendor',
  note: null,
  ...over,
});

async function openDrawer(order: OrderDetail) {
  stubFetch({
    'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
    'GET /api/v1/users/me': {
      body: { ...customer, name: 'Casey', phone: null, address: null, avatarUrl: null },
    },
    'GET /api/v1/meta': { body: referenceData },
    'GET /api/v1/claims': { body: { items: [] } },
    'GET /api/v1/orders': {
      body: { items: [order], nextCursor: null, totals: { count: 1, pending: 0, sum: [] } },
    },
    [`GET /api/v1/orders/${order.id}`]: { body: order },
    [`GET /api/v1/orders/${order.id}/adjustments`]: { body: { items: [] } },
  });
  renderApp('/dashboard');
  await userEvent.click(
    await screen.findByRole('button', { name: `View details of order ${order.reference}` }),
  );
  await findOpened('dialog', `Order ${order.reference}`);
  let summary: Element | null = null;
  await waitFor(() => {
    summary = document.querySelector('.order-tracking-summary');
    expect(summary).toBeTruthy();
  });
  return summary as unknown as Element;
}

describe('the customer’s order drawer says where the parcel is as the tracking page does', () => {
  it('out for delivery today: the window and the driver, not the promised day', async () => {
    const summary = await openDrawer({
      ...base,
      events: [
        ...base.events,
        event({
          event: 'out_for_delivery',
          driverName: 'Sam',
          windowFrom: '10:00',
          windowTo: '12:00',
          description: 'Out for delivery: with driver Sam, 10:00–12:00',
        }),
      ],
    });
    expect(summary.textContent).toBe('Out for delivery today, 10:00–12:00With driver Sam');
    expect(screen.getByText('Out for delivery: with driver Sam, 10:00–12:00')).toBeTruthy();
  });

  it('on its way after a claim moved: still the promised day (claims and edits are not progress)', async () => {
    const summary = await openDrawer({
      ...base,
      events: [...base.events, event({ claimStatus: 'submitted', description: 'Claim submitted' })],
    });
    expect(summary.textContent).toBe('On its wayExpected Wed, 2 Dec 2099');
  });
});
