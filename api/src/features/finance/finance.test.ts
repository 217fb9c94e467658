/**
 * The finance routes through real HTTP (TEST MODE payments): the courier's balance, ledger pages,
 * per-order earnings and statements (JSON, CSV, PDF); the customer's receipt and credit notes
 * (PDF text read back); staff setting a commission with a reason (audited); refund mail.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectPdf } from '../../../testing/pdf-inspect';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { paidOrder, signUpAdmin } from '../admin/admin.fixtures';
import { checkBooks } from '../ledger';
import { bookingBody, quoteOptionFor } from '../orders/orders.testing';

const TODAY = '2026-01-13';
let t: TestApp;
let now: Date;
beforeEach(async () => {
  t = await createTestApp();
  now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
});
afterEach(() => t.close());

type Fixture = Awaited<ReturnType<typeof paidOrder>>['f'];

/** Another order of the same courier and customer, paid. */
async function payAnother(f: Fixture) {
  const { option } = await quoteOptionFor(t, f.vendor.service.id);
  const order = (await t.post('/api/v1/orders', bookingBody(option.id, TODAY), f.auth)).body;
  const start = await t.post(`/api/v1/orders/${order.id}/payment`, undefined, f.auth);
  await t.call('POST', new URL(start.body.approveUrl).pathname);
  const captured = await t.post(`/api/v1/orders/${order.id}/payment/capture`, undefined, f.auth);
  expect(captured.status).toBe(200);
  return order.id as string;
}

const vendorAuth = (f: Fixture) => t.bearer(f.vendor.owner.accessToken);

async function deliver(f: Fixture, id: string) {
  for (const status of ['confirmed', 'in_transit', 'delivered']) {
    const res = await t.patch(`/api/v1/vendor/orders/${id}`, { status }, vendorAuth(f));
    expect(res.body.status).toBe(status);
  }
}

