import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orderFixture, referenceData } from '../../test/bookingFixtures';
import { activeVendor, service, vendorSession, vendorUser } from '../../test/courierFixtures';
import { problemResponse, type StubResponse, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';
import type { VendorJob } from './VendorBidsPage';

const signedIn = {
  'POST /api/v1/auth/refresh': { body: vendorSession },
  'GET /api/v1/users/me': { body: { ...vendorUser, phone: null, address: null, avatarUrl: null } },
  'GET /api/v1/meta': { body: referenceData },
  'GET /api/v1/vendors/me': { body: activeVendor },
};

function jobFixture(overrides: Partial<VendorJob> = {}): VendorJob {
  return {
    id: '0193f1b2-7c1e-7000-8000-0000dddd4444',
    reference: '#dddd4444',
    serviceType: 'domestic',
    route: { from: 'England', to: 'Scotland', fromPostcode: null, toPostcode: null },
    parcels: [{ length: 30, width: 20, height: 10, weight: 2.5 }],
    collection: { town: 'London', county: '', postcode: 'SW1A 1AA', country: 'GB' },
    delivery: { town: 'Edinburgh', county: '', postcode: 'EH1 1YZ', country: 'GB' },
    collectionDate: '2026-11-25',
    contents: 'Vinyl records',
    contentValue: 6000,
    notes: 'Fragile, keep flat',
    askingPrice: { amount: 2400, currency: 'GBP' },
    postedAt: '2026-11-22T10:00:00.000Z',
    expiresAt: '2026-11-29T10:00:00.000Z',
    services: [{ id: 'cs_fit', name: 'Nationwide 48' }],
    ...overrides,
  };
}

const listOf = (items: VendorJob[]) => ({ body: { items, total: items.length, page: 1, limit: 100 } });

describe('vendor bids', () => {
  it('shows the empty state with the count and refreshes on demand', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/jobs': () => {
        calls += 1;
        return calls === 1 ? listOf([]) : listOf([jobFixture()]);
      },
    });
    renderApp('/vendor-bids');
    expect(await screen.findByRole('heading', { name: 'Available Bids' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No bids available' })).toBeTruthy();
    expect(screen.getByText('There are currently no pending bids for you to review')).toBeTruthy();
    expect(screen.getByText('0 jobs open for bids')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { name: 'Bid #dddd4444' })).toBeTruthy();
    expect(screen.getByText('1 job open for bids')).toBeTruthy();
  });

  it('shows a card per job and accepts it with a service that can carry it', async () => {
    const user = userEvent.setup();
    let accepted = false;
    let release: (value: StubResponse) => void = () => undefined;
    const { calls } = stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/jobs': () => listOf(accepted ? [] : [jobFixture()]),
      'GET /api/v1/couriers': {
        body: {
          items: [
            service({ id: 'cs_fit', name: 'Nationwide 48', weightTiers: [{ maxKg: 5, price: 900 }] }),
            service({ id: 'cs_other', name: 'Letters Plus' }),
          ],
        },
      },
      [`POST /api/v1/vendor/jobs/${jobFixture().id}/accept`]: () =>
        new Promise<StubResponse>((resolve) => (release = resolve)),
    });
    renderApp('/vendor-bids');
    const card = (await screen.findByRole('heading', { name: 'Bid #dddd4444' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(card).getByText('£24.00')).toBeTruthy();
    expect(within(card).getByText('Pending').className).toContain('status-badge--yellow');
    expect(within(card).getByText('Edinburgh, EH1 1YZ, United Kingdom')).toBeTruthy();
    expect(within(card).getByText('2.5 kg')).toBeTruthy();
    expect(within(card).getByText('30 x 20 x 10 cm')).toBeTruthy();
    expect(within(card).getByText('Vinyl records')).toBeTruthy();
    expect(within(card).getByText('£60.00')).toBeTruthy();
    expect(within(card).getByText('None')).toBeTruthy();
    expect(within(card).getByText('Fragile, keep flat')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Accept bid #dddd4444' }));
    const dialog = await findOpened('dialog', 'Select Courier Service');
    expect(await within(dialog).findByText('Nationwide 48')).toBeTruthy();
    // A service the API did not name for this job is not offered.
    expect(within(dialog).queryByText('Letters Plus')).toBeNull();
    expect(within(dialog).getByText('5kg: £9.00')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Accept Bid' }));
    expect((await within(dialog).findAllByText('Please select a courier service')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path.endsWith('/accept'))).toBe(false);

    await user.click(within(dialog).getByRole('radio', { name: /Nationwide 48/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept Bid' }));
    expect(await within(dialog).findByRole('button', { name: 'Accepting...' })).toBeTruthy();
    const post = calls.find((c) => c.path.endsWith('/accept'));
    expect(post?.body).toEqual({ courierServiceId: 'cs_fit' });
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
    accepted = true;
    release({ status: 201, body: orderFixture({ jobId: jobFixture().id }) });
    expect(await screen.findByText('Bid accepted successfully! Order has been created.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No bids available' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('links to the courier services when none can carry the job, and reports a lost race', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...signedIn,
      'GET /api/v1/vendor/jobs': listOf([
        jobFixture(),
        jobFixture({ id: 'j-2-0000eeee5555', reference: '#eeee5555', services: [] }),
      ]),
      'GET /api/v1/couriers': { body: { items: [service({ id: 'cs_fit', name: 'Nationwide 48' })] } },
      [`POST /api/v1/vendor/jobs/${jobFixture().id}/accept`]: problemResponse(
        409,
        'This job has already been taken',
        { code: 'job_taken' },
      ),
    });
    renderApp('/vendor-bids');
    await screen.findByRole('heading', { name: 'Bid #eeee5555' });
    // The second job names no service of this vendor.
    await user.click(screen.getByRole('button', { name: 'Accept bid #eeee5555' }));
    let dialog = await findOpened('dialog', 'Select Courier Service');
    expect(
      await within(dialog).findByRole('heading', { name: 'No courier services available' }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Add a courier service' }).getAttribute('href')).toBe(
      '/rate-card',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Accept bid #dddd4444' }));
    dialog = await findOpened('dialog', 'Select Courier Service');
    await user.click(await within(dialog).findByRole('radio', { name: /Nationwide 48/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept Bid' }));
    expect(await screen.findByText('This job has already been taken')).toBeTruthy();
  });
});
