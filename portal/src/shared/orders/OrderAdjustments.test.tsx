import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orderFixture, referenceData } from '../../test/bookingFixtures';
import { customer, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';
import type { Adjustment } from '../api/adjustments';

const signedIn = {
  'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
  'GET /api/v1/users/me': {
    body: { ...customer, name: 'Casey', phone: null, address: null, avatarUrl: null },
  },
  'GET /api/v1/meta': { body: referenceData },
  'GET /api/v1/claims': { body: { items: [] } },
};

const moving = orderFixture({ id: 'o-0000-2222bbbb', status: 'in_transit' });
const listed = { body: { items: [moving], nextCursor: null, totals: { count: 1, pending: 0, sum: [] } } };

function adjustmentFixture(overrides: Partial<Adjustment> = {}): Adjustment {
  return {
    id: 'a-0000-7777aaaa',
    reference: '#7777aaaa',
    orderId: moving.id,
    orderReference: moving.reference,
    status: 'awaiting_customer',
    bookedParcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
    measuredParcels: [{ length: 30, width: 20, height: 10, weight: 4 }],
    bookedChargeableKg: 2,
    measuredChargeableKg: 4,
    photos: ['/uploads/scales.png'],
    note: 'Weighed at the depot',
    bookedPrice: { amount: 6000, currency: 'GBP' },
    adjustedPrice: { amount: 7800, currency: 'GBP' },
    difference: { amount: 1800, currency: 'GBP' },
    disputeReason: null,
    disputedAt: null,
    staffNote: null,
    decidedAt: null,
    acceptedAt: null,
    paidAt: null,
    payable: false,
    final: false,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

async function openDrawer() {
  renderApp('/dashboard');
  await userEvent.click(
    await screen.findByRole('button', { name: `View details of order ${moving.reference}` }),
  );
  return findOpened('dialog', `Order ${moving.reference}`);
}

describe('a price adjustment in the customer’s order drawer', () => {
  it('shows the booked and measured figures and the difference; accepting goes to its payment', async () => {
    const user = userEvent.setup();
    let items = [adjustmentFixture()];
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/orders': listed,
      [`GET /api/v1/orders/${moving.id}`]: { body: moving },
      [`GET /api/v1/orders/${moving.id}/adjustments`]: () => ({ body: { items } }),
      [`POST /api/v1/orders/${moving.id}/adjustments/a-0000-7777aaaa/accept`]: () => {
        items = [adjustmentFixture({ status: 'accepted', payable: true })];
        return { body: { adjustment: items[0], payment: { provider: 'test', providerOrderId: 'T1' } } };
      },
    });
    const drawer = await openDrawer();
    const card = await within(drawer).findByRole('article', { name: 'Price adjustment #7777aaaa' });
    expect(within(card).getByText('Awaiting your answer')).toBeTruthy();
    expect(within(card).getByText(/Nothing is charged unless you accept/)).toBeTruthy();
    expect(within(card).getByText('30 × 20 × 10 cm, 2 kg (2 kg chargeable)')).toBeTruthy();
    expect(within(card).getByText('30 × 20 × 10 cm, 4 kg (4 kg chargeable)')).toBeTruthy();
    expect(within(card).getByText('£60.00')).toBeTruthy();
    expect(within(card).getByText('£78.00')).toBeTruthy();
    expect(within(card).getByText('£18.00')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'The courier’s photo 1' })).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Accept and pay £18.00' }));
    await screen.findByRole('heading', { name: 'Pay the price adjustment', level: 1 });
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/accept'))).toBe(true);
    // The payment page reads the adjustment by its order: the summary is this one's.
    expect(await screen.findByText('To pay')).toBeTruthy();
    expect(screen.getByText('#7777aaaa')).toBeTruthy();
  });

  it('disputes with a reason, each error beside the field, the API’s too', async () => {
    const user = userEvent.setup();
    let items = [adjustmentFixture()];
    let refuse = true;
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/orders': listed,
      [`GET /api/v1/orders/${moving.id}`]: { body: moving },
      [`GET /api/v1/orders/${moving.id}/adjustments`]: () => ({ body: { items } }),
      [`POST /api/v1/orders/${moving.id}/adjustments/a-0000-7777aaaa/dispute`]: (call) => {
        if (refuse) {
          refuse = false;
          return problemResponse(422, 'Bad reason', {
            errors: [{ path: 'reason', message: 'At most 2000 characters' }],
          });
        }
        items = [
          adjustmentFixture({ status: 'disputed', disputeReason: (call.body as { reason: string }).reason }),
        ];
        return { body: items[0] };
      },
    });
    const drawer = await openDrawer();
    await user.click(await within(drawer).findByRole('button', { name: 'Dispute' }));
    const form = within(drawer).getByRole('form', { name: 'Dispute the adjustment' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByLabelText('Why you dispute it')),
    );
    await user.click(within(form).getByRole('button', { name: 'Send dispute' }));
    expect(within(form).getByText('Say why you dispute it in at least 10 characters')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/dispute'))).toBe(false);

    await user.type(within(form).getByLabelText('Why you dispute it'), 'It weighed 2 kg on my scales');
    await user.click(within(form).getByRole('button', { name: 'Send dispute' }));
    expect(await within(form).findByText('At most 2000 characters')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Send dispute' }));

    const card = await within(drawer).findByRole('article', { name: 'Price adjustment #7777aaaa' });
    await within(card).findByText('Disputed');
    expect(within(card).getByText('It weighed 2 kg on my scales')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /Accept and pay/ })).toBeNull();
  });

  it('says where a decided one stands, and offers to pay an upheld one', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/v1/orders': listed,
      [`GET /api/v1/orders/${moving.id}`]: { body: moving },
      [`GET /api/v1/orders/${moving.id}/adjustments`]: {
        body: {
          items: [
            adjustmentFixture({ status: 'upheld', payable: true, staffNote: 'The depot photo is clear' }),
            adjustmentFixture({ id: 'a-2', reference: '#22222222', status: 'overturned', final: true }),
          ],
        },
      },
    });
    const drawer = await openDrawer();
    const upheld = await within(drawer).findByRole('article', { name: 'Price adjustment #7777aaaa' });
    expect(within(upheld).getByText('The depot photo is clear')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Pay £18.00' })).toBeTruthy();
    const overturned = within(drawer).getByRole('article', { name: 'Price adjustment #22222222' });
    expect(within(overturned).getByText(/you pay nothing more/)).toBeTruthy();
  });

  it('asks nothing for an order not yet collected', async () => {
    const pending = orderFixture({ id: 'o-0000-2222bbbb', status: 'pending' });
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/orders': {
        body: { items: [pending], nextCursor: null, totals: { count: 1, pending: 1, sum: [] } },
      },
      [`GET /api/v1/orders/${pending.id}`]: { body: pending },
    });
    const drawer = await openDrawer();
    await within(drawer).findByRole('heading', { name: 'Order Summary' });
    expect(calls.some((c) => c.path.endsWith('/adjustments'))).toBe(false);
    expect(within(drawer).queryByRole('heading', { name: 'Price adjustment' })).toBeNull();
  });
});
