import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { address, deliveryAddress } from '../orders/orders.testing';

let t: TestApp;
let auth: Record<string, string>;

beforeEach(async () => {
  t = await createTestApp();
  const me = await signUpVerified(t, 'shop@example.com');
  auth = t.bearer(me.accessToken);
});
afterEach(() => t.close());

const entry = (label: string, overrides: Record<string, unknown> = {}, defaultSender = false) => ({
  label,
  address: address(overrides),
  defaultSender,
});

async function csvPost(path: string, text: string, headers = auth) {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'text/csv' },
    body: text,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the answer's fields freely, as the harness does
  return { status: res.status, body: (await res.json()) as any };
}

describe('the address book', () => {
  it('saves, searches, edits and deletes addresses, one default sender at a time', async () => {
    const warehouse = await t.post(
      '/api/v1/address-book',
      entry('Warehouse', { postcode: 'ls1 4ap' }, true),
      auth,
    );
    expect(warehouse.status).toBe(201);
    expect(warehouse.body).toMatchObject({ label: 'Warehouse', defaultSender: true });
    // Postcodes are kept in their canonical form.
    expect(warehouse.body.address.postcode).toBe('LS1 4AP');
    const mum = await t.post('/api/v1/address-book', { label: 'Mum', address: deliveryAddress() }, auth);
    expect(mum.status).toBe(201);

    const clash = await t.post('/api/v1/address-book', entry('warehouse'), auth);
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual([
      { path: 'label', message: 'You already have an address labelled “warehouse”' },
    ]);

    const all = await t.get('/api/v1/address-book', auth);
    expect(all.headers.get('Cache-Control')).toBe('private, no-store');
    expect(all.body.items.map((e: { label: string }) => e.label)).toEqual(['Warehouse', 'Mum']);
    expect(all.body.total).toBe(2);

    const found = await t.get('/api/v1/address-book?q=edinb', auth);
    expect(found.body.items.map((e: { label: string }) => e.label)).toEqual(['Mum']);
    // % and _ are taken literally.
    expect((await t.get('/api/v1/address-book?q=%25', auth)).body.total).toBe(0);

    const moved = await t.patch(`/api/v1/address-book/${mum.body.id}`, { defaultSender: true }, auth);
    expect(moved.status).toBe(200);
    const after = await t.get('/api/v1/address-book', auth);
    expect(
      after.body.items.map((e: { label: string; defaultSender: boolean }) => [e.label, e.defaultSender]),
    ).toEqual([
      ['Mum', true],
      ['Warehouse', false],
    ]);

    const bad = await t.patch(
      `/api/v1/address-book/${mum.body.id}`,
      { address: address({ email: 'nope' }) },
      auth,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ path: 'address.email', message: 'Not a valid email' }]);

    expect((await t.del(`/api/v1/address-book/${warehouse.body.id}`, auth)).status).toBe(204);
    expect((await t.del(`/api/v1/address-book/${warehouse.body.id}`, auth)).status).toBe(404);
  });

  it("never shows or changes someone else's entries", async () => {
    const mine = await t.post('/api/v1/address-book', entry('Warehouse'), auth);
    const other = await signUpVerified(t, 'other@example.com');
    const theirs = t.bearer(other.accessToken);
    expect((await t.get('/api/v1/address-book', theirs)).body.items).toEqual([]);
    expect((await t.patch(`/api/v1/address-book/${mine.body.id}`, { label: 'Mine' }, theirs)).status).toBe(
      404,
    );
    expect((await t.del(`/api/v1/address-book/${mine.body.id}`, theirs)).status).toBe(404);
    expect((await t.get('/api/v1/address-book')).status).toBe(401);
  });

  it('offers saved addresses among the booking form’s suggestions for their postcode', async () => {
    await t.post(
      '/api/v1/address-book',
      entry('Warehouse', { line1: '9 Mill Lane', postcode: 'SW1A 1AA' }),
      auth,
    );
    const res = await t.get('/api/v1/addresses?postcode=SW1A1AA', auth);
    expect(res.body.items.map((a: { line1: string; source: string }) => [a.line1, a.source])).toEqual([
      ['9 Mill Lane', 'saved'],
    ]);
  });
});

