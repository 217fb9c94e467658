import { join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../../test/harness';
import { bookingBody, bookingFixture, quoteOptionFor } from '../../orders/orders.testing';
import { itemsAsWholeRows, ordersOfEveryShape } from '../../vendor-orders/vendor-orders.fixtures';
import { paidOrder as bookAndPay, signUpAdmin, signUpVendor } from '../admin.fixtures';

/**
 * The admin order list's kept work (lib/ra-list.ts): counts cached per filter, and the next page
 * sought from the previous page's last key. Neither may ever change an answer: a count follows
 * every write at once (this process's or another's), and a page is the rows the offset gives.
 */

const TODAY = '2026-01-13';
const ORDERS = '/api/v1/admin/orders';
let t: TestApp;
let other: Client;
let admin: Record<string, string>;
beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
  // A second connection to the same file: what another API process or a tool writes.
  other = createClient({ url: `file:${join(t.dir, 'consign.db')}` });
  admin = t.bearer((await signUpAdmin(t)).accessToken);
});
afterEach(() => {
  other.close();
  t.close();
});

const query = (params: { filter?: object; sort?: [string, string]; range?: [number, number] }) =>
  `${ORDERS}?${new URLSearchParams({
    filter: JSON.stringify(params.filter ?? {}),
    sort: JSON.stringify(params.sort ?? ['createdAt', 'DESC']),
    range: JSON.stringify(params.range ?? [0, 24]),
  })}`;

async function page(params: Parameters<typeof query>[0]) {
  const res = await t.get(query(params), admin);
  expect(res.status).toBe(200);
  return { ids: (res.body as { id: string }[]).map((o) => o.id), range: res.headers.get('content-range') };
}
const rangeOf = async (filter: object) => (await page({ filter })).range;

/**
 * Copies of an order under new ids, written by the other connection: the same status, total,
 * collection date and creation time as the original unless `set` says otherwise, so that every
 * sort has runs of equal values for the id to break.
 */
let copied = 0;
async function copies(fromId: string, n: number, set: (i: number) => Record<string, string | number>) {
  await other.execute('create temp table if not exists copy as select * from orders where 0');
  for (let i = 0; i < n; i++) {
    await other.execute('delete from temp.copy');
    await other.execute({ sql: 'insert into temp.copy select * from orders where id = ?', args: [fromId] });
    copied += 1;
    const values: Record<string, string | number | null> = {
      id: `copy-${String(i).padStart(3, '0')}`,
      tracking_number: null,
      tracking_code: `CODE${String(copied).padStart(8, '0')}`,
      ...set(i),
    };
    const columns = Object.keys(values);
    await other.execute({
      sql: `update temp.copy set ${columns.map((c) => `${c} = ?`).join(', ')}`,
      args: Object.values(values),
    });
    await other.execute('insert into orders select * from temp.copy');
  }
}

