import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { bookingFixture } from '../orders/orders.testing';
import { bookAndPay, courierMoves, type PaidFixture } from '../tracking/tracking.testing';
import { bulkDate } from './vendor-orders.bulk';

const TODAY = '2026-03-10';
let t: TestApp;
let f: PaidFixture;
let vendorAuth: Record<string, string>;

beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
  f = await bookingFixture(t);
  vendorAuth = t.bearer(f.vendor.owner.accessToken);
});
afterEach(() => t.close());

const HEADER = 'Order ID,Status or event,Tracking number,Note,Date';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');

describe('bulk updates from a CSV', () => {
  it('previews every row’s result and changes nothing', async () => {
    const mine = await bookAndPay(t, f, TODAY);
    const second = await bookAndPay(t, f, TODAY);
    const other = await bookingFixture(t);
    const theirs = await bookAndPay(t, other, TODAY);
    const text = csv(
      `${mine.reference},confirmed,1Z999AA10123456784,Collected at 9,`,
      `${mine.reference},in transit,,,`,
      `${second.reference},delivered,,,`,
      `${theirs.reference},confirmed,,,`,
      '#00000000,confirmed,,,',
      `${second.reference},delayed,,,31-02-2026`,
      `${second.reference},exception,,,`,
      `${second.reference},confirmed,,,2026-03-12`,
    );
    const res = await t.post('/api/v1/vendor/orders/bulk/preview', { text }, vendorAuth);
    expect(res.status).toBe(200);
    const byLine = Object.fromEntries(
      res.body.rows.map(
        (r: { line: number; ok: boolean; problems: { field: string; message: string }[] }) => [
          r.line,
          r.ok ? 'ok' : r.problems.map((p) => `${p.field}: ${p.message}`).join(' | '),
        ],
      ),
    );
    expect(byLine).toEqual({
      2: 'ok',
      // Sees the order as line 2 would leave it.
      3: 'ok',
      4: 'Status or event: Not allowed: An order cannot go from pending to delivered',
      // Another courier's order reads as one nobody has (issue 44, finding 9).
      5: 'Order ID: Unknown order: no paid order of yours has this reference',
      6: 'Order ID: Unknown order: no paid order of yours has this reference',
      7: 'Date: “31-02-2026” is not a date such as 2026-05-01 or 01-05-2026',
      8: 'Note: Say what happened: a note is required with this event',
      9: 'Date: A date is used only with delayed: the new expected delivery date',
    });
    expect(res.body).toMatchObject({ valid: 2, invalid: 6, applied: 0 });
    // Nothing moved.
    expect((await t.get(`/api/v1/orders/${mine.id}`, f.auth)).body.status).toBe('pending');
  });

  // Issue 44, finding 9: a courier, pending or approved, learns nothing of another courier's orders.
  it('answers another courier’s order exactly as one nobody has, to a pending courier too', async () => {
    const theirs = await bookAndPay(t, f, TODAY);
    const pending = await signUpVerified(t, 'new-courier@example.com', 'vendor');
    const nobody = `00000000-0000-4000-8000-${'0'.repeat(12)}`;
    const text = csv(
      `${theirs.reference},confirmed,,,`,
      `${theirs.id},confirmed,,,`,
      '#00000000,confirmed,,,',
      `${nobody},confirmed,,,`,
    );
    for (const auth of [
      t.bearer(pending.accessToken),
      t.bearer((await bookingFixture(t)).vendor.owner.accessToken),
    ]) {
      const res = await t.post('/api/v1/vendor/orders/bulk/preview', { text }, auth);
      expect(res.status).toBe(200);
      const messages = res.body.rows.map((r: { problems: { message: string }[] }) => r.problems[0]?.message);
      expect(messages).toEqual(Array(4).fill('Unknown order: no paid order of yours has this reference'));
    }
  });

  it('applies only the valid rows, one transaction each, with a result file', async () => {
    const mine = await bookAndPay(t, f, TODAY);
    const second = await bookAndPay(t, f, TODAY);
    const other = await bookingFixture(t);
    const theirs = await bookAndPay(t, other, TODAY);
    await courierMoves(t, f, second.id, 'confirmed', 'in_transit');
    const text = csv(
      `${mine.reference},confirmed,1Z999AA10123456784,Collected at 9,`,
      `${mine.reference},in transit,,,`,
      `${theirs.reference},confirmed,,,`,
      `${second.reference},confirmed,,,`,
      `${second.id},delayed,,Storm,14/03/2026`,
      `${second.reference},out for delivery,,,`,
    );
    const res = await t.post('/api/v1/vendor/orders/bulk/apply', { text }, vendorAuth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: 4, invalid: 2 });
    expect(res.body.rows.map((r: { applied: boolean }) => r.applied)).toEqual([
      true,
      true,
      false,
      false,
      true,
      true,
    ]);

    const mineNow = (await t.get(`/api/v1/orders/${mine.id}`, f.auth)).body;
    expect(mineNow.status).toBe('in_transit');
    expect(mineNow.trackingNumber).toBe('1Z999AA10123456784');
    expect(mineNow.events.map((e: { to: string; note: string | null }) => [e.to, e.note]).slice(-2)).toEqual([
      ['confirmed', 'Collected at 9'],
      ['in_transit', null],
    ]);
    const secondNow = (await t.get(`/api/v1/orders/${second.id}`, f.auth)).body;
    expect(secondNow.status).toBe('in_transit');
    expect(secondNow.promisedDelivery).toBe('2026-03-14');
    expect(secondNow.events.map((e: { event: string | null }) => e.event).filter(Boolean)).toEqual([
      'delayed',
      'out_for_delivery',
    ]);
    // The other courier's order did not move.
    expect((await t.get(`/api/v1/orders/${theirs.id}`, other.auth)).body.status).toBe('pending');

    const result = parse(res.body.resultCsv, { bom: true, columns: true }) as Record<string, string>[];
    expect(result.map((r) => [r.Result, r.Message])).toEqual([
      ['applied', 'Marked confirmed'],
      ['applied', 'Marked in transit'],
      ['not applied', 'Order ID: Unknown order: no paid order of yours has this reference'],
      ['not applied', 'Status or event: Not allowed: An order cannot go from in transit to confirmed'],
      ['applied', 'Added “delayed”'],
      ['applied', 'Added “out for delivery”'],
    ]);
    expect(result[0]?.['Order ID']).toBe(mine.reference);
    expect(res.body.resultFileName).toBe('order-updates-2026-03-10-result.csv');
  });

  it('takes an out for delivery row’s driver and window, checked as the single form checks them', async () => {
    const order = await bookAndPay(t, f, TODAY);
    await courierMoves(t, f, order.id, 'confirmed', 'in_transit');
    // The optional columns as a spreadsheet may name them, in any order after the others.
    const text = [
      'order id,status or event,tracking number,note,date,window_to,driver,window_from',
      `${order.reference},in transit,,,,12:00,,10:00`,
      `${order.reference},delayed,,,2026-03-12,,Sam,`,
      `${order.reference},out for delivery,,,,12:00,,9:30`,
      `${order.reference},out for delivery,,,,10:00,,12:00`,
      `${order.reference},out for delivery,,,,,,10:00`,
      `${order.reference},out for delivery,,,,,${'x'.repeat(41)},`,
      `${order.reference},out for delivery,,,,12:00,Sam,10:00`,
    ].join('\r\n');
    const preview = await t.post('/api/v1/vendor/orders/bulk/preview', { text }, vendorAuth);
    expect(preview.status).toBe(200);
    expect(
      preview.body.rows.map((r: { problems: { field: string; message: string }[] }) =>
        r.problems.map((p) => `${p.field}: ${p.message}`).join(' | '),
      ),
    ).toEqual([
      'Window from: Only “out for delivery” has a time window',
      'Driver: Only “out for delivery” names the driver',
      'Window from: Give a time of day as 24-hour HH:MM, such as 10:00',
      'Window to: The window must end after it starts',
      'Window to: Give the end of the time window too',
      'Driver: The driver’s name must be at most 40 characters',
      '',
    ]);
    expect(preview.body.rows[6]).toMatchObject({ driverName: 'Sam', windowFrom: '10:00', windowTo: '12:00' });

    const applied = await t.post('/api/v1/vendor/orders/bulk/apply', { text }, vendorAuth);
    expect(applied.body).toMatchObject({ applied: 1, invalid: 6 });
    const events = (await t.get(`/api/v1/orders/${order.id}`, f.auth)).body.events.filter(
      (e: { event: string | null }) => e.event,
    );
    expect(events).toEqual([
      expect.objectContaining({
        event: 'out_for_delivery',
        driverName: 'Sam',
        windowFrom: '10:00',
        windowTo: '12:00',
      }),
    ]);
    const result = parse(applied.body.resultCsv, { bom: true, columns: true }) as Record<string, string>[];
    expect(result[6]).toMatchObject({
      Driver: 'Sam',
      'Window from': '10:00',
      'Window to': '12:00',
      Result: 'applied',
    });
    expect(result[2]?.Message).toBe('Window from: Give a time of day as 24-hour HH:MM, such as 10:00');
  });

  it('refuses a file without the columns, naming them, and a non-vendor', async () => {
    const res = await t.post(
      '/api/v1/vendor/orders/bulk/preview',
      { text: 'Order,Status\r\n#1,x' },
      vendorAuth,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ path: 'text' });
    expect(res.body.errors[0].message).toMatch(
      /missing: Order ID, Status or event, Tracking number, Note, Date/,
    );
    expect(
      (await t.post('/api/v1/vendor/orders/bulk/preview', { text: csv('#1,x,,,') }, f.auth)).status,
    ).toBe(403);
  });

  it.each([
    ['2026-05-01', '2026-05-01'],
    ['01-05-2026', '2026-05-01'],
    ['01/05/2026', '2026-05-01'],
    ['2026-02-30', null],
    ['1/5/2026', null],
    ['tomorrow', null],
  ])('reads the date %s as %s', (input, expected) => {
    expect(bulkDate(input)).toBe(expected);
  });
});