describe('importing addresses from CSV', () => {
  const HEADER = 'label,name,email,phone,line1,line2,town,county,postcode,country,default_sender';

  it('imports every line, replacing a label already in the book', async () => {
    await t.post('/api/v1/address-book', entry('Shop'), auth);
    const file = [
      HEADER,
      'Warehouse,Wendy Ware,wendy@example.com,0113 496 0000,Unit 4,Canal Wharf,Leeds,West Yorkshire,ls1 4ap,,yes',
      'shop,Sam Shop,sam@example.com,020 7946 0000,2 New Street,,London,Greater London,SW1A 1AA,GB,no',
      '"Mum, Edinburgh",Mary Mum,mary@example.com,0131 496 0000,2 Royal Mile,,Edinburgh,Midlothian,EH1 1AA,GB,',
    ].join('\r\n');
    const res = await csvPost('/api/v1/address-book/import', file);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ imported: 2, updated: 1 });
    const all = await t.get('/api/v1/address-book', auth);
    expect(all.body.items.map((e: { label: string }) => e.label)).toEqual([
      'Warehouse',
      'Mum, Edinburgh',
      'shop',
    ]);
    expect(all.body.items[0].address).toMatchObject({
      line2: 'Canal Wharf',
      postcode: 'LS1 4AP',
      country: 'GB',
    });
  });

  it('saves nothing when any line is wrong, and names each problem by line and column', async () => {
    const file = [
      HEADER,
      'Warehouse,Wendy Ware,wendy@example.com,0113 496 0000,Unit 4,,Leeds,West Yorkshire,LS1 4AP,GB,yes',
      'Shop,,not-an-email,0113 496 0000,2 New Street,,London,Greater London,ZZ1 1ZZ,GB,maybe',
      'warehouse,Other,o@example.com,0113 496 0000,1 Road,,Leeds,West Yorkshire,LS1 4AP,GB,yes',
    ].join('\n');
    const res = await csvPost('/api/v1/address-book/import', file);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { path: 'lines.3.name', message: 'Name is required' },
      { path: 'lines.3.email', message: 'Not a valid email' },
      { path: 'lines.3.postcode', message: 'Enter a valid UK postcode, such as SW1A 1AA' },
      { path: 'lines.3.default_sender', message: 'default_sender must be yes or no' },
      { path: 'lines.4.label', message: '“warehouse” is also the label on line 2' },
      { path: 'default_sender', message: 'Only one address can be the default sender' },
    ]);
    expect(res.body.detail).toBe('The file has 6 problems; nothing was imported');
    expect((await t.get('/api/v1/address-book', auth)).body.total).toBe(0);
  });

  it('names a header that is wrong, and wants text/csv', async () => {
    const res = await csvPost('/api/v1/address-book/import', 'label,nmae,email\nA,B,c@example.com');
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'The header must name name, phone, line1, town, county, postcode',
      'Unknown columns: nmae (the columns are label, name, email, phone, line1, line2, town, county, postcode, country, default_sender)',
    ]);
    const json = await t.post('/api/v1/address-book/import', { file: 'x' }, auth);
    expect(json.status).toBe(415);
  });
});

describe('saved parcel sizes', () => {
  it('saves, lists by label, edits and deletes sizes, checked as a quote checks parcels', async () => {
    const box = await t.post(
      '/api/v1/parcel-sizes',
      { label: 'Shoebox', length: 35, width: 20, height: 12, weight: 1.5 },
      auth,
    );
    expect(box.status).toBe(201);
    await t.post(
      '/api/v1/parcel-sizes',
      { label: 'Big box', length: 60, width: 40, height: 40, weight: 12.5 },
      auth,
    );
    const bad = await t.post(
      '/api/v1/parcel-sizes',
      { label: 'Huge', length: 30, width: 20, height: 10, weight: 0 },
      auth,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ path: 'weight', message: 'Weight must be more than 0' }]);

    expect(
      (await t.get('/api/v1/parcel-sizes', auth)).body.items.map((p: { label: string }) => p.label),
    ).toEqual(['Big box', 'Shoebox']);
    const edited = await t.patch(`/api/v1/parcel-sizes/${box.body.id}`, { weight: 2.5 }, auth);
    expect(edited.body).toMatchObject({ label: 'Shoebox', weight: 2.5, length: 35 });
    expect((await t.del(`/api/v1/parcel-sizes/${box.body.id}`, auth)).status).toBe(204);
    expect((await t.get('/api/v1/parcel-sizes', auth)).body.items).toHaveLength(1);
  });
});