describe('admin order list at scale', () => {
  it('changes a cached count right after a create and a status change, by this process or another', async () => {
    const first = await bookAndPay(t, TODAY);
    expect(await rangeOf({})).toBe('orders 0-0/1');
    expect(await rangeOf({ status: 'pending' })).toBe('orders 0-0/1');
    expect(await rangeOf({ status: 'confirmed' })).toBe('orders */0');

    // A booking through the API (this process): counted by the very next request.
    const f = await bookingFixture(t);
    const { option } = await quoteOptionFor(t, f.vendor.service.id);
    const created = await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth);
    expect(created.status).toBe(201);
    expect(await rangeOf({})).toBe('orders 0-1/2');
    expect(await rangeOf({ status: 'awaiting_payment' })).toBe('orders 0-0/1');

    // A status change by staff.
    const moved = await t.post(
      `${ORDERS}/${first.id}/status`,
      { status: 'confirmed', reason: 'By phone' },
      admin,
    );
    expect(moved.status).toBe(200);
    expect(await rangeOf({ status: 'pending' })).toBe('orders */0');
    expect(await rangeOf({ status: 'confirmed' })).toBe('orders 0-0/1');

    // Another process: a status change and a new order on its own connection.
    await other.execute({ sql: "update orders set status = 'in_transit' where id = ?", args: [first.id] });
    expect(await rangeOf({ status: 'confirmed' })).toBe('orders */0');
    expect(await rangeOf({ status: 'in_transit' })).toBe('orders 0-0/1');
    await copies(first.id, 1, () => ({}));
    expect(await rangeOf({ status: 'in_transit' })).toBe('orders 0-1/2');
    expect(await rangeOf({})).toBe('orders 0-2/3');
  });

  it('lists orders of every status and shape exactly as the orders themselves say', async () => {
    const vendor = await signUpVendor(t, 'vendor@example.com');
    const customer = await signUpVerified(t, 'cust@example.com');
    const made = await ordersOfEveryShape(
      t,
      { vendorId: vendor.vendorId, customerId: customer.user.id },
      t.deps.now(),
    );
    const cases: Parameters<typeof query>[0][] = [
      {},
      { sort: ['total', 'ASC'], range: [3, 12] },
      { sort: ['status', 'DESC'], range: [0, 99] },
      { sort: ['collectionDate', 'ASC'], range: [5, 9] },
      { filter: { status: 'cancelled' } },
      { filter: { q: 'zoë' } },
      { filter: { id: made.slice(0, 4).map((o) => o.id) } },
    ];
    for (const params of cases) {
      const res = await t.get(query(params), admin);
      expect(res.status, JSON.stringify(params)).toBe(200);
      const items = res.body as { id: string }[];
      expect(items.length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(items, JSON.stringify(params)).toEqual(
        await itemsAsWholeRows(
          t,
          items.map((o) => o.id),
          'admin',
        ),
      );
    }
  });

  it('searches the reference, id, recipient, service and vendor name, ignoring case', async () => {
    const { id, f } = await bookAndPay(t, TODAY);
    await copies(id, 1, () => ({
      search_text: 'other\nsomeone else\nanother service',
      vendor_name: 'Elsewhere',
    }));
    const found = async (q: string) => (await page({ filter: { q } })).ids;
    expect(await found(`#${id.slice(-8).toUpperCase()}`)).toEqual([id]);
    expect(await found(id)).toEqual([id]);
    expect(await found('robin RECIPIENT')).toEqual([id]);
    expect(await found(f.vendor.service.name.toLowerCase())).toEqual([id]);
    expect(await found('speedy parcels')).toEqual([id]);
    expect(await found('someone')).toEqual(['copy-000']);
    expect(await found('nobody at all')).toEqual([]);
  });

  it('pages through equal sort values neither repeating nor skipping, and a deep page is the offset answer', async () => {
    const { id } = await bookAndPay(t, TODAY);
    // 23 copies: three totals and two creation times in runs that cross every page boundary.
    const created = Date.parse(`${TODAY}T09:00:00Z`);
    await copies(id, 23, (i) => ({
      total: [1500, 2500, 1500][i % 3]!,
      created_at: created + (i < 12 ? 0 : 60_000),
    }));
    const sorts: [string, string][] = ['createdAt', 'total', 'status', 'collectionDate', 'id'].flatMap(
      (field) => [[field, 'ASC'] as [string, string], [field, 'DESC'] as [string, string]],
    );
    for (const sort of sorts) {
      const all = await page({ sort, range: [0, 99] });
      expect(all.ids).toHaveLength(24);
      expect(new Set(all.ids).size).toBe(24);
      // Page after page, as react-admin asks: each continues from the last key of the one before.
      const walked: string[] = [];
      for (let start = 0; start < 24; start += 5) {
        const next = await page({ sort, range: [start, start + 4] });
        expect(next.range).toBe(`orders ${start}-${Math.min(start + 4, 23)}/24`);
        walked.push(...next.ids);
      }
      expect(walked, `${sort.join(' ')}`).toEqual(all.ids);
      // A page jumped to (no page before it was asked for) is the same slice.
      expect((await page({ sort, range: [13, 19] })).ids).toEqual(all.ids.slice(13, 20));
    }

    // After a write the kept key of page 1's end is not used: the next page is the offset answer
    // on the new data (here a copy that sorts first pushes every row one place on).
    const sort: [string, string] = ['total', 'ASC'];
    await page({ sort, range: [0, 4] });
    await copies(id, 1, () => ({ id: 'copy-first', total: 1 }));
    const now = await page({ sort, range: [0, 99] });
    expect(now.ids[0]).toBe('copy-first');
    expect((await page({ sort, range: [5, 9] })).ids).toEqual(now.ids.slice(5, 10));
  });
});