async function pdfText(path: string, headers: Record<string, string>) {
  const res = await t.app.request(path, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const pdf = await inspectPdf(new Uint8Array(await res.arrayBuffer()));
  return {
    text: pdf.pages.map((p) => p.text).join('\n'),
    disposition: res.headers.get('content-disposition'),
  };
}

async function mailTo(email: string) {
  return (await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).body.items as {
    subject: string;
    text: string;
  }[];
}

describe('the courier’s money', () => {
  it('shows the balance, the ledger a page at a time and each order’s price, commission and net', async () => {
    const { id, f } = await paidOrder(t, TODAY);
    const second = await payAnother(f);
    const auth = vendorAuth(f);

    expect((await t.get('/api/v1/vendor/balance', auth)).body).toEqual({
      currency: 'GBP',
      pending: 2160,
      available: 0,
      paidOut: 0,
    });

    const first = await t.get('/api/v1/vendor/ledger?limit=3', auth);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(3);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const rest = await t.get(`/api/v1/vendor/ledger?limit=3&cursor=${first.body.nextCursor}`, auth);
    expect(rest.body.items).toHaveLength(1);
    expect(rest.body.nextCursor).toBeNull();
    const all = [...first.body.items, ...rest.body.items];
    expect(new Set(all.map((e: { id: string }) => e.id)).size).toBe(4);
    expect(all.reduce((s: number, e: { amount: number }) => s + e.amount, 0)).toBe(2160);
    expect(all.find((e: { kind: string }) => e.kind === 'commission').description).toMatch(/^Commission/);

    const detail = await t.get(`/api/v1/orders/${second}`, auth);
    expect(detail.body.finance).toEqual({
      receipt: null,
      creditNotes: [],
      earnings: {
        price: 1200,
        commission: 120,
        refunds: 0,
        net: 1080,
        currency: 'GBP',
        percentBp: 1000,
        fixed: 0,
      },
    });
    // The customer sees the receipt, never the courier's earnings.
    const mine = await t.get(`/api/v1/orders/${id}`, f.auth);
    expect(mine.body.finance.earnings).toBeNull();
    expect(mine.body.finance.receipt).toMatchObject({
      number: 'R-000001',
      url: `/api/v1/orders/${id}/receipt`,
    });

    // Released once delivered and the hold (7 days) has passed.
    await deliver(f, id);
    now = new Date(now.getTime() + 7 * 86_400_000 + 1000);
    expect((await t.get('/api/v1/vendor/balance', auth)).body).toMatchObject({
      pending: 1080,
      available: 1080,
    });

    expect((await t.get('/api/v1/vendor/ledger?limit=0', auth)).status).toBe(422);
    expect((await t.get('/api/v1/vendor/balance?currency=XYZ', auth)).status).toBe(422);
    expect((await t.get('/api/v1/vendor/balance', f.auth)).status).toBe(403);
  });

  it('gives a month’s statement as JSON, CSV and PDF whose opening plus lines is the closing', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const { id, f } = await paidOrder(t, TODAY);
    await payAnother(f);
    const refund = await t.post(
      `/api/v1/admin/orders/${id}/refund`,
      { reason: 'Damaged box', amount: 300, bearer: 'courier' },
      admin,
    );
    expect(refund.status).toBe(200);
    const auth = vendorAuth(f);

    const months = await t.get('/api/v1/vendor/statements', auth);
    expect(months.body.months).toEqual([{ month: '2026-01', label: 'January 2026' }]);

    const json = await t.get('/api/v1/vendor/statements/2026-01', auth);
    expect(json.status).toBe(200);
    const s = json.body;
    expect(s).toMatchObject({ month: '2026-01', period: 'January 2026', currency: 'GBP', opening: 0 });
    // 2 × (1200 − 120), then −300 with 30 of commission given back.
    expect(s.closing).toBe(2160 - 300 + 30);
    expect(s.opening + s.lines.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0)).toBe(
      s.closing,
    );
    expect(s.lines.at(-1).balance).toBe(s.closing);

    const csv = await t.app.request('/api/v1/vendor/statements/2026-01', {
      headers: { ...auth, Accept: 'text/csv' },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Date,Type,Order,Description,Amount,Balance,Currency');
    expect(rows[1]).toContain('opening_balance');
    expect(rows.at(-1)).toContain(`closing_balance,,Closing balance,,${(s.closing / 100).toFixed(2)},GBP`);
    expect(rows).toHaveLength(s.lines.length + 3);

    const pdf = await pdfText('/api/v1/vendor/statements/2026-01?format=pdf', auth);
    expect(pdf.disposition).toBe('attachment; filename="consign-statement-2026-01-GBP.pdf"');
    expect(pdf.text).toContain('January 2026');
    expect(pdf.text).toContain(`£${(s.closing / 100).toFixed(2)}`);

    expect((await t.get('/api/v1/vendor/statements/2026-13', auth)).status).toBe(422);
    const future = await t.get('/api/v1/vendor/statements/2026-02', auth);
    expect(future.status).toBe(404);
  });
});

describe('receipts and credit notes', () => {
  it('prints the VAT receipt and a credit note per refund, for the customer and staff only', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const { id, f } = await paidOrder(t, TODAY);
    const receipt = await pdfText(`/api/v1/orders/${id}/receipt`, f.auth);
    expect(receipt.disposition).toBe('attachment; filename="consign-receipt-R-000001.pdf"');
    for (const text of ['R-000001', '£10.00', '£2.00', '£12.00', 'VAT']) expect(receipt.text).toContain(text);
    expect((await t.get(`/api/v1/orders/${id}/receipt`, vendorAuth(f))).status).toBe(404);

    await t.post(
      `/api/v1/admin/orders/${id}/refund`,
      { reason: 'Late', amount: 600, bearer: 'platform' },
      admin,
    );
    const detail = await t.get(`/api/v1/orders/${id}`, f.auth);
    const [note] = detail.body.finance.creditNotes;
    expect(note).toMatchObject({ number: 'CN-000001', amount: 600, currency: 'GBP' });
    const credit = await pdfText(note.url, f.auth);
    for (const text of ['CN-000001', 'R-000001', '£6.00', '£1.00']) expect(credit.text).toContain(text);
    expect((await t.get(`/api/v1/orders/${id}/credit-notes/CN-000099`, f.auth)).status).toBe(404);

    // Both sides were told, with the amounts.
    const customerMail = (await mailTo(f.customerEmail)).find((m) => /refund/i.test(m.subject));
    expect(customerMail?.text).toContain('£6.00');
    expect(customerMail?.text).toContain('CN-000001');
    const courierMail = (await mailTo(f.vendor.ownerEmail)).find((m) => /refund/i.test(m.subject));
    expect(courierMail?.text).toContain('£6.00');
  });
});

