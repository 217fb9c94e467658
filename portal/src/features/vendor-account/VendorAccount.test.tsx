import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { checkDocumentFile } from '../../shared/api/uploads';
import type { Vendor } from '../../shared/api/vendor';
import { activeVendor, vendorSession, vendorUser } from '../../test/courierFixtures';
import {
  customer,
  outboxMeta,
  problemResponse,
  type RecordedCall,
  sessionFor,
  stubFetch,
} from '../../test/fetchStub';
import { referenceData } from '../../test/quoteFixtures';
import { renderApp } from '../../test/render';
import { messages } from './VendorProfilePage';

const pending: Vendor = { ...activeVendor, status: 'pending', shopName: null };
/** Pending, with the business details saved. */
const pendingWithDetails: Vendor = { ...pending, shopName: 'Swift Couriers' };

function vendorServer(vendor: Vendor, extra: Record<string, unknown> = {}) {
  let current = vendor;
  return stubFetch({
    'GET /api/v1/meta/auth': { body: outboxMeta },
    'GET /api/v1/meta': { body: referenceData },
    'POST /api/v1/auth/refresh': { body: vendorSession },
    'GET /api/v1/vendors/me': () => ({ body: current }),
    'PATCH /api/v1/vendors/me': (call: RecordedCall) => {
      current = { ...current, ...(call.body as Partial<Vendor>) };
      return { body: current };
    },
    'GET /api/v1/users/me': {
      body: {
        ...vendorUser,
        phone: null,
        address: null,
        avatarUrl: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    },
    'GET /api/v1/vendors/me/onboarding': {
      body: {
        status: 'draft',
        step: 2,
        answers: {},
        submittedAt: null,
        updatedAt: '2026-11-23T10:00:00.000Z',
      },
    },
    'GET /api/v1/vendors/me/documents': { body: { items: [] } },
    'GET /api/v1/couriers': { body: { items: [] } },
    ...(extra as Record<string, never>),
  });
}

describe('vendor details form', () => {
  it('names each empty required field on Submit and focuses the first, then saves once filled', async () => {
    const user = userEvent.setup();
    const { calls } = vendorServer(pending);
    const { router } = renderApp('/vendor-details');
    const submit = (await screen.findByRole('button', { name: 'Submit' })) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    expect((screen.getByLabelText('Country *') as HTMLSelectElement).value).toBe('GB');

    await user.type(screen.getByLabelText('Shop name *'), 'Swift Couriers');
    await user.type(screen.getByLabelText('Description *'), 'Same-day across London');
    await user.click(submit);
    expect(await screen.findByText('State / county is required')).toBeTruthy();
    expect(screen.getByText('Postal code is required')).toBeTruthy();
    expect(screen.queryByText('Shop name is required')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('State / county *')));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await user.type(screen.getByLabelText('State / county *'), 'Greater London');
    await user.type(screen.getByLabelText('Postal code *'), 'N1 7GR');
    expect(screen.queryByText('Postal code is required')).toBeNull();
    await user.type(screen.getByLabelText('Website'), 'https://swift.example.com');
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/successful-vendor-register'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      shopName: 'Swift Couriers',
      description: 'Same-day across London',
      state: 'Greater London',
      postalCode: 'N1 7GR',
      country: 'GB',
      website: 'https://swift.example.com',
    });
    expect(await screen.findByRole('heading', { name: 'Registration Successful' })).toBeTruthy();
    expect(
      screen.getByText(
        'Thank you for Vendor Registration. Our Team is reviewing your details and will get back to you shortly.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Your business is pending activation.')).toBeTruthy();
  });

  it('shows a refused field next to it', async () => {
    const user = userEvent.setup();
    vendorServer(
      { ...pending, shopName: 'Swift', description: 'x', state: 'London', postalCode: 'N1' },
      {
        'PATCH /api/v1/vendors/me': problemResponse(422, 'Invalid website', {
          errors: [{ path: 'website', message: 'Website must be an https URL, such as https://example.com' }],
        }),
      },
    );
    renderApp('/vendor-details');
    const website = await screen.findByLabelText('Website', {});
    await waitFor(() =>
      expect((screen.getByLabelText('Shop name *') as HTMLInputElement).value).toBe('Swift'),
    );
    await user.type(website, 'http://swift.example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Website must be an https URL, such as https://example.com', {
        selector: '.field__error',
      }),
    ).toBeTruthy();
  });
});

