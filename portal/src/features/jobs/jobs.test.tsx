import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ukDate } from '../../lib/format';
import { emptyBooking } from '../../shared/booking-form/formValues';
import { jobFixture, referenceData } from '../../test/bookingFixtures';
import { customer, outboxMeta, sessionFor, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';
import { parseRouteQuery } from './routeQuery';
import { type JobValues, validateJob } from './validation';

describe('post a job: the results page query', () => {
  it('reads a domestic query with several parcels', () => {
    const route = parseRouteQuery(
      new URLSearchParams(
        'type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2&length=10&width=10&height=10&weight=1',
      ),
    );
    expect(route).toEqual({
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      fromPostcode: '',
      toPostcode: '',
      parcels: [
        { length: '30', width: '20', height: '15', weight: '2' },
        { length: '10', width: '10', height: '10', weight: '1' },
      ],
    });
  });

  it('reads international and same-day queries, and the API spellings', () => {
    expect(parseRouteQuery(new URLSearchParams('type=International&from=GB&to=FR&weight=2'))).toMatchObject({
      serviceType: 'international',
      from: 'GB',
      to: 'FR',
      parcels: [{ length: '', width: '', height: '', weight: '2' }],
    });
    expect(
      parseRouteQuery(
        new URLSearchParams('type=same_day&fromPostcode=SW1A 1AA&toPostcode=EC1A 1BB&length=1'),
      ),
    ).toMatchObject({ serviceType: 'same_day', fromPostcode: 'SW1A 1AA', toPostcode: 'EC1A 1BB' });
    // The results page's default type is Same Day; an empty query starts a domestic job.
    expect(parseRouteQuery(new URLSearchParams('fromPostcode=SW1A 1AA')).serviceType).toBe('same_day');
    expect(parseRouteQuery(new URLSearchParams('')).serviceType).toBe('domestic');
  });
});

describe('post a job: validation', () => {
  const today = '2026-11-22';
  const base = (): JobValues => ({
    ...emptyBooking({ from: 'GB', to: 'GB', international: false }),
    serviceType: 'domestic',
    from: 'England',
    to: 'Scotland',
    fromPostcode: '',
    toPostcode: '',
    parcels: [{ length: '30', width: '20', height: '15', weight: '2' }],
    askingPrice: '25',
  });

  it('needs no cover, but a route, parcel sizes and an asking price of at least £1', () => {
    const errors = validateJob(
      {
        ...base(),
        from: '',
        parcels: [{ length: '', width: '0', height: '600', weight: 'x' }],
        askingPrice: '0.99',
      },
      today,
    );
    expect(errors.cover).toBeUndefined();
    expect(errors.from).toBe('Choose where the parcel is collected');
    expect(errors['parcels.0.length']).toBe('Length is required');
    expect(errors['parcels.0.width']).toBe('Width must be more than 0');
    expect(errors['parcels.0.height']).toBe('Height must be at most 500 cm');
    expect(errors['parcels.0.weight']).toBe('Weight must be more than 0');
    expect(errors.askingPrice).toBe('The asking price must be at least £1.00');
  });

  it('checks same-day postcodes', () => {
    const errors = validateJob(
      { ...base(), serviceType: 'same_day', fromPostcode: 'nope', toPostcode: '' },
      today,
    );
    expect(errors.fromPostcode).toBe('Enter a valid UK postcode, such as SW1A 1AA');
    expect(errors.toPostcode).toBe('Delivery postcode is required');
  });
});

describe('post a job page', () => {
  it('prefills from the query, posts the job and goes to its payment', async () => {
    const user = userEvent.setup();
    const job = jobFixture({ status: 'awaiting_payment' });
    const { calls } = stubFetch({
      'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
      'GET /api/v1/meta': { body: referenceData },
      'GET /api/v1/meta/auth': { body: outboxMeta },
      'GET /api/v1/users/me': {
        body: {
          ...customer,
          name: 'Casey Customer',
          phone: '020 7946 0000',
          address: {
            line1: '10 Downing Street',
            town: 'London',
            county: 'Greater London',
            postcode: 'SW1A 1AA',
            country: 'GB',
          },
          avatarUrl: null,
        },
      },
      'GET /api/v1/orders': {
        body: { items: [], nextCursor: null, totals: { count: 0, pending: 0, sum: [] } },
      },
      'POST /api/v1/jobs': { status: 201, body: job },
    });
    const { router } = renderApp(
      '/post-job?type=Domestic&from=England&to=Scotland&length=30&width=20&height=15&weight=2',
    );
    const form = await screen.findByRole('form', { name: 'Post a job' });
    expect((within(form).getByLabelText('Collect from') as HTMLSelectElement).value).toBe('England');
    expect((within(form).getByLabelText('Deliver to') as HTMLSelectElement).value).toBe('Scotland');
    expect((within(form).getByLabelText('Weight (kg)') as HTMLInputElement).value).toBe('2');

    const collection = within(form).getByRole('group', { name: 'Collection address' });
    await user.selectOptions(await within(collection).findByLabelText('Choose a saved address'), 'profile');
    const delivery = within(form).getByRole('group', { name: 'Delivery address' });
    for (const [label, value] of [
      ['Full name', 'Morag Mackay'],
      ['Email', 'morag@example.com'],
      ['Contact number', '0131 496 0000'],
      ['Postcode', 'EH1 1YZ'],
      ['Street', '1 Royal Mile'],
      ['Town', 'Edinburgh'],
      ['County', 'Midlothian'],
    ] as const) {
      await user.type(within(delivery).getByLabelText(label), value);
    }
    await user.type(within(form).getByLabelText('Collection date'), ukDate());
    await user.type(within(form).getByLabelText('Package content'), 'Books');
    await user.type(within(form).getByLabelText('Content value (£)'), '45');
    await user.type(within(form).getByLabelText('Asking price (£)'), '25.50');
    await user.click(within(form).getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
    await user.click(within(form).getByRole('button', { name: 'Post job and pay' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(router.state.location.search).toBe(`?job=${job.id}`);
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/jobs');
    expect(post?.headers['Idempotency-Key']).toBeTruthy();
    expect(post?.body).toMatchObject({
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
      contentValue: 4500,
      askingPrice: { amount: 2550, currency: 'GBP' },
    });
    expect(post?.body).not.toHaveProperty('coverAmount');
  });
});
