import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activeVendor, service, vendorSession } from '../../test/courierFixtures';
import { outboxMeta, problemResponse, stubFetch } from '../../test/fetchStub';
import { referenceData } from '../../test/quoteFixtures';
import { renderApp } from '../../test/render';

const asVendor = {
  'GET /api/v1/meta/auth': { body: outboxMeta },
  'GET /api/v1/meta': { body: referenceData },
  'GET /api/v1/vendors/me': { body: activeVendor },
  'POST /api/v1/auth/refresh': { body: vendorSession },
  'GET /api/v1/couriers': { body: { items: [] } },
};

async function openAddForm(routes: Parameters<typeof stubFetch>[0] = {}) {
  const stub = stubFetch({ ...asVendor, ...routes });
  const user = userEvent.setup({ applyAccept: false });
  const utils = renderApp('/add-courier');
  const form = await screen.findByRole('form', { name: 'Add New Courier Service' });
  return { ...stub, ...utils, user, form };
}

/** The new tier starts at a price of 0, which no parcel costs: give it one. */
async function priceFirstTier(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, price = '4.99') {
  const field = within(form).getAllByLabelText('Price (£)')[0]!;
  await user.clear(field);
  await user.type(field, price);
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });

describe('add courier form', () => {
  it('keeps Submit enabled and names the missing name and service type at their fields, sending nothing', async () => {
    // Issue 51, item 11: the form says why instead of greying Submit out.
    const { form, user, calls } = await openAddForm();
    expect(screen.getByRole('heading', { name: 'Add New Courier Service', level: 1 })).toBeTruthy();
    const submit = within(form).getByRole('button', { name: 'Add Courier Service' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    const name = within(form).getByLabelText('Service name');
    const type = within(form).getByLabelText('Service type');
    expect(await within(form).findByText('Enter the service name')).toBeTruthy();
    expect(within(form).getByText('Choose a service type')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(type.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/couriers')).toBe(false);

    await user.type(name, 'Express 24');
    await user.selectOptions(type, 'domestic');
    expect(within(form).queryByText('Enter the service name')).toBeNull();
    expect(within(form).queryByText('Choose a service type')).toBeNull();
    expect((within(form).getByLabelText('Currency') as HTMLSelectElement).value).toBe('GBP');
    expect(
      within(form).getByText(/filtered out of your quotes\. Leave a field empty for no restriction\./),
    ).toBeTruthy();
    for (const section of [
      'Basic Information',
      'Route Information',
      'Maximum Dimensions & Weight',
      'Weight Pricing',
    ]) {
      expect(within(form).getByRole('group', { name: section })).toBeTruthy();
    }
  });

  it('opened from onboarding, goes back there: the link, Cancel and after saving', async () => {
    const stub = stubFetch({
      ...asVendor,
      'GET /api/v1/vendors/me/onboarding': {
        body: { status: 'draft', step: 4, answers: {}, submittedAt: null, updatedAt: null },
      },
      'POST /api/v1/couriers': (call) => ({
        status: 201,
        body: service({ id: 'new', ...(call.body as object) }),
      }),
    });
    const user = userEvent.setup({ applyAccept: false });
    const { router } = renderApp('/add-courier?from=onboarding');
    const form = await screen.findByRole('form', { name: 'Add New Courier Service' });
    expect(screen.getByRole('link', { name: '← Back to onboarding' }).getAttribute('href')).toBe(
      '/vendor-onboarding',
    );
    expect(within(form).getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(
      '/vendor-onboarding',
    );
    await user.type(within(form).getByLabelText('Service name'), 'Swift Next Day');
    await user.selectOptions(within(form).getByLabelText('Service type'), 'domestic');
    await priceFirstTier(user, form);
    await user.click(within(form).getByRole('button', { name: 'Add Courier Service' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor-onboarding'));
    expect(stub.calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/couriers')).toHaveLength(1);
  });

  it('always keeps one weight tier; a new tier is 1 kg at 0', async () => {
    const { form, user } = await openAddForm();
    const pricing = within(within(form).getByRole('group', { name: 'Weight Pricing' }));
    const tiers = () => pricing.getAllByRole('group', { name: /^Tier \d$/ });
    expect(tiers()).toHaveLength(1);
    expect(pricing.queryByRole('button', { name: /Remove tier/ })).toBeNull();
    await user.click(pricing.getByRole('button', { name: 'Add Tier' }));
    expect(tiers()).toHaveLength(2);
    const second = within(tiers()[1]!);
    expect((second.getByLabelText('Up to (kg)') as HTMLInputElement).value).toBe('1');
    expect((second.getByLabelText('Price (£)') as HTMLInputElement).value).toBe('0');
    expect(pricing.getAllByRole('button', { name: /Remove tier/ })).toHaveLength(2);
    await user.click(pricing.getByRole('button', { name: 'Remove tier 1' }));
    expect(tiers()).toHaveLength(1);
    expect(pricing.queryByRole('button', { name: /Remove tier/ })).toBeNull();
  });

  it('adds a domestic service with prices sent in pence, then goes back to the list', async () => {
    const { form, user, calls, router } = await openAddForm({
      'POST /api/v1/couriers': (call) => ({
        status: 201,
        body: service({ id: 'new', ...(call.body as object) }),
      }),
    });
    await user.type(within(form).getByLabelText('Service name'), 'Express 24');
    await user.selectOptions(within(form).getByLabelText('Service type'), 'domestic');
    await user.selectOptions(within(form).getByLabelText('From location'), 'England');
    await user.type(within(form).getByLabelText('Max length (cm)'), '120');
    await user.type(within(form).getByLabelText('Max weight (kg)'), '30');
    const transit = within(form).getByLabelText('Transit time (working days)');
    await user.clear(transit);
    await user.type(transit, '1');
    const pricing = within(within(form).getByRole('group', { name: 'Weight Pricing' }));
    await user.click(pricing.getByRole('button', { name: 'Add Tier' }));
    const [first, second] = pricing.getAllByRole('group', { name: /^Tier \d$/ });
    await user.clear(within(first!).getByLabelText('Up to (kg)'));
    await user.type(within(first!).getByLabelText('Up to (kg)'), '2');
    await user.clear(within(first!).getByLabelText('Price (£)'));
    await user.type(within(first!).getByLabelText('Price (£)'), '0.29');
    await user.clear(within(second!).getByLabelText('Up to (kg)'));
    await user.type(within(second!).getByLabelText('Up to (kg)'), '30');
    await user.clear(within(second!).getByLabelText('Price (£)'));
    await user.type(within(second!).getByLabelText('Price (£)'), '19.99');
    await user.click(within(form).getByRole('button', { name: 'Add Courier Service' }));

    expect(await screen.findByText('Courier service added successfully!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rate-card'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/couriers')?.body).toEqual({
      name: 'Express 24',
      serviceType: 'domestic',
      currency: 'GBP',
      logoUrl: null,
      fromLocation: 'England',
      toLocation: 'Any',
      weightTiers: [
        { maxKg: 2, price: 29 },
        { maxKg: 30, price: 1999 },
      ],
      maxLengthCm: 120,
      maxWidthCm: null,
      maxHeightCm: null,
      maxWeightKg: 30,
      volumetricDivisor: 5000,
      transitDays: 1,
      sameDay: null,
      handover: 'both',
      labelMode: 'printed',
      status: 'active',
    });
  });

  it('shows the route fields of each service type', async () => {
    const { form, user } = await openAddForm();
    const route = () => within(within(form).getByRole('group', { name: 'Route Information' }));
    expect(route().getByText('Choose a service type to set its route.')).toBeTruthy();

    await user.selectOptions(within(form).getByLabelText('Service type'), 'international');
    expect((route().getByLabelText('From location') as HTMLInputElement).value).toBe('United Kingdom');
    expect((route().getByRole('radio', { name: 'Any destination' }) as HTMLInputElement).checked).toBe(true);
    await user.click(route().getByRole('radio', { name: 'Only the countries I choose' }));
    await user.type(route().getByLabelText('Find a country'), 'fra');
    await user.click(route().getByRole('checkbox', { name: 'France' }));
    expect(route().getByText('1 selected')).toBeTruthy();

    await user.selectOptions(within(form).getByLabelText('Service type'), 'same_day');
    expect(route().getByLabelText('Base fee (£)')).toBeTruthy();
    expect(route().getByLabelText('Price per mile (£)')).toBeTruthy();
    expect(route().getByLabelText('Minimum fee (£)')).toBeTruthy();
    expect(within(form).queryByLabelText('Transit time (working days)')).toBeNull();
  });

  it('names a tier left at a price of 0 at its field and sends nothing', async () => {
    const { form, user, calls } = await openAddForm();
    await user.type(within(form).getByLabelText('Service name'), 'Express 24');
    await user.selectOptions(within(form).getByLabelText('Service type'), 'domestic');
    await user.click(within(form).getByRole('button', { name: 'Add Courier Service' }));
    const price = within(form).getByLabelText('Price (£)');
    expect(await within(form).findByText('Price must be more than 0')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/couriers')).toBe(false);
  });

  it('sends an international service to the chosen destinations only', async () => {
    const { form, user, calls } = await openAddForm({
      'POST /api/v1/couriers': (call) => ({
        status: 201,
        body: service({ id: 'new', ...(call.body as object) }),
      }),
    });
    await user.type(within(form).getByLabelText('Service name'), 'Euro Saver');
    await user.selectOptions(within(form).getByLabelText('Service type'), 'international');
    await priceFirstTier(user, form);
    await user.click(within(form).getByRole('radio', { name: 'Only the countries I choose' }));
    await user.click(within(form).getByRole('button', { name: 'Add Courier Service' }));
    expect(await within(form).findByText('Choose at least one destination, or Any')).toBeTruthy();
    await user.click(within(form).getByRole('checkbox', { name: 'Germany' }));
    await user.click(within(form).getByRole('checkbox', { name: 'France' }));
    await user.click(within(form).getByRole('button', { name: 'Add Courier Service' }));
    await screen.findByText('Courier service added successfully!');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/couriers')?.body).toMatchObject({
      serviceType: 'international',
      fromLocation: 'GB',
      toLocation: ['DE', 'FR'],
      sameDay: null,
    });
  });

  it('checks the logo on this side first, then shows what the server says', async () => {
    let attempt = 0;
    const { form, user, calls } = await openAddForm({
      'POST /api/v1/uploads': () => {
        attempt += 1;
        if (attempt === 1) return problemResponse(415, 'Please select an image file');
        if (attempt === 2) return problemResponse(413, 'File size should be less than 5MB');
        if (attempt === 3) return problemResponse(429, 'Upload quota reached, try again tomorrow');
        return { status: 201, body: { url: '/uploads/0197-logo.png' } };
      },
    });
    const input = within(form).getByLabelText('Logo') as HTMLInputElement;

    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Please select an image file')).toBeTruthy();
    await user.upload(
      input,
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('File size should be less than 5MB')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/uploads')).toBe(false);

    // A text file renamed .png passes this side; the server reads the bytes and refuses it.
    await user.upload(input, new File(['not an image'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getAllByText('Please select an image file')).toHaveLength(2));
    await user.upload(input, png());
    await waitFor(() => expect(screen.getAllByText('File size should be less than 5MB')).toHaveLength(2));
    await user.upload(input, png());
    expect(
      await screen.findByText('Failed to upload image: Upload quota reached, try again tomorrow'),
    ).toBeTruthy();

    await user.upload(input, png());
    const preview = await within(form).findByRole('img', { name: 'Logo preview' });
    expect(preview.getAttribute('src')).toBe('/uploads/0197-logo.png');
    const upload = calls.filter((c) => c.path === '/api/v1/uploads').at(-1);
    expect(upload?.headers.Authorization).toBe('Bearer access-1');
    await user.click(within(form).getByRole('button', { name: 'Remove logo' }));
    expect(within(form).queryByRole('img', { name: 'Logo preview' })).toBeNull();
  });

  it("shows the server's reason when a save is refused", async () => {
    let attempt = 0;
    const { form, user } = await openAddForm({
      'POST /api/v1/couriers': () => {
        attempt += 1;
        return attempt === 1
          ? problemResponse(422, 'Invalid weightTiers', {
              errors: [{ path: 'weightTiers.0.maxKg', message: 'maxKg must be at most 10000' }],
            })
          : problemResponse(500, 'Internal');
      },
    });
    await user.type(within(form).getByLabelText('Service name'), 'Express 24');
    await user.selectOptions(within(form).getByLabelText('Service type'), 'domestic');
    await priceFirstTier(user, form);
    await user.click(within(form).getByRole('button', { name: 'Add Courier Service' }));
    expect(await screen.findByText('maxKg must be at most 10000')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Add Courier Service' }));
    expect(await screen.findByText('Failed to add courier service')).toBeTruthy();
  });
});

describe('edit courier form', () => {
  const stored = service({
    id: 'c1',
    name: 'City Sprint',
    serviceType: 'same_day',
    transitDays: 0,
    sameDay: { baseFee: 1500, perMile: 137.5, minimumFee: 2000 },
    weightTiers: [
      { maxKg: 5, price: 300 },
      { maxKg: 10, price: 500 },
    ],
    maxWeightKg: 20,
  });

  it('loads the service, saves the changes and goes back to the list', async () => {
    const { calls } = stubFetch({
      ...asVendor,
      'GET /api/v1/couriers/c1': { body: stored },
      'PATCH /api/v1/couriers/c1': (call) => ({ body: { ...stored, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/edit-courier/c1');
    const form = await screen.findByRole('form', { name: 'Edit Courier Service' });
    expect((within(form).getByLabelText('Service name') as HTMLInputElement).value).toBe('City Sprint');
    expect((within(form).getByLabelText('Price per mile (£)') as HTMLInputElement).value).toBe('1.375');
    expect((within(form).getByLabelText('Max weight (kg)') as HTMLInputElement).value).toBe('20');
    const baseFee = within(form).getByLabelText('Base fee (£)');
    await user.clear(baseFee);
    await user.type(baseFee, '12.35');
    await user.click(within(form).getByRole('button', { name: 'Update Courier Service' }));
    expect(await screen.findByText('Courier service updated successfully!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rate-card'));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      name: 'City Sprint',
      serviceType: 'same_day',
      sameDay: { baseFee: 1235, perMile: 137.5, minimumFee: 2000 },
      weightTiers: [
        { maxKg: 5, price: 300 },
        { maxKg: 10, price: 500 },
      ],
      maxWeightKg: 20,
      transitDays: 0,
    });
  });

  it('goes back to the list when the service cannot be loaded', async () => {
    stubFetch({
      ...asVendor,
      'GET /api/v1/couriers/other': problemResponse(404, 'Courier service not found'),
    });
    const { router } = renderApp('/edit-courier/other');
    expect(await screen.findByText('Error loading courier data')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/rate-card'));
  });

  it('reports a failed update', async () => {
    stubFetch({
      ...asVendor,
      'GET /api/v1/couriers/c1': { body: stored },
      'PATCH /api/v1/couriers/c1': problemResponse(503, 'Unavailable'),
    });
    const user = userEvent.setup();
    renderApp('/edit-courier/c1');
    const form = await screen.findByRole('form', { name: 'Edit Courier Service' });
    await user.click(within(form).getByRole('button', { name: 'Update Courier Service' }));
    expect(await screen.findByText('Failed to update courier service')).toBeTruthy();
  });
});