describe('commission set by staff', () => {
  it('needs a reason, is audited, and applies to orders paid from then on', async () => {
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const { id, f } = await paidOrder(t, TODAY);
    const path = `/api/v1/admin/vendors/${f.vendor.vendorId}/commission`;

    const noReason = await t.call('PUT', path, { percent: 5, fixed: 0 }, admin);
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual([
      expect.objectContaining({ path: 'reason', message: 'A reason is required' }),
    ]);
    const noFixed = await t.call('PUT', path, { reason: 'x', percent: 5 }, admin);
    expect(noFixed.body.errors).toEqual([expect.objectContaining({ path: 'fixed' })]);
    expect((await t.call('PUT', path, { reason: 'x', percent: 101, fixed: 0 }, admin)).status).toBe(422);
    expect((await t.call('PUT', path, { reason: 'x', percent: 5, fixed: 0 }, vendorAuth(f))).status).toBe(
      403,
    );
    expect(
      (await t.call('PUT', '/api/v1/admin/vendors/nope/commission', { reason: 'x', useDefault: true }, admin))
        .status,
    ).toBe(404);

    const set = await t.call('PUT', path, { reason: 'Launch partner', percent: 5, fixed: 25 }, admin);
    expect(set.status).toBe(200);
    expect(set.body.commission).toMatchObject({
      percentBp: 500,
      fixed: 25,
      custom: true,
      defaultRate: { percentBp: 1000, fixed: 0 },
    });
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vendor.commission'), eq(auditLog.entityId, f.vendor.vendorId)));
    expect(audit).toMatchObject({ reason: 'Launch partner' });

    const later = await payAnother(f);
    const earnings = async (orderId: string) =>
      (await t.get(`/api/v1/orders/${orderId}`, vendorAuth(f))).body.finance.earnings;
    expect(await earnings(id)).toMatchObject({ commission: 120, net: 1080, percentBp: 1000 });
    expect(await earnings(later)).toMatchObject({ commission: 85, net: 1115, percentBp: 500, fixed: 25 });

    const page = await t.get(`/api/v1/admin/vendors/${f.vendor.vendorId}/finance`, admin);
    expect(page.body.balances).toEqual([{ currency: 'GBP', pending: 2195, available: 0, paidOut: 0 }]);
    const back = await t.call('PUT', path, { reason: 'Offer ended', useDefault: true }, admin);
    expect(back.body.commission).toMatchObject({ percentBp: 1000, fixed: 0, custom: false });

    const summary = await t.get('/api/v1/admin/finance', admin);
    expect(summary.status).toBe(200);
    expect(summary.body.books.ok).toBe(true);
    expect(summary.body.platform).toEqual([expect.objectContaining({ currency: 'GBP', commission: 205 })]);
    expect(summary.body.commission.day).toEqual([{ period: TODAY, currency: 'GBP', amount: 205 }]);
    expect((await checkBooks(t.deps.db)).ok).toBe(true);
  });
});
