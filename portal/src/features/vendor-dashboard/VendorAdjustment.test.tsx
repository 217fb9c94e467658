import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Adjustment } from '../../shared/api/adjustments';
import { orderFixture, orderSummaryOf, referenceData } from '../../test/bookingFixtures';
import { activeVendor, vendorSession, vendorUser } from '../../test/courierFixtures';
import { problemResponse, type RecordedCall, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';
import { measuredParcels } from './VendorAdjustment';

const order = orderFixture({ id: 'o-0000-3333cccc', status: 'in_transit' });

const preview = {
  bookedChargeableKg: 2,
  measuredChargeableKg: 4,
  bookedPrice: { amount: 6000, currency: 'GBP' },
  adjustedPrice: { amount: 7800, currency: 'GBP' },
  difference: { amount: 1800, currency: 'GBP' },
  deadline: '2026-11-26T23:59:59.999Z',
};

function routes(extra: Record<string, unknown> = {}) {
  return {
    'POST /api/v1/auth/refresh': { body: vendorSession },
    'GET /api/v1/users/me': { body: { ...vendorUser, phone: null, address: null, avatarUrl: null } },
    'GET /api/v1/meta': { body: referenceData },
    'GET /api/v1/vendors/me': { body: activeVendor },
    'GET /api/v1/vendor/reviews': { body: { items: [] } },
    'GET /api/v1/vendor/claims': { body: { items: [] } },
    'GET /api/v1/vendor/orders/stats': {
      body: {
        totalOrders: 1,
        pendingOrders: 0,
        confirmedOrders: 0,
        inTransitOrders: 1,
        deliveredOrders: 0,
        cancelledOrders: 0,
        totalRevenue: { amount: 6000, currency: 'GBP' },
        revenueByCurrency: [{ amount: 6000, currency: 'GBP' }],
        revenueOrders: 1,
      },
    },
    'GET /api/v1/vendor/orders': {
      body: { items: [orderSummaryOf(order)], total: 1, limit: 20, page: 1, nextCursor: null },
    },
    [`GET /api/v1/orders/${order.id}`]: { body: order },
    ...extra,
  } as Parameters<typeof stubFetch>[0];
}

async function openForm() {
  const user = userEvent.setup();
  renderApp('/vendor-dashboard');
  await user.click(await screen.findByRole('button', { name: `View details of order ${order.reference}` }));
  const drawer = await findOpened('dialog', `Order ${order.reference}`);
  await user.click(await within(drawer).findByRole('button', { name: 'Adjust weight or size' }));
  const form = within(drawer).getByRole('form', { name: 'Adjust weight or size' });
  return { user, drawer, form };
}

describe('the courier’s adjustment form', () => {
  it('checks the price with the API before sending, then files the measured figures and the photo', async () => {
    let items: Adjustment[] = [];
    const { calls } = stubFetch(
      routes({
        [`GET /api/v1/orders/${order.id}/adjustments`]: () => ({ body: { items } }),
        [`POST /api/v1/vendor/orders/${order.id}/adjustments/preview`]: { body: preview },
        'POST /api/v1/uploads': { status: 201, body: { url: '/uploads/scales.png' } },
        [`POST /api/v1/vendor/orders/${order.id}/adjustments`]: (call: RecordedCall) => {
          const body = call.body as { parcels: Adjustment['measuredParcels']; photos: string[] };
          items = [
            {
              id: 'a-1',
              reference: '#aaaa1111',
              orderId: order.id,
              orderReference: order.reference,
              status: 'awaiting_customer',
              bookedParcels: order.parcels,
              measuredParcels: body.parcels,
              bookedChargeableKg: 2,
              measuredChargeableKg: 4,
              photos: body.photos,
              note: null,
              bookedPrice: preview.bookedPrice,
              adjustedPrice: preview.adjustedPrice,
              difference: preview.difference,
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
            } as Adjustment,
          ];
          return { status: 201, body: items[0] };
        },
      }),
    );
    const { user, drawer, form } = await openForm();
    const weight = within(form).getByLabelText('Weight (kg)');
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Length (cm)')));
    expect((weight as HTMLInputElement).value).toBe(String(order.parcels[0]?.weight));

    await user.clear(weight);
    await user.type(weight, '4');
    await user.click(within(form).getByRole('button', { name: 'Check the price' }));
    const price = await within(form).findByLabelText('The adjusted price');
    expect(within(price).getByText('£18.00')).toBeTruthy();
    expect(within(price).getByText('£78.00')).toBeTruthy();

    // No photo yet: said beside the field, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'File adjustment for £18.00' }));
    expect(
      within(form).getByText('Add a photo of the parcel on the scales or against the measure'),
    ).toBeTruthy();
    await user.upload(
      within(form).getByLabelText('Photo of the measurement'),
      new File([new Uint8Array([137, 80, 78, 71])], 'scales.png', { type: 'image/png' }),
    );
    await within(form).findByRole('list', { name: 'Photos added' });
    await user.click(within(form).getByRole('button', { name: 'File adjustment for £18.00' }));

    const card = await within(drawer).findByRole('article', { name: 'Price adjustment #aaaa1111' });
    expect(within(card).getByText(/Waiting for the customer/)).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/adjustments'));
    expect(sent?.body).toEqual({
      parcels: [{ ...order.parcels[0], weight: 4 }],
      photos: ['/uploads/scales.png'],
    });
    expect(within(drawer).queryByRole('button', { name: 'Adjust weight or size' })).toBeNull();
    // A whole dashboard, a drawer and a form typed into on a busy machine: more than the default.
  }, 60_000);

  it('shows the API’s refusal (no higher price, the window) beside the figures, and a changed figure is checked again', async () => {
    stubFetch(
      routes({
        [`GET /api/v1/orders/${order.id}/adjustments`]: { body: { items: [] } },
        [`POST /api/v1/vendor/orders/${order.id}/adjustments/preview`]: problemResponse(
          422,
          'Nothing to adjust',
          {
            code: 'adjustment_not_higher',
            errors: [
              {
                path: 'parcels',
                message: 'the parcels cost no more on your rate card: there is nothing to adjust',
              },
            ],
          },
        ),
      }),
    );
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Check the price' }));
    expect(await within(form).findByText(/there is nothing to adjust/)).toBeTruthy();
    await user.type(within(form).getByLabelText('Weight (kg)'), '1');
    expect(within(form).queryByText(/there is nothing to adjust/)).toBeNull();
    expect(within(form).getByRole('button', { name: 'Check the price' })).toBeTruthy();
  });
});

describe('measuredParcels', () => {
  it('reads decimals with a comma or a point and names each bad figure as the API does', () => {
    expect(measuredParcels([{ length: '30', width: '20', height: '10', weight: '4,5' }])).toEqual({
      parcels: [{ length: 30, width: 20, height: 10, weight: 4.5 }],
      errors: {},
    });
    expect(measuredParcels([{ length: '', width: '0', height: 'x', weight: '2' }]).errors).toEqual({
      'parcels.0.length': 'Enter a number above 0',
      'parcels.0.width': 'Enter a number above 0',
      'parcels.0.height': 'Enter a number above 0',
    });
  });
});
