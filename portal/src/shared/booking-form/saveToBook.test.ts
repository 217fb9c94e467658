import { describe, expect, it } from 'vitest';
import { problemResponse, stubFetch } from '../../test/fetchStub';
import type { AddressBookEntry } from '../api/address-book';
import { createPortalClient } from '../api/client';
import { type BookingValues, emptyBooking } from './formValues';
import { bookAddressesFor } from './savedAddresses';
import { LABEL_NEEDED, saveTickedAddresses, saveToBookErrors } from './saveToBook';

const london = {
  name: 'Sam Sender',
  email: 'sam@example.com',
  phone: '020 7946 0000',
  line1: '1 High Street',
  line2: '',
  town: 'London',
  county: 'Greater London',
  postcode: 'sw1a1aa',
  country: 'GB',
};

function booking(saveToBook: BookingValues['saveToBook']): BookingValues {
  const values = emptyBooking({ from: 'GB', to: 'GB', international: false });
  return { ...values, collection: london, delivery: { ...london, name: 'Robin Reader' }, saveToBook };
}

const entry = (label: string, country: string, defaultSender = false): AddressBookEntry => ({
  id: label,
  label,
  address: { ...london, country, postcode: 'SW1A 1AA' },
  defaultSender,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
});

describe('save to my address book', () => {
  it('needs a label for each ticked section, and nothing for the others', () => {
    expect(saveToBookErrors(booking(undefined))).toEqual({});
    expect(
      saveToBookErrors(
        booking({ collection: { save: true, label: '  ' }, delivery: { save: false, label: '' } }),
      ),
    ).toEqual({ 'saveToBook.collection.label': LABEL_NEEDED });
    expect(saveToBookErrors(booking({ delivery: { save: true, label: 'x'.repeat(41) } }))).toEqual({
      'saveToBook.delivery.label': 'Label must be at most 40 characters',
    });
  });

  it('saves each ticked address under its label, and stops at a refused label', async () => {
    const { calls } = stubFetch({
      'POST /api/v1/address-book': (call) => {
        const body = call.body as { label: string; address: AddressBookEntry['address'] };
        if (body.label === 'Taken') {
          return problemResponse(422, 'Validation failed', {
            errors: [{ path: 'label', message: 'You already have an address labelled “Taken”' }],
          });
        }
        return { status: 201, body: entry(body.label, 'GB') };
      },
    });
    const client = createPortalClient();
    const both = await saveTickedAddresses(
      client,
      booking({ collection: { save: true, label: ' Warehouse ' }, delivery: { save: true, label: 'Robin' } }),
    );
    expect(both.ok).toBe(true);
    expect(both.saved.map((s) => [s.section, s.entry.label])).toEqual([
      ['collection', 'Warehouse'],
      ['delivery', 'Robin'],
    ]);
    // The booking's own address rules: trimmed, the postcode in its usual form.
    expect(calls[0]?.body).toEqual({
      label: 'Warehouse',
      address: { ...london, line2: undefined, postcode: 'SW1A 1AA' },
      defaultSender: false,
    });

    const refused = await saveTickedAddresses(
      client,
      booking({ collection: { save: true, label: 'Taken' }, delivery: { save: true, label: 'Robin' } }),
    );
    expect(refused).toEqual({
      ok: false,
      path: 'saveToBook.collection.label',
      message: 'You already have an address labelled “Taken”',
      saved: [],
    });
  });

  it('offers the book’s entries of the section’s country, the default sender marked', () => {
    const offered = bookAddressesFor('GB', [entry('Warehouse', 'GB', true), entry('Paris', 'FR')]);
    expect(offered.map((a) => [a.label, a.defaultSender, a.fromBook])).toEqual([
      ['Warehouse (default sender): Sam Sender, 1 High Street, London SW1A 1AA', true, true],
    ]);
  });
});
