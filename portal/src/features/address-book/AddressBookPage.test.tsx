import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '../../shared/api/address-book';
import { referenceData } from '../../test/bookingFixtures';
import { customer, outboxMeta, problemResponse, sessionFor, stubFetch } from '../../test/fetchStub';
import { findOpened } from '../../test/opened';
import { renderApp } from '../../test/render';

type Routes = Parameters<typeof stubFetch>[0];

const address = (over: Partial<AddressBookEntry['address']> = {}): AddressBookEntry['address'] => ({
  name: 'Sam Sender',
  email: 'sam@example.com',
  phone: '020 7946 0000',
  line1: '1 High Street',
  town: 'London',
  county: 'Greater London',
  postcode: 'SW1A 1AA',
  country: 'GB',
  ...over,
});

const entry = (id: string, label: string, over: Partial<AddressBookEntry> = {}): AddressBookEntry => ({
  id,
  label,
  address: address(),
  defaultSender: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

const warehouse = entry('a1', 'Warehouse', { defaultSender: true });
const mum = entry('a2', 'Mum', {
  address: address({
    name: 'Pat Reader',
    line1: '5 Royal Mile',
    town: 'Edinburgh',
    county: 'Midlothian',
    postcode: 'EH1 1AA',
  }),
});

/** A small address book behind the stubbed API: lists, searches, adds, changes and deletes. */
function book(initial: AddressBookEntry[]): Routes {
  const items = [...initial];
  const page = (q: string) => {
    const words = q.toLowerCase();
    const found = items
      .filter(
        (e) =>
          !words ||
          `${e.label} ${e.address.name} ${e.address.line1} ${e.address.town} ${e.address.postcode}`
            .toLowerCase()
            .includes(words),
      )
      .sort((a, b) => Number(b.defaultSender) - Number(a.defaultSender) || a.label.localeCompare(b.label));
    return { items: found, total: found.length, page: 1, limit: 20 };
  };
  return {
    'GET /api/v1/meta/auth': { body: outboxMeta },
    'GET /api/v1/meta': { body: referenceData },
    'POST /api/v1/auth/refresh': { body: sessionFor(customer) },
    'GET /api/v1/parcel-sizes': { body: { items: [] } },
    'GET /api/v1/address-book': (call) => ({ body: page(call.query.get('q') ?? '') }),
    'POST /api/v1/address-book': (call) => {
      const body = call.body as {
        label: string;
        address: AddressBookEntry['address'];
        defaultSender: boolean;
      };
      if (items.some((e) => e.label.toLowerCase() === body.label.toLowerCase())) {
        return problemResponse(422, 'Validation failed', {
          errors: [{ path: 'label', message: `You already have an address labelled “${body.label}”` }],
        });
      }
      const saved = entry(`a${items.length + 10}`, body.label, {
        address: body.address,
        defaultSender: body.defaultSender,
      });
      items.push(saved);
      return { status: 201, body: saved };
    },
  };
}

async function openBook(routes: Routes) {
  const stub = stubFetch(routes);
  const user = userEvent.setup({ applyAccept: false });
  const utils = renderApp('/address-book');
  await screen.findByRole('heading', { name: 'Address book', level: 1 });
  return { ...stub, ...utils, user };
}

const entries = () => within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem');

describe('address book page', () => {
  it('lists the default sender first and marked, with a link from the dashboard sidebar', async () => {
    await openBook(book([mum, warehouse]));
    await screen.findByText('2 saved addresses');
    const [first, second] = entries();
    expect(within(first!).getByRole('heading').textContent).toBe('WarehouseDefault sender');
    expect(within(first!).queryByRole('button', { name: /Make default sender/ })).toBeNull();
    expect(within(second!).getByText(/5 Royal Mile, Edinburgh EH1 1AA/)).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Make default sender (Mum)' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Address book' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText(/No saved parcel sizes yet/)).toBeTruthy();
  });

  it('says what to do when the book is empty, and when a search finds nothing', async () => {
    const { user, calls } = await openBook(book([warehouse]));
    await screen.findByText('1 saved address');
    await user.type(screen.getByLabelText('Search'), 'edinburgh');
    expect(await screen.findByText('No saved address matches “edinburgh”.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/address-book' && c.query.get('q') === 'edinburgh')).toBe(
      true,
    );
    await user.clear(screen.getByLabelText('Search'));
    await screen.findByText('1 saved address');

    stubFetch(book([]));
    renderApp('/address-book');
    expect(await screen.findByRole('heading', { name: 'No saved addresses yet' })).toBeTruthy();
  });

  it('adds an address with the booking form’s checks, and shows the server’s refusal at its field', async () => {
    const { user, calls } = await openBook(book([warehouse]));
    await screen.findByText('1 saved address');
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const dialog = await findOpened('dialog', 'Add an address');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Label'));
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('Label is required')).toBeTruthy();
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('County is required')).toBeTruthy();

    const fill = async (label: string, value: string) => {
      const input = within(dialog).getByLabelText(label);
      await user.clear(input);
      await user.type(input, value);
    };
    await fill('Label', 'warehouse');
    await fill('Full name', 'Pat Reader');
    await fill('Email', 'pat@example.com');
    await fill('Contact number', '0131 496 0000');
    await fill('Street', '5 Royal Mile');
    await fill('Town', 'Edinburgh');
    await fill('County', 'Midlothian');
    await fill('Postcode', 'nowhere');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await within(dialog).findByText('Enter a valid UK postcode, such as SW1A 1AA')).toBeTruthy();
    await fill('Postcode', 'eh11aa');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    // "warehouse" is taken, whatever its case: the API says so at the label.
    expect(await within(dialog).findByText('You already have an address labelled “warehouse”')).toBeTruthy();

    await fill('Label', 'Mum');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('“Mum” added to your address book')).toBeTruthy();
    await screen.findByText('2 saved addresses');
    const posted = calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/address-book').at(-1);
    expect(posted?.body).toEqual({
      label: 'Mum',
      address: {
        name: 'Pat Reader',
        email: 'pat@example.com',
        phone: '0131 496 0000',
        line1: '5 Royal Mile',
        town: 'Edinburgh',
        county: 'Midlothian',
        postcode: 'EH1 1AA',
        country: 'GB',
      },
      defaultSender: false,
    });
  });

  it('edits, makes the default sender and deletes after a confirmation', async () => {
    const routes: Routes = {
      ...book([warehouse, mum]),
      'PATCH /api/v1/address-book/a2': (call) => ({
        body: {
          ...mum,
          ...(call.body as object),
          label: (call.body as { label?: string }).label ?? mum.label,
        },
      }),
      'DELETE /api/v1/address-book/a2': { status: 204 },
    };
    const { user, calls } = await openBook(routes);
    await screen.findByText('2 saved addresses');

    await user.click(screen.getByRole('button', { name: 'Edit Mum' }));
    const dialog = await findOpened('dialog', 'Edit “Mum”');
    expect((within(dialog).getByLabelText('Town') as HTMLInputElement).value).toBe('Edinburgh');
    await user.clear(within(dialog).getByLabelText('Label'));
    await user.type(within(dialog).getByLabelText('Label'), 'Mum and Dad');
    await user.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('“Mum and Dad” saved')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({ label: 'Mum and Dad' });

    await user.click(screen.getByRole('button', { name: 'Make default sender (Mum)' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ defaultSender: true }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Mum' }));
    const confirm = await findOpened('dialog', 'Delete “Mum”?');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('“Mum” deleted')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/address-book/a2')).toBe(true);
  });

  it('imports a CSV file, naming each problem by line and column', async () => {
    let attempt = 0;
    const { user, calls } = await openBook({
      ...book([]),
      'POST /api/v1/address-book/import': () => {
        attempt += 1;
        return attempt === 1
          ? problemResponse(422, 'The file has 2 problems; nothing was imported', {
              errors: [
                { path: 'lines.3.postcode', message: 'Enter a valid UK postcode, such as SW1A 1AA' },
                { path: 'lines.4.email', message: 'Not a valid email' },
              ],
            })
          : { status: 201, body: { imported: 3, updated: 0, items: [] } };
      },
    });
    const form = await screen.findByRole('form', { name: 'Import addresses' });
    await user.click(within(form).getByRole('button', { name: 'Import addresses' }));
    expect(await within(form).findByText('Choose a CSV file')).toBeTruthy();

    const file = new File(['label,name\nA,B\n'], 'book.csv', { type: 'text/csv' });
    await user.upload(within(form).getByLabelText('CSV file'), file);
    await user.click(within(form).getByRole('button', { name: 'Import addresses' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('The file has 2 problems; nothing was imported');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 3, postcode: Enter a valid UK postcode, such as SW1A 1AA',
      'Line 4, email: Not a valid email',
    ]);
    const sent = calls.find((c) => c.path === '/api/v1/address-book/import');
    expect(sent?.headers['Content-Type']).toBe('text/csv');
    expect(sent?.body).toBe('label,name\nA,B\n');

    await user.click(within(form).getByRole('button', { name: 'Import addresses' }));
    expect(await screen.findByText('Imported: 3 added, 0 replaced')).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});
