import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { referenceData } from '../../test/bookingFixtures';
import { activeVendor, vendorSession, vendorUser } from '../../test/courierFixtures';
import { problemResponse, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

const signedIn = {
  'POST /api/v1/auth/refresh': { body: vendorSession },
  'GET /api/v1/users/me': { body: { ...vendorUser, phone: null, address: null, avatarUrl: null } },
  'GET /api/v1/meta': { body: referenceData },
  'GET /api/v1/vendors/me': { body: activeVendor },
  'GET /api/v1/vendor/balance': { body: { currency: 'GBP', pending: 540, available: 0, paidOut: 0 } },
  'GET /api/v1/vendor/payout-account': { body: { paypalEmail: null, verifiedAt: null, pendingEmail: null } },
  'GET /api/v1/vendor/payouts': { body: { items: [] } },
  'GET /api/v1/vendor/statements': { body: { months: [{ month: '2026-11', label: 'November 2026' }] } },
};

const entry = (n: number) => ({
  id: `le-${n}`,
  at: '2026-11-22T09:00:00.000Z',
  kind: 'sale' as const,
  description: `Order #0000000${n}`,
  amount: 100 * n,
  currency: 'GBP' as const,
  orderId: `o-${n}`,
  orderReference: `#0000000${n}`,
  refundId: null,
  payoutItemId: null,
});

describe('vendor payouts ledger', () => {
  it('loads more entries over the cursor pages until there are none', async () => {
    const user = userEvent.setup();
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/ledger': (call) =>
        call.query.get('cursor') === 'c2'
          ? { body: { currency: 'GBP', items: [entry(3)], nextCursor: null } }
          : { body: { currency: 'GBP', items: [entry(1), entry(2)], nextCursor: 'c2' } },
    });
    renderApp('/vendor-payouts');
    const ledger = await screen.findByRole('region', { name: 'Ledger' });
    await within(ledger).findByText('Order #00000002');
    expect(within(ledger).getAllByRole('row')).toHaveLength(3);
    await user.click(within(ledger).getByRole('button', { name: 'Load more' }));
    await within(ledger).findByText('Order #00000003');
    expect(within(ledger).getAllByRole('row')).toHaveLength(4);
    expect(within(ledger).queryByRole('button', { name: 'Load more' })).toBeNull();
    const ledgerCalls = calls.filter((c) => c.path === '/api/v1/vendor/ledger');
    expect(ledgerCalls.map((c) => c.query.get('cursor'))).toEqual([null, 'c2']);
  });

  it('keeps the entries shown when loading more fails, and says why', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/ledger': (call) =>
        call.query.get('cursor')
          ? problemResponse(503, 'The ledger is busy, try again')
          : { body: { currency: 'GBP', items: [entry(1)], nextCursor: 'c2' } },
    });
    renderApp('/vendor-payouts');
    const ledger = await screen.findByRole('region', { name: 'Ledger' });
    await within(ledger).findByText('Order #00000001');
    await user.click(within(ledger).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(ledger).getByRole('alert').textContent).toContain('busy'));
    expect(within(ledger).getByText('Order #00000001')).toBeTruthy();
  });
});
