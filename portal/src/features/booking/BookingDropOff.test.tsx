import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ukDate } from '../../lib/format';
import type { DropOffPointOption } from '../../shared/dropoff/api';
import { orderFixture, quoteFixture, referenceData } from '../../test/bookingFixtures';
import { customer, outboxMeta, sessionFor, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/render';

const profile = {
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
};

const hours = [{ opens: '09:00', closes: '17:30' }];
const week = {
  monday: hours,
  tuesday: hours,
  wednesday: hours,
  thursday: hours,
  friday: hours,
  saturday: [],
  sunday: [],
};

function point(
  id: string,
  name: string,
  miles: number,
  extra: Partial<DropOffPointOption> = {},
): DropOffPointOption {
  return {
    id,
    name,
    vendorName: 'Swift Couriers',
    address: { line1: `${id} High Street`, line2: null, town: 'London', postcode: 'SW1E 5DJ' },
    distanceMiles: miles,
    hoursOnDate: { date: '2026-03-10', weekday: 'tuesday', open: true, openings: hours, closedReason: null },
    openingHours: week,
    maxWeightKg: 20,
    takesWeight: true,
    available: true,
    unavailableReason: null,
    ...extra,
  };
}

const POINTS = [
  point('p1', 'Palace Kiosk', 0.3, {
    hoursOnDate: {
      date: '2026-03-10',
      weekday: 'tuesday',
      open: false,
      openings: [],
      closedReason: 'Stocktaking',
    },
    available: false,
    unavailableReason: 'Closed on Tue, 10 Mar 2026 (Stocktaking)',
  }),
  point('p2', 'Victoria Newsagent', 0.6),
  point('p3', 'Waterloo Lockers', 1.2, {
    maxWeightKg: 1,
    takesWeight: false,
    available: false,
    unavailableReason: 'Takes parcels up to 1 kg',
  }),
];

function dropOffQuote(handover: 'drop_off' | 'both') {
  const quote = quoteFixture();
  const option = quote.options[0]!;
  return { ...quote, options: [{ ...option, handover, labelMode: 'printed' as const }] };
}

function signedIn(handover: 'drop_off' | 'both', points = POINTS) {
  return stubFetch({
    'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
    'GET /api/v1/meta': { body: referenceData },
    'GET /api/v1/meta/auth': { body: outboxMeta },
    'GET /api/v1/quotes/q_1': { body: dropOffQuote(handover) },
    'GET /api/v1/users/me': { body: profile },
    'GET /api/v1/orders': {
      body: { items: [], nextCursor: null, totals: { count: 0, pending: 0, sum: [] } },
    },
    'GET /api/v1/dropoff-points': (call) => ({
      body: { postcode: call.query.get('postcode'), date: '2026-03-10', centroid: 'imported', items: points },
    }),
    'POST /api/v1/orders': { status: 201, body: orderFixture({ status: 'awaiting_payment' }) },
  });
}

async function fillTheRest(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  const delivery = within(form).getByRole('group', { name: 'Delivery address' });
  await user.type(within(delivery).getByLabelText('Full name'), 'Morag Mackay');
  await user.type(within(delivery).getByLabelText('Email'), 'morag@example.com');
  await user.type(within(delivery).getByLabelText('Contact number'), '0131 496 0000');
  await user.type(within(delivery).getByLabelText('Postcode'), 'eh11yz');
  await user.type(within(delivery).getByLabelText('Street'), '1 Royal Mile');
  await user.type(within(delivery).getByLabelText('Town'), 'Edinburgh');
  await user.type(within(delivery).getByLabelText('County'), 'Midlothian');
  await user.type(within(form).getByLabelText('Collection date'), ukDate());
  await user.type(within(form).getByLabelText('Package content'), 'Books');
  await user.type(within(form).getByLabelText('Content value (£)'), '45.50');
  await user.click(within(form).getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
}

describe('the drop-off point picker in the booking form', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('lists the nearest points, moves by arrow keys, refuses a closed or too small one, chooses by Enter and books it', async () => {
    const user = userEvent.setup();
    const { calls } = signedIn('drop_off');
    renderApp('/booking?quote=q_1&option=opt_1');
    const form = await screen.findByRole('form', { name: 'Book your delivery' });
    const section = within(form).getByRole('group', { name: 'Drop-off point' });
    expect(within(section).getByText(/Enter the collection postcode above/)).toBeTruthy();

    const collection = within(form).getByRole('group', { name: 'Collection address' });
    await user.selectOptions(await within(collection).findByLabelText('Choose a saved address'), 'profile');
    const first = await within(section).findByRole('listbox', {
      name: 'Drop-off points near the collection postcode',
    });
    const search = calls.find((c) => c.path === '/api/v1/dropoff-points');
    expect(search?.query.get('postcode')).toBe('SW1A 1AA');
    expect(search?.query.get('serviceId')).toBe('cs_1');
    expect(search?.query.get('weightKg')).toBe('2');
    const status = within(section).getByRole('status');
    await waitFor(() =>
      expect(status.textContent).toContain('3 drop-off points near SW1A 1AA, nearest first'),
    );
    const shown = within(first).getAllByRole('option');
    expect(shown.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Palace Kiosk'),
      expect.stringContaining('Victoria Newsagent'),
      expect.stringContaining('Waterloo Lockers'),
    ]);
    expect(shown[0]!.textContent).toContain('Closed on');
    expect(shown[2]!.textContent).toContain('too heavy for this point');

    // Submitting without a point names the field.
    await fillTheRest(user, form);
    await user.click(within(form).getByRole('button', { name: 'Review order' }));
    expect(await within(section).findByText('Choose a drop-off point')).toBeTruthy();

    // The collection date asked again: the list is the new answer's.
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/v1/dropoff-points')
          .at(-1)
          ?.query.get('date'),
      ).toBe(ukDate()),
    );
    const list = await within(section).findByRole('listbox');
    const options = within(list).getAllByRole('option');
    list.focus();
    expect(document.activeElement).toBe(list);
    expect(list.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{Enter}');
    expect(status.textContent).toContain('Palace Kiosk cannot be chosen');
    expect(options[0]!.getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{End}{Enter}');
    expect(status.textContent).toContain('Waterloo Lockers cannot be chosen: Takes parcels up to 1 kg');
    await user.keyboard('{ArrowUp}');
    expect(list.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await user.keyboard('{Enter}');
    expect(status.textContent).toContain(
      'Chosen: Victoria Newsagent, p2 High Street, London, SW1E 5DJ, 0.6 miles away',
    );
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');

    await user.click(within(form).getByRole('button', { name: 'Review order' }));
    const create = await waitFor(() => {
      const call = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/orders');
      if (!call) throw new Error('no order yet');
      return call;
    });
    expect((create.body as { dropOffPointId?: string }).dropOffPointId).toBe('p2');
  }, 60_000);

  it('offers collection or drop-off for a service that does both, and sends no point when collected', async () => {
    const user = userEvent.setup();
    const { calls } = signedIn('both');
    renderApp('/booking?quote=q_1&option=opt_1');
    const form = await screen.findByRole('form', { name: 'Book your delivery' });
    const section = within(form).getByRole('group', { name: 'Collection or drop-off' });
    expect(
      (
        within(section).getByRole('radio', {
          name: 'Collected from the collection address',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(within(section).queryByRole('listbox')).toBeNull();
    await user.click(within(section).getByRole('radio', { name: 'I will take it to a drop-off point' }));
    expect(within(section).getByText(/Enter the collection postcode above/)).toBeTruthy();
    await user.click(within(section).getByRole('radio', { name: 'Collected from the collection address' }));

    const collection = within(form).getByRole('group', { name: 'Collection address' });
    await user.selectOptions(await within(collection).findByLabelText('Choose a saved address'), 'profile');
    await fillTheRest(user, form);
    await user.click(within(form).getByRole('button', { name: 'Review order' }));
    const create = await waitFor(() => {
      const call = calls.find((c) => c.method === 'POST' && c.path === '/api/v1/orders');
      if (!call) throw new Error('no order yet');
      return call;
    });
    expect(create.body).not.toHaveProperty('dropOffPointId');
  }, 60_000);

  it('says so when the courier has no point near the postcode', async () => {
    const user = userEvent.setup();
    signedIn('drop_off', []);
    renderApp('/booking?quote=q_1&option=opt_1');
    const form = await screen.findByRole('form', { name: 'Book your delivery' });
    const collection = within(form).getByRole('group', { name: 'Collection address' });
    await user.selectOptions(await within(collection).findByLabelText('Choose a saved address'), 'profile');
    const section = within(form).getByRole('group', { name: 'Drop-off point' });
    expect(
      await within(section).findByText(/This courier has no drop-off points near SW1A 1AA/),
    ).toBeTruthy();
    expect(within(section).getByRole('status').textContent).toBe('No drop-off points found near SW1A 1AA.');
  });
});
