/**
 * A batch's labels in one document: paid in TEST MODE over the app's own routes, then read back
 * (PDF pages counted and their barcodes and tracking codes read, ZPL parsed label by label).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectPdf, readBarcode } from '../../../testing/pdf-inspect';
import { orders } from '../../db/schema';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { createPartner, partnerUser, secretKeyOf } from '../partners/partners.testing';
import { batchCourier, goodRow, uploadCsv } from './batches.testing';

let t: TestApp;
let auth: Record<string, string>;
const TODAY = '2026-03-10'; // a Tuesday
const GOOD = goodRow('2026-03-11');

beforeEach(async () => {
  t = await createTestApp();
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
  auth = t.bearer((await signUpVerified(t, 'shop@example.com')).accessToken);
  await batchCourier(t, 'Acme');
});
afterEach(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read the answers' fields freely
type Json = any;

const upload = (rows: Record<string, string>[], headers = auth, base = '/api/v1/batches') =>
  uploadCsv(t, rows, headers, base);

/** Pays the batch's valid rows in TEST MODE; answers the batch, its rows booked. */
async function pay(id: string, headers = auth, base = '/api/v1/batches') {
  const start = await t.post(`${base}/${id}/payment`, undefined, headers);
  expect(start.status).toBe(200);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  const done = await t.post(`${base}/${id}/payment/capture`, undefined, headers);
  expect(done.status).toBe(200);
  return done.body as Json;
}

const labels = (id: string, format: string, headers = auth, base = '/api/v1/batches') =>
  t.app.request(`${base}/${id}/labels?format=${format}`, { headers });

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

/** The printed fields of each ZPL label (`^FD` data, field hex decoded). */
function zplLabels(text: string): string[][] {
  return (text.match(/\^XA[\s\S]*?\^XZ/g) ?? []).map((block) =>
    [...block.matchAll(/\^FD(.*?)\^FS/g)].map((m) =>
      (m[1] ?? '').replace(/_([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    ),
  );
}

describe("a batch's labels", () => {
  it('prints every order the batch made in row order, in each format, and none before', async () => {
    const batch = await upload([
      { ...GOOD, reference: 'R-1' },
      { ...GOOD, reference: 'R-2', parcels: '2' },
      { ...GOOD, reference: 'BAD', recipient_postcode: 'NOPE' },
      { ...GOOD, reference: 'R-4', recipient_postcode: 'M1 1AE', recipient_town: 'Manchester' },
      { ...GOOD, reference: 'R-5' },
    ]);
    expect(batch.counts).toMatchObject({ valid: 4, invalid: 1 });

    const early = await labels(batch.id, 'pdf-a4');
    expect(early.status).toBe(409);
    expect(early.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
    expect(await early.json()).toMatchObject({ code: 'batch_not_booked' });

    const paid = await pay(batch.id);
    expect(paid.counts).toMatchObject({ booked: 4, invalid: 1 });
    const booked = (paid.rows as Json[]).filter((r) => r.order);
    // One label a parcel: the second row has two.
    const expected = [booked[0], booked[1], booked[1], booked[2], booked[3]].map((r) => r.order);

    const a4 = await labels(batch.id, 'pdf-a4');
    expect(a4.status).toBe(200);
    expect(a4.headers.get('Content-Type')).toBe('application/pdf');
    expect(a4.headers.get('Content-Disposition')).toBe(
      `attachment; filename="consign-labels-batch-${batch.id.slice(-8)}.pdf"`,
    );
    const sheets = (await inspectPdf(await bytesOf(a4))).pages;
    expect(sheets).toHaveLength(2);
    expect(sheets.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([
      [595, 842],
      [595, 842],
    ]);
    // The codes printed on each sheet, in drawing order (a barcode drawn twice is one image).
    const grouped = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');
    const codes = new Set(expected.map((o) => grouped(o.trackingCode)));
    expect(sheets.map((p) => p.runs.filter((run) => codes.has(run)))).toEqual([
      expected.slice(0, 4).map((o) => grouped(o.trackingCode)),
      [grouped(expected[4].trackingCode)],
    ]);
    expect(sheets[1]?.images.filter((i) => i.height === 1).map(readBarcode)).toEqual([
      expected[4].trackingNumber,
    ]);

    const fourBySix = await labels(batch.id, 'pdf-4x6');
    const pages = (await inspectPdf(await bytesOf(fourBySix))).pages;
    expect(pages.map((p) => p.runs.at(-1))).toEqual(expected.map((o) => o.trackingNumber));
    expect(pages.map((p) => p.runs[p.runs.indexOf('TRACK') + 1]?.replace(/\s/g, ''))).toEqual(
      expected.map((o) => o.trackingCode),
    );

    const zpl = await labels(batch.id, 'zpl');
    expect(zpl.status).toBe(200);
    expect(zpl.headers.get('Content-Type')).toBe('text/plain; charset=us-ascii');
    expect(zpl.headers.get('Content-Disposition')).toBe(
      `attachment; filename="consign-labels-batch-${batch.id.slice(-8)}.zpl"`,
    );
    const printed = zplLabels(await zpl.text());
    expect(printed.map((fields) => fields[fields.indexOf('TRACK') + 1]?.replace(/\s/g, ''))).toEqual(
      expected.map((o) => o.trackingCode),
    );
    // Each printed code opens /track.
    for (const order of booked.map((r) => r.order)) {
      expect((await t.get(`/api/v1/tracking/${order.trackingCode}`)).status).toBe(200);
    }

    const bad = await t.get(`/api/v1/batches/${batch.id}/labels?format=png`, auth);
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].path).toBe('format');
  });

  it('leaves cancelled orders out, and says so when nothing is left', async () => {
    const batch = await upload([GOOD, { ...GOOD, reference: 'Second' }]);
    const paid = await pay(batch.id);
    const [first, second] = paid.rows as Json[];
    await t.deps.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, first.order.id));
    const pages = (await inspectPdf(await bytesOf(await labels(batch.id, 'pdf-4x6')))).pages;
    expect(pages.map((p) => p.runs.at(-1))).toEqual([second.order.trackingNumber]);

    await t.deps.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, second.order.id));
    const none = await t.get(`/api/v1/batches/${batch.id}/labels?format=zpl`, auth);
    expect(none).toMatchObject({ status: 409, body: { code: 'batch_not_booked' } });
    expect(none.body.detail).toMatch(/cancelled/);
  });

  it("is someone else's batch: 404; a partner prints its own with a secret key", async () => {
    const batch = await upload([GOOD]);
    await pay(batch.id);
    const stranger = t.bearer((await signUpVerified(t, 'stranger@example.com')).accessToken);
    const hidden = await t.get(`/api/v1/batches/${batch.id}/labels?format=pdf-a4`, stranger);
    expect(hidden).toMatchObject({ status: 404 });

    const { partner } = await createPartner(t);
    await partnerUser(t, partner.id);
    const key = { Authorization: `Bearer ${await secretKeyOf(t, partner.id)}` };
    const base = '/api/v1/partner/batches';
    const own = await upload([GOOD], key, base);
    const done = await pay(own.id, key, base);
    const res = await labels(own.id, 'zpl', key, base);
    expect(res.status).toBe(200);
    const printed = zplLabels(await res.text());
    expect(printed.map((f) => f[f.indexOf('TRACK') + 1]?.replace(/\s/g, ''))).toEqual([
      done.rows[0].order.trackingCode,
    ]);
    // Neither through the customer's routes nor the other way round.
    expect((await labels(own.id, 'zpl')).status).toBe(404);
    expect((await labels(batch.id, 'zpl', key, base)).status).toBe(404);
  });
});
