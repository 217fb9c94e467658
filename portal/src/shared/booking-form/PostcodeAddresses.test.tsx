import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { quoteFixture, referenceData } from '../../test/bookingFixtures';
import {
  customer,
  outboxMeta,
  problemResponse,
  type RecordedCall,
  sessionFor,
  stubFetch,
} from '../../test/fetchStub';
import { renderApp } from '../../test/render';
import type { AddressSuggestions } from './postcodeAddresses';

const downing: AddressSuggestions = {
  postcode: 'SW1A 2AA',
  postTown: 'London',
  county: 'London',
  lookup: 'ok',
  items: [
    { line1: '1 High Street', town: 'London', postcode: 'SW1A 2AA', country: 'GB', source: 'order' },
    {
      line1: 'Prime Minister & First Lord Of The Treasury',
      line2: '10 Downing Street',
      town: 'London',
      county: 'London',
      postcode: 'SW1A 2AA',
      country: 'GB',
      source: 'postcode',
    },
  ],
};

function booking(addresses: (call: RecordedCall) => ReturnType<typeof problemResponse> | { body: unknown }) {
  const stub = stubFetch({
    'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
    'GET /api/v1/meta': { body: referenceData },
    'GET /api/v1/meta/auth': { body: outboxMeta },
    'GET /api/v1/quotes/q_1': { body: quoteFixture() },
    'GET /api/v1/users/me': {
      body: { ...customer, name: null, phone: null, address: null, avatarUrl: null },
    },
    'GET /api/v1/orders': {
      body: { items: [], nextCursor: null, totals: { count: 0, pending: 0, sum: [] } },
    },
    'GET /api/v1/addresses': addresses,
  });
  renderApp('/booking?quote=q_1&option=opt_1');
  const lookups = () =>
    stub.calls.filter((c) => c.path === '/api/v1/addresses').map((c) => c.query.get('postcode'));
  return { ...stub, lookups };
}

async function collectionSection() {
  const form = await screen.findByRole('form', { name: 'Book your delivery' });
  return within(form).getByRole('group', { name: 'Collection address' });
}

const value = (section: ReturnType<typeof within>, label: string) =>
  (section.getByLabelText(label) as HTMLInputElement).value;

describe('postcode look-up in the booking form', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('asks once for a whole postcode, lists the addresses there, and fills the one chosen', async () => {
    const user = userEvent.setup();
    const { lookups } = booking(() => ({ body: downing }));
    const section = within(await collectionSection());

    await user.type(section.getByLabelText('Postcode'), 'sw1a');
    // A part of a postcode is not looked up: nothing to offer yet.
    expect(section.queryByText(/Looking up addresses/)).toBeNull();
    await user.type(section.getByLabelText('Postcode'), '2aa');

    const picker = await section.findByLabelText('Choose an address at SW1A 2AA');
    expect(lookups()).toEqual(['SW1A 2AA']);
    const options = within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      '2 addresses found',
      '1 High Street, London (an earlier order)',
      'Prime Minister & First Lord Of The Treasury, 10 Downing Street, London',
    ]);
    // The postcode's town and county went into the empty fields at once.
    expect(value(section, 'Town')).toBe('London');
    expect(value(section, 'County')).toBe('London');

    picker.focus();
    await user.selectOptions(picker, '1');
    expect(value(section, 'Street')).toBe('Prime Minister & First Lord Of The Treasury');
    expect(value(section, 'Address line 2 (optional)')).toBe('10 Downing Street');
    expect(value(section, 'Postcode')).toBe('SW1A 2AA');
    expect(
      section.getByText('Address filled in: Prime Minister & First Lord Of The Treasury, London.'),
    ).toBeTruthy();

    // Choosing another clears what the first filled and the second lacks.
    await user.selectOptions(picker, '0');
    expect(value(section, 'Street')).toBe('1 High Street');
    expect(value(section, 'Address line 2 (optional)')).toBe('');
    expect(lookups()).toEqual(['SW1A 2AA']);
  });

  it('never overwrites a town the person typed', async () => {
    const user = userEvent.setup();
    const { lookups } = booking(() => ({ body: downing }));
    const section = within(await collectionSection());
    await user.type(section.getByLabelText('Town'), 'Westminster');
    await user.type(section.getByLabelText('Postcode'), 'SW1A 2AA');
    await section.findByLabelText('Choose an address at SW1A 2AA');
    expect(lookups()).toEqual(['SW1A 2AA']);
    expect(value(section, 'Town')).toBe('Westminster');
  });

  it('leaves alone the field the person is in when the answer lands, so their typing does not join it', async () => {
    const user = userEvent.setup();
    booking(() => ({ body: downing }));
    const section = within(await collectionSection());
    await user.type(section.getByLabelText('Postcode'), 'SW1A 2AA');
    // Into Town before the look-up (300 ms after typing stops) has answered.
    await user.click(section.getByLabelText('Town'));
    await section.findByLabelText('Choose an address at SW1A 2AA');
    expect(value(section, 'Town')).toBe('');
    expect(value(section, 'County')).toBe('London');
    await user.keyboard('Westminster');
    expect(value(section, 'Town')).toBe('Westminster');
  });

  it('says when the look-up knows no address there', async () => {
    const user = userEvent.setup();
    booking(() => ({
      body: { ...downing, postcode: 'EH1 1YZ', items: [], postTown: 'Edinburgh', county: null },
    }));
    const section = within(await collectionSection());
    await user.type(section.getByLabelText('Postcode'), 'EH1 1YZ');
    expect(
      await section.findByText('No addresses found at EH1 1YZ. Please enter the address below.'),
    ).toBeTruthy();
    expect(section.queryByRole('combobox', { name: /Choose an address/ })).toBeNull();
    expect(value(section, 'Town')).toBe('Edinburgh');
  });

  it.each([
    [
      'the look-up service failed',
      () => ({ body: { ...downing, lookup: 'unavailable', items: [], county: null } }),
    ],
    ['too many look-ups', () => problemResponse(429, 'Too many requests')],
    ['the server failed', () => problemResponse(500, 'Internal error')],
  ])('says the look-up is unavailable when %s, and the address can still be typed', async (_, answer) => {
    const user = userEvent.setup();
    booking(answer as () => { body: unknown });
    const section = within(await collectionSection());
    await user.type(section.getByLabelText('Postcode'), 'SW1A 2AA');
    expect(
      await section.findByText('Address look-up is unavailable right now. Please enter the address below.'),
    ).toBeTruthy();
    await user.type(section.getByLabelText('Street'), '70 Whitehall');
    expect(value(section, 'Street')).toBe('70 Whitehall');
  });

  it('stays quiet without a look-up service when the person has no address there', async () => {
    const user = userEvent.setup();
    const { lookups } = booking(() => ({ body: { ...downing, lookup: 'off', items: [], county: null } }));
    const section = within(await collectionSection());
    await user.type(section.getByLabelText('Postcode'), 'SW1A 2AA');
    await waitFor(() => expect(lookups()).toEqual(['SW1A 2AA']));
    await waitFor(() => expect(value(section, 'Town')).toBe('London'));
    expect(section.queryByText(/No addresses found|unavailable/)).toBeNull();
  });
});
