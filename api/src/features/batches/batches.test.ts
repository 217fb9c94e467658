import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { createPartner, secretKeyOf } from '../partners/partners.testing';
import { BATCH_COLUMNS } from './batch-row';
import { batchCourier, csvOf, goodRow } from './batches.testing';

let t: TestApp;
let auth: Record<string, string>;
const TODAY = '2026-03-10'; // a Tuesday
const TOMORROW = '2026-03-11';

beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
  const me = await signUpVerified(t, 'shop@example.com');
  auth = t.bearer(me.accessToken);
});
afterEach(() => t.close());

const courier = (name: string, over: Parameters<typeof batchCourier>[2] = {}) => batchCourier(t, name, over);

const GOOD: Record<string, string> = { reference: 'ORDER-1', ...goodRow(TOMORROW), parcels: '1' };

async function send(path: string, body: string, type: string, headers = auth) {
  const res = await t.app.request(path, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': type },
    body,
  });
  // biome-ignore lint/suspicious/noExplicitAny: test reads the answer's fields freely
  return { status: res.status, body: (await res.json()) as any };
}

type Row = {
  status: string;
  errors: { column: string; message: string }[];
  choice: { vendorName: string; by: string; note: string | null } | null;
};

describe('a batch', () => {
  it('serves a template whose example row, uploaded as it is, is valid', async () => {
    await courier('Acme');
    const res = await t.app.request('/api/v1/batches/template.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    const [header, example, rest] = text.trim().split('\n');
    expect(header).toBe(BATCH_COLUMNS.join(','));
    expect(example).toContain('LS1 4AP');
    expect(rest).toBeUndefined();

    const batch = await send('/api/v1/batches?name=From%20the%20template', text, 'text/csv');
    expect(batch.status).toBe(201);
    expect(batch.body).toMatchObject({
      name: 'From the template',
      source: 'csv',
      counts: { total: 1, valid: 1 },
    });
    expect(batch.body.rows[0]).toMatchObject({ line: 2, status: 'valid', amount: 1200 });
    expect(batch.body.payable).toEqual({ amount: 1200, currency: 'GBP' });
  });

  it('answers 500 rows with a dozen kinds of bad row, each by its column', async () => {
    await courier('Acme');
    await t.post(
      '/api/v1/address-book',
      {
        label: 'Warehouse',
        defaultSender: false,
        address: {
          name: 'Wendy Ware',
          email: 'w@example.com',
          phone: '0113 496 0000',
          line1: 'Unit 4',
          town: 'Leeds',
          county: 'West Yorkshire',
          postcode: 'LS1 4AP',
          country: 'GB',
        },
      },
      auth,
    );
    const bad: [Record<string, string>, string, string][] = [
      [{ recipient_name: '' }, 'recipient_name', 'Required'],
      [{ recipient_email: 'not-an-email' }, 'recipient_email', 'Not a valid email'],
      [
        { recipient_postcode: 'ZZ1 1ZZ' },
        'recipient_postcode',
        'Enter a valid UK postcode, such as SW1A 1AA',
      ],
      [{ sender_postcode: 'nope' }, 'sender_postcode', 'Enter a valid UK postcode, such as SW1A 1AA'],
      [{ weight_kg: 'heavy' }, 'weight_kg', 'A number, such as 2.5'],
      [
        { weight_kg: '45' },
        'weight_kg',
        'No service carries a parcel of this weight and size on this route on that day',
      ],
      [{ length_cm: '0' }, 'length_cm', 'Length must be more than 0'],
      [{ parcels: '0' }, 'parcels', 'A whole number of parcels from 1 to 20'],
      [{ value: '12.345' }, 'value', 'Pounds and pence, such as 25.00'],
      [
        { collection_date: '2026-03-14' },
        'collection_date',
        'Collections are Monday to Friday: Sat, 14 Mar 2026 is a Saturday; the next collection day is Mon, 16 Mar 2026',
      ],
      [{ collection_date: '2026-03-02' }, 'collection_date', 'Collection date cannot be before today'],
      [{ collection_date: '11/03/2026' }, 'collection_date', 'A date as YYYY-MM-DD'],
      [
        { to_nation: 'Scotland' },
        'recipient_postcode',
        'This quote is for delivery to Scotland, but SW1A 1AA is in England; check the postcode or get a new quote for England',
      ],
      [
        {
          sender: 'Shop floor',
          sender_name: '',
          sender_email: '',
          sender_phone: '',
          sender_line1: '',
          sender_town: '',
          sender_county: '',
          sender_postcode: '',
        },
        'sender',
        'No saved address is labelled “Shop floor”',
      ],
      [
        { service: 'Rocket' },
        'service',
        'Rocket cannot carry this row; leave the cell blank or choose one of Acme Next Day',
      ],
    ];
    const rows: Record<string, string>[] = Array.from({ length: 500 }, (_, i) => ({
      ...GOOD,
      reference: `ORDER-${i + 1}`,
    }));
    // Every 33rd row is bad, each kind in turn.
    const badAt = bad.map((_, k) => k * 33 + 5);
    badAt.forEach((at, k) => {
      rows[at] = { ...rows[at], ...(bad[k]?.[0] ?? {}) } as Record<string, string>;
    });
    // A row that names the saved sender (any case) is fine.
    rows[499] = {
      ...GOOD,
      sender: 'warehouse',
      sender_name: '',
      sender_email: '',
      sender_phone: '',
      sender_line1: '',
      sender_town: '',
      sender_county: '',
      sender_postcode: '',
    };
    const res = await send('/api/v1/batches', csvOf(rows), 'text/csv');
    expect(res.status).toBe(201);
    expect(res.body.counts).toMatchObject({ total: 500, valid: 500 - bad.length, invalid: bad.length });
    badAt.forEach((at, k) => {
      const row = res.body.rows[at] as Row & { line: number; position: number };
      expect(row.line).toBe(at + 2);
      expect(row.status, `row ${at}`).toBe('invalid');
      expect(row.errors, `row ${at}`).toEqual([
        { path: `rows.${at + 1}.${bad[k]?.[1]}`, column: bad[k]?.[1], message: bad[k]?.[2] },
      ]);
    });
    expect(res.body.rows[499]).toMatchObject({ status: 'valid' });
    expect(res.body.payable.amount).toBe((500 - bad.length) * 1200);
  }, 120_000);

  it('chooses by its rule, the same way every time, and falls back when the preferred courier cannot carry a row', async () => {
    await courier('Cheapo', { price: 800, transitDays: 3, maxKg: 5 });
    await courier('Swift', { price: 1500, transitDays: 1 });
    await courier('Middle', { price: 1100, transitDays: 2 });
    const rows = [GOOD, { ...GOOD, weight_kg: '12' }];
    const choices = async (query: string) => {
      const res = await send(`/api/v1/batches?${query}`, csvOf(rows), 'text/csv');
      expect(res.status).toBe(201);
      return (res.body.rows as Row[]).map((r) => [r.choice?.vendorName, r.choice?.by, r.choice?.note]);
    };
    expect(await choices('rule=cheapest')).toEqual([
      ['Cheapo', 'cheapest', null],
      ['Middle', 'cheapest', null],
    ]);
    expect(await choices('rule=cheapest')).toEqual(await choices('rule=cheapest'));
    expect(await choices('rule=fastest')).toEqual([
      ['Swift', 'fastest', null],
      ['Swift', 'fastest', null],
    ]);
    expect(await choices('rule=preferred&preferredCourier=cheapo&fallback=fastest')).toEqual([
      ['Cheapo', 'preferred', null],
      ['Swift', 'fallback', 'cheapo cannot carry this row: fastest of the others'],
    ]);
    // A row's own courier beats the rule.
    const own = await send(
      '/api/v1/batches?rule=fastest',
      csvOf([{ ...GOOD, courier: 'Middle' }]),
      'text/csv',
    );
    expect(own.body.rows[0].choice).toMatchObject({ vendorName: 'Middle', by: 'courier' });
    const missing = await send('/api/v1/batches?rule=preferred', csvOf(rows), 'text/csv');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([
      { path: 'preferredCourier', message: 'Name the preferred courier for the rule "preferred"' },
    ]);
  });

  it('takes JSON rows; a row is fixed or dropped in the preview, and only the owner sees it', async () => {
    await courier('Acme');
    const res = await t.post(
      '/api/v1/batches',
      { name: 'JSON', rows: [GOOD, { ...GOOD, recipient_postcode: 'LS1' }, { ...GOOD, weight_kg: 3 }] },
      auth,
    );
    expect(res.status).toBe(201);
    expect(res.body.rows.map((r: Row) => r.status)).toEqual(['valid', 'invalid', 'valid']);
    const [, broken, third] = res.body.rows;
    expect(broken.line).toBeNull();

    const fixed = await t.patch(
      `/api/v1/batches/${res.body.id}/rows/${broken.id}`,
      { cells: { recipient_postcode: 'sw1a 2aa' } },
      auth,
    );
    expect(fixed.status).toBe(200);
    expect(fixed.body.rows[1]).toMatchObject({
      status: 'valid',
      errors: [],
      cells: { recipient_postcode: 'sw1a 2aa' },
    });

    const dropped = await t.call(
      'DELETE',
      `/api/v1/batches/${res.body.id}/rows/${third.id}`,
      undefined,
      auth,
    );
    expect(dropped.status).toBe(200);
    expect(dropped.body.counts).toMatchObject({ valid: 2, dropped: 1 });
    expect(dropped.body.payable.amount).toBe(2 * 1200);

    const again = await t.get(`/api/v1/batches/${res.body.id}`, auth);
    expect(again.body.rows.map((r: Row) => r.status)).toEqual(['valid', 'valid', 'dropped']);
    const list = await t.get('/api/v1/batches', auth);
    expect(list.body.items.map((b: { id: string }) => b.id)).toEqual([res.body.id]);

    const other = t.bearer((await signUpVerified(t, 'other@example.com')).accessToken);
    expect((await t.get(`/api/v1/batches/${res.body.id}`, other)).status).toBe(404);
    expect(
      (await t.call('DELETE', `/api/v1/batches/${res.body.id}/rows/${third.id}`, undefined, other)).status,
    ).toBe(404);
  });

  it('refuses what is not a batch, naming the reason', async () => {
    const unknown = await send('/api/v1/batches', 'recipient_nmae,weight_kg\nA,1', 'text/csv');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[1].message).toMatch(/^Unknown columns: recipient_nmae/);
    const text = await send('/api/v1/batches', 'hello', 'text/plain');
    expect(text.status).toBe(415);
    const tooMany = await send('/api/v1/batches', csvOf(Array.from({ length: 501 }, () => GOOD)), 'text/csv');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual([
      { path: 'rows', message: 'At most 500 rows a batch; this one has 501' },
    ]);
    const json = await t.post('/api/v1/batches', { rows: [], rule: 'slowest' }, auth);
    expect(json.status).toBe(422);
    expect(json.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['rows', 'rule']);
    expect((await t.app.request('/api/v1/batches', { method: 'POST' })).status).toBe(401);
  });

  it('takes a file as a form upload', async () => {
    await courier('Acme');
    const form = new FormData();
    form.set('file', new File([csvOf([GOOD, GOOD])], 'batch.csv', { type: 'text/csv' }));
    const res = await t.app.request('/api/v1/batches?rule=fastest', {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { rule: string; counts: { valid: number } };
    expect(body).toMatchObject({ rule: 'fastest', counts: { valid: 2 } });
  });
});

describe('a partner batch', () => {
  it('is sent with a secret key, checked the same way, and seen only by that partner', async () => {
    await courier('Acme');
    const { partner } = await createPartner(t);
    const secret = await secretKeyOf(t, partner.id);
    const key = { Authorization: `Bearer ${secret}` };
    const res = await send(
      '/api/v1/partner/batches?rule=cheapest',
      csvOf([GOOD, { ...GOOD, to_nation: 'Wales' }]),
      'text/csv',
      key,
    );
    expect(res.status).toBe(201);
    expect(res.body.rows.map((r: Row) => r.status)).toEqual(['valid', 'invalid']);
    expect(res.body.rows[1].errors[0]).toMatchObject({ column: 'recipient_postcode' });
    expect((await t.get(`/api/v1/partner/batches/${res.body.id}`, key)).status).toBe(200);
    // Not the customer's: a customer token may not read it, nor use the partner route.
    expect((await t.get(`/api/v1/batches/${res.body.id}`, auth)).status).toBe(404);
    expect((await send('/api/v1/partner/batches', csvOf([GOOD]), 'text/csv')).status).toBe(403);
    const other = await createPartner(t);
    const otherKey = { Authorization: `Bearer ${await secretKeyOf(t, other.partner.id)}` };
    expect((await t.get(`/api/v1/partner/batches/${res.body.id}`, otherKey)).status).toBe(404);
  });
});