describe('vendor shell', () => {
  it('shows the vendor menu, and the pending notice only until the business is active', async () => {
    vendorServer(pendingWithDetails);
    const { unmount } = renderApp('/vendor-panel');
    const menu = await screen.findByRole('navigation', { name: 'Vendor' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/vendor-dashboard',
      '/rate-card',
      '/vendor-dropoff-points',
      '/vendor-bids',
      '/vendor-payouts',
      '/vendor-panel',
      '/vendor-profile',
    ]);
    expect(await screen.findByText('Your business is pending activation.')).toBeTruthy();
    expect(screen.getByText('In progress (step 2 of 5)')).toBeTruthy();
    unmount();

    vendorServer(activeVendor);
    renderApp('/vendor-panel');
    expect(await screen.findByText('Active: your services appear in quotes', {})).toBeTruthy();
    expect(screen.queryByText('Your business is pending activation.')).toBeNull();
  });

  it.each(['/vendor-dashboard', '/vendor-panel', '/vendor-onboarding', '/vendor-bids', '/rate-card'])(
    'sends a courier without business details from %s to the details form, then on to onboarding',
    async (path) => {
      const user = userEvent.setup();
      vendorServer(pending);
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/vendor-details'));
      await user.type(await screen.findByLabelText('Shop name *'), 'Swift Couriers');
      await user.type(screen.getByLabelText('Address line 1'), '12 Wharf Road');
      await user.type(screen.getByLabelText('City'), 'London');
      await user.type(screen.getByLabelText('Description *'), 'Same-day across London');
      await user.type(screen.getByLabelText('State / county *'), 'Greater London');
      await user.type(screen.getByLabelText('Postal code *'), 'N1 7GR');
      await user.click(screen.getByRole('button', { name: 'Submit' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/successful-vendor-register'));
      await user.click(await screen.findByRole('link', { name: 'Start onboarding' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/vendor-onboarding'));
      // The wizard starts from what the courier typed, and the account's email.
      // (This draft is at step 2, contact.)
      expect(((await screen.findByLabelText('Street address *')) as HTMLInputElement).value).toBe(
        '12 Wharf Road',
      );
      expect((screen.getByLabelText('City *') as HTMLInputElement).value).toBe('London');
      expect((screen.getByLabelText('Postal code *') as HTMLInputElement).value).toBe('N1 7GR');
      expect((screen.getByLabelText('Email *') as HTMLInputElement).value).toBe('swift@example.com');
    },
  );

  it('tells a customer that vendor pages are not for them, with a link to their dashboard', async () => {
    stubFetch({
      'GET /api/v1/meta/auth': { body: outboxMeta },
      'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
    });
    renderApp('/vendor-profile');
    expect(await screen.findByRole('heading', { name: 'Not available for this account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('points an admin to the admin console', async () => {
    stubFetch({
      'GET /api/v1/meta/auth': { body: outboxMeta },
      'POST /api/v1/auth/refresh': { body: sessionFor({ ...customer, role: 'admin' }) },
    });
    renderApp('/vendor-onboarding');
    expect(await screen.findByRole('heading', { name: 'Not available for this account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the admin console' }).getAttribute('href')).toBe(
      '/admin/',
    );
  });

  it('tells a vendor that the customer dashboard is not for it', async () => {
    vendorServer(activeVendor);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Not available for this account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/vendor-dashboard',
    );
  });
});

describe('vendor profile', () => {
  it('shows the account status, edits name, phone and VAT number, and saves them', async () => {
    const user = userEvent.setup();
    const { calls } = vendorServer(pendingWithDetails, {
      'PATCH /api/v1/users/me': (call: RecordedCall) => ({
        body: {
          ...vendorUser,
          ...(call.body as object),
          address: null,
          avatarUrl: null,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      }),
    });
    renderApp('/vendor-profile');
    const status = await screen.findByRole('region', { name: 'Account Status' });
    expect(within(status).getByText('Vendor')).toBeTruthy();
    expect(within(status).getByText('Pending activation')).toBeTruthy();
    expect(within(status).getByText('Not specified')).toBeTruthy();
    expect(within(status).getByText('Verified')).toBeTruthy();
    expect(within(status).getByText('Pending')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '07700 900123');
    await user.type(screen.getByLabelText('VAT number'), 'GB123456789');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(messages.saved, {})).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH' && c.path === '/api/v1/users/me')?.body).toEqual({
      name: 'Swift',
      phone: '07700 900123',
    });
    expect(calls.find((c) => c.method === 'PATCH' && c.path === '/api/v1/vendors/me')?.body).toEqual({
      vatNumber: 'GB123456789',
    });
    expect(screen.getByText('GB123456789')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('Cancel discards the changes; a failed save says so', async () => {
    const user = userEvent.setup();
    vendorServer(activeVendor, { 'PATCH /api/v1/users/me': problemResponse(500, 'Internal') });
    renderApp('/vendor-profile');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('VAT number'), 'GB999');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByText('Not specified').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect((screen.getByLabelText('VAT number') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.saveFailed, {})).toBeTruthy();
  });

  it('checks a business document before uploading it', () => {
    expect(checkDocumentFile({ type: 'application/pdf', size: 1000 })).toBeNull();
    expect(checkDocumentFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkDocumentFile({ type: 'text/plain', size: 10 })).toBe('Please select an image or PDF file');
    expect(checkDocumentFile({ type: 'application/pdf', size: 5 * 1024 * 1024 + 1 })).toBe(
      'File size should be less than 5MB',
    );
  });

  it('uploads a document and lists it', async () => {
    const user = userEvent.setup();
    const doc = {
      id: 'd1',
      name: 'licence.pdf',
      url: '/api/v1/vendor-documents/d1',
      contentType: 'application/pdf',
      size: 2048,
      uploadedAt: '2026-11-23T10:00:00.000Z',
    };
    let items: (typeof doc)[] = [];
    const { calls } = vendorServer(activeVendor, {
      'GET /api/v1/vendors/me/documents': () => ({ body: { items } }),
      'POST /api/v1/vendors/me/documents': () => {
        items = [doc];
        return { status: 201, body: doc };
      },
    });
    renderApp('/vendor-profile');
    const input = await screen.findByLabelText('Upload a business document', {});
    await user.upload(input, new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(messages.uploaded, {})).toBeTruthy();
    expect(await screen.findByText('licence.pdf')).toBeTruthy();
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/vendors/me/documents'),
    ).toHaveLength(1);
  });
});

describe('editing later', () => {
  it('returns to the vendor panel after editing details saved before', async () => {
    const user = userEvent.setup();
    vendorServer({ ...pending, shopName: 'Swift', description: 'x', state: 'London', postalCode: 'N1' });
    const { router } = renderApp('/vendor-details');
    await waitFor(() =>
      expect((screen.getByLabelText('Shop name *') as HTMLInputElement).value).toBe('Swift'),
    );
    await user.type(screen.getByLabelText('Shop name *'), ' Couriers');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor-panel'));
    expect(await screen.findByText('Business details saved')).toBeTruthy();
  });

  it('removes a document', async () => {
    const user = userEvent.setup();
    let items = [
      {
        id: 'd1',
        name: 'old-licence.pdf',
        url: '/api/v1/vendor-documents/d1',
        contentType: 'application/pdf',
        size: 2048,
        uploadedAt: '2026-11-23T10:00:00.000Z',
      },
    ];
    vendorServer(activeVendor, {
      'GET /api/v1/vendors/me/documents': () => ({ body: { items } }),
      'DELETE /api/v1/vendors/me/documents/d1': () => {
        items = [];
        return { status: 204 };
      },
    });
    renderApp('/vendor-profile');
    await user.click(await screen.findByRole('button', { name: 'Remove old-licence.pdf' }));
    expect(await screen.findByText(messages.removed, {})).toBeTruthy();
    expect(await screen.findByText('No documents uploaded yet.')).toBeTruthy();
  });
});
