/**
 * A batch payment's money papers, through real HTTP against the fake PayPal and real mail over
 * SMTP: the VAT receipt with a line per row (read back from the PDF, adding up to the payment to
 * the penny), for the owner or the partner only and 409 before payment; the batch's confirmation
 * mail carrying it; and the credit note a batch refund's mail carries (a row that failed, an order
 * cancelled), kept right after a failed row is retried and paid again.
 */
import { and, eq, eq as is } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inspectPdf } from '../../../testing/pdf-inspect';
import { auditLog, courierServices, payments, refunds } from '../../db/schema';
import { drainOutbox } from '../../lib/outbox';
import { SmtpMailer } from '../../providers/mail/smtp';
import { type FakePayPal, payPalEnv, startFakePayPal } from '../../test/fake-paypal/server';
import { createTestApp, signUpVerified, type TestApp } from '../../test/harness';
import { type LoopbackSmtp, startSmtpServer } from '../../test/smtp-server';
import { signUpAdmin } from '../admin/admin.fixtures';
import { checkBooks } from '../ledger';
import { createPartner, secretKeyOf } from '../partners/partners.testing';
import { batchCourier, goodRow, uploadCsv } from './batches.testing';

// biome-ignore lint/suspicious/noExplicitAny: tests read the answers' fields freely
type Json = any;

let fake: FakePayPal;
let t: TestApp;
let auth: Record<string, string>;
let smtp: LoopbackSmtp;
let mailer: SmtpMailer;
const TODAY = '2026-03-10'; // a Tuesday
const GOOD = goodRow('2026-03-11');

beforeEach(async () => {
  fake = await startFakePayPal();
  t = await createTestApp(payPalEnv(fake));
  const now = new Date(`${TODAY}T10:00:00Z`);
  t.deps.now = () => now;
  auth = t.bearer((await signUpVerified(t, 'shop@example.com')).accessToken);
  smtp = await startSmtpServer();
  mailer = new SmtpMailer(smtp.url, 'noreply@consign.example', t.deps.logger, (v) => v);
});

afterEach(async () => {
  mailer.close();
  await smtp.close();
  t.close();
  expect(fake.problems).toEqual([]);
  await fake.close();
});

/** The raw message whose subject matches, once the outbox has sent everything due. */
async function mailMatching(subject: RegExp): Promise<string> {
  await drainOutbox(t.deps);
  const found = smtp.received.filter((m) => subject.test(decodedSubject(m.raw)));
  expect(found, `one mail matching ${subject}`).toHaveLength(1);
  return found[0]?.raw as string;
}

/** The Subject header, unfolded, with RFC 2047 encoded words decoded. */
function decodedSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const bytes = (text: string) =>
    text
      .replace(/_/g, ' ')
      .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      Buffer.from(
        kind.toUpperCase() === 'B' ? text : bytes(text),
        kind.toUpperCase() === 'B' ? 'base64' : 'latin1',
      ).toString('utf8'),
    );
}

/** The PDF attachments of a raw MIME message: each file name and its text, read back. */
async function pdfAttachments(raw: string) {
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  const found: { filename: string; text: string }[] = [];
  for (const part of parts) {
    if (!/Content-Type: application\/pdf/i.test(part)) continue;
    const [head, ...body] = part.split(/\r?\n\r?\n/);
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head ?? '')?.[1] ?? '';
    const bytes = Buffer.from(body.join('').replace(/\s+/g, ''), 'base64');
    const pdf = await inspectPdf(new Uint8Array(bytes));
    found.push({
      filename,
      text: pdf.pages
        .map((p) => p.text)
        .join('\n')
        .replace(/\s+/g, ' '),
    });
  }
  return found;
}

async function pdfOf(path: string, headers = auth) {
  const res = await t.app.request(path, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  const pdf = await inspectPdf(new Uint8Array(await res.arrayBuffer()));
  return {
    disposition: res.headers.get('content-disposition'),
    pages: pdf.pages.length,
    runs: pdf.pages.flatMap((p) => p.runs),
    // Lines wrapped in a column read back as one.
    text: pdf.pages
      .map((p) => p.text)
      .join('\n')
      .replace(/\s+/g, ' '),
  };
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, '')) * 100);

/** The money cells of a receipt read back: every "£x.xx" run after a line's description, in order. */
function moneyRuns(runs: string[]) {
  return runs.filter((r) => /^£[\d,]+\.\d\d$/.test(r)).map(pence);
}

const capture = (id: string, headers = auth, base = '/api/v1/batches') =>
  t.post(`${base}/${id}/payment/capture`, undefined, headers);

async function pay(batchId: string, headers = auth, base = '/api/v1/batches') {
  // Accounts are verified through the dev mailbox; from the payment on, mail goes out over SMTP.
  t.deps.mailer = mailer;
  const start = await t.post(`${base}/${batchId}/payment`, undefined, headers);
  expect(start.status).toBe(200);
  fake.approve(start.body.providerOrderId);
  const done = await capture(batchId, headers, base);
  expect(done.status).toBe(200);
  return done.body;
}

/** Three rows for two couriers at prices with odd pence, and one invalid row left out. */
async function mixedBatch() {
  const acme = await batchCourier(t, 'Acme', { price: 1499 });
  await batchCourier(t, 'Bolt', { price: 1003 });
  const batch = await uploadCsv(
    t,
    [
      { ...GOOD, reference: 'A-1', courier: 'Acme' },
      { ...GOOD, reference: 'B-1' },
      { ...GOOD, reference: 'B-2', recipient_postcode: 'M1 1AE', recipient_town: 'Manchester' },
      { ...GOOD, reference: 'BAD', recipient_postcode: 'NOPE' },
    ],
    auth,
  );
  return { acme, batch };
}

describe("a batch payment's VAT receipt", () => {
  it('has a line per paid row (reference, route, service, net, VAT, total) adding up to the payment, for its owner only', async () => {
    const { batch } = await mixedBatch();
    const other = t.bearer((await signUpVerified(t, 'other@example.com')).accessToken);
    const early = await t.get(`/api/v1/batches/${batch.id}/receipt.pdf`, auth);
    expect(early).toMatchObject({ status: 409, body: { code: 'batch_not_paid' } });
    expect(batch.receipts).toEqual([]);

    const paid = await pay(batch.id);
    const rows = paid.rows as Json[];
    const total = rows.slice(0, 3).reduce((sum: number, r: Json) => sum + r.amount, 0);
    expect(paid.receipts).toEqual([
      { number: 'R-000001', amount: total, currency: 'GBP', issuedAt: expect.any(String), rows: 3 },
    ]);

    const receipt = await pdfOf(`/api/v1/batches/${batch.id}/receipt.pdf`);
    expect(receipt.disposition).toBe('attachment; filename="consign-receipt-R-000001.pdf"');
    expect(receipt.text).toContain('VAT RECEIPT');
    expect(receipt.text).toContain('R-000001');
    expect(receipt.text).toContain(`#${batch.id.slice(-8)}`);
    expect(receipt.text).toContain('shop@example.com');
    for (const row of rows.slice(0, 3)) {
      expect(receipt.text).toContain(
        `Row ${row.position} (${row.cells.reference}), order ${row.order.reference}`,
      );
      expect(receipt.text).toContain(`${row.choice.serviceName} by ${row.choice.vendorName}`);
    }
    expect(receipt.text).toContain('Leeds LS1 4AP to London SW1A 1AA');
    expect(receipt.text).toContain('Leeds LS1 4AP to Manchester M1 1AE');
    expect(receipt.text).not.toContain('BAD');

    // Each line's net + VAT is its total, the lines' totals are the rows' amounts, and the
    // totals block adds them up to what was paid, to the penny.
    const cells = moneyRuns(receipt.runs);
    const lines = [0, 1, 2].map((i) => cells.slice(i * 3, i * 3 + 3));
    for (const [i, [net, vat, gross]] of lines.entries()) {
      expect((net ?? 0) + (vat ?? 0)).toBe(gross);
      expect(gross).toBe(rows[i].amount);
      expect(vat).toBe(rows[i].choice.vat);
    }
    const [totalNet, totalVat, totalPaid] = cells.slice(9);
    expect(totalNet).toBe(lines.reduce((s, l) => s + (l[0] ?? 0), 0));
    expect(totalVat).toBe(lines.reduce((s, l) => s + (l[1] ?? 0), 0));
    expect(totalPaid).toBe(total);
    expect(receipt.text).toContain(`Total paid (GBP)`);
    expect(receipt.text).toContain(pounds(total));

    // Picked by number; a number that is not the batch's is 404.
    expect((await pdfOf(`/api/v1/batches/${batch.id}/receipt.pdf?number=R-000001`)).text).toContain(
      'R-000001',
    );
    expect((await t.get(`/api/v1/batches/${batch.id}/receipt.pdf?number=R-000009`, auth)).status).toBe(404);
    expect((await t.get(`/api/v1/batches/${batch.id}/receipt.pdf?number=nonsense`, auth)).status).toBe(404);
    // Nobody else's: another customer gets 404, so does a stranger's batch id.
    expect((await t.get(`/api/v1/batches/${batch.id}/receipt.pdf`, other)).status).toBe(404);
    expect((await t.get('/api/v1/batches/nope/receipt.pdf', auth)).status).toBe(404);
    expect((await t.get(`/api/v1/batches/${batch.id}/receipt.pdf`)).status).toBe(401);

    // The batch's confirmation mail carries the same receipt.
    const mail = await mailMatching(/^Batch “.+” paid: 3 shipments booked$/);
    expect(mail).toContain('R-000001');
    const [attached] = await pdfAttachments(mail);
    expect(attached?.filename).toBe('consign-receipt-R-000001.pdf');
    expect(attached?.text).toContain(`Row 1 (A-1), order ${rows[0].order.reference}`);
    expect(attached?.text).toContain(pounds(total));
  });

  it('keeps a failed row on the receipt that paid it after a retry, and mails its credit note', async () => {
    const { acme, batch } = await mixedBatch();
    t.deps.mailer = mailer;
    const start = await t.post(`/api/v1/batches/${batch.id}/payment`, undefined, auth);
    fake.approve(start.body.providerOrderId);
    // Acme withdraws its service between the payment and the booking: row 1 fails and is refunded.
    await t.deps.catalog.write((tx) =>
      tx.update(courierServices).set({ status: 'inactive' }).where(eq(courierServices.id, acme.service.id)),
    );
    const done = (await capture(batch.id)).body;
    const failed = done.rows[0];
    expect(failed.status).toBe('failed');
    const firstPaid = done.rows.slice(0, 3).reduce((s: number, r: Json) => s + r.amount, 0);

    // The refund mail carries the credit note, referring to the batch payment's receipt.
    const refundMail = await mailMatching(/^Row 1 of batch “.+” part refunded/);
    expect(refundMail).toContain('CN-000001');
    const [note] = await pdfAttachments(refundMail);
    expect(note?.filename).toBe('consign-credit-note-CN-000001.pdf');
    expect(note?.text).toContain('CREDIT NOTE');
    expect(note?.text).toContain('R-000001');
    expect(note?.text).toContain(`Row 1, batch #${batch.id.slice(-8)}`);
    expect(note?.text).toContain(pounds(failed.amount));
    expect(note?.text).toContain(pounds(failed.choice.vat));
    expect(note?.text).toContain('Batch row 1 could not be booked');
    // The confirmation says what was booked and what was not.
    const confirmation = await mailMatching(/^Batch “.+” paid: 2 shipments booked$/);
    expect(confirmation).toContain('1 shipment could not be booked');

    // Retried (Acme back), paid again by a second charge and booked.
    await t.deps.catalog.write((tx) =>
      tx.update(courierServices).set({ status: 'active' }).where(eq(courierServices.id, acme.service.id)),
    );
    const retried = await t.post(`/api/v1/batches/${batch.id}/rows/${failed.id}/retry`, undefined, auth);
    expect(retried.body.rows[0].status).toBe('valid');
    const again = await pay(batch.id);
    expect(again.rows[0]).toMatchObject({ status: 'booked', orderId: failed.id });
    expect(again.receipts.map((r: Json) => [r.number, r.rows])).toEqual([
      ['R-000001', 3],
      ['R-000002', 1],
    ]);

    // The first receipt still has the row, as not booked, and still adds up to the first payment.
    const first = await pdfOf(`/api/v1/batches/${batch.id}/receipt.pdf?number=R-000001`);
    // Its service is the row's no longer (the retry priced it again): the courier the ledger kept is named.
    expect(first.text).toContain(
      'Row 1 (A-1), not booked: Delivery by Acme, Leeds LS1 4AP to London SW1A 1AA £14.99 20% £3.00 £17.99',
    );
    const firstCells = moneyRuns(first.runs);
    expect(firstCells.at(-1)).toBe(firstPaid);
    expect(
      firstCells
        .slice(0, 9)
        .filter((_, i) => i % 3 === 2)
        .reduce((s, v) => s + v, 0),
    ).toBe(firstPaid);
    // The latest is the second payment's, the row booked as its order.
    const second = await pdfOf(`/api/v1/batches/${batch.id}/receipt.pdf`);
    expect(second.text).toContain('R-000002');
    expect(second.text).toContain(`Row 1 (A-1), order #${failed.id.slice(-8)}`);
    expect(moneyRuns(second.runs).at(-1)).toBe(again.rows[0].amount);
    expect((await checkBooks(t.deps.db)).ok).toBe(true);
  });

  it("attaches the credit note to the mail of a cancelled batch order's refund", async () => {
    const { batch } = await mixedBatch();
    const rows = (await pay(batch.id)).rows as Json[];
    const cancelled = await t.post(
      `/api/v1/orders/${rows[1].order.id}/cancel`,
      { reason: 'Sent by hand' },
      auth,
    );
    expect(cancelled.status).toBe(200);
    const mail = await mailMatching(new RegExp(`^Order ${rows[1].order.reference} part refunded`));
    expect(mail).toContain('CN-000001 is attached');
    expect(mail).not.toContain('and on your dashboard');
    const [note] = await pdfAttachments(mail);
    expect(note?.text).toContain('CN-000001');
    expect(note?.text).toContain('R-000001');
    expect(note?.text).toContain(rows[1].order.reference);
    expect(note?.text).toContain(pounds(rows[1].amount));
    expect(note?.text).toContain(pounds(rows[1].choice.vat));
  });

  it("answers a partner's batch receipt with its secret key, and nobody else's", async () => {
    await batchCourier(t, 'Bolt', { price: 1000 });
    const { partner } = await createPartner(t);
    const key = { Authorization: `Bearer ${await secretKeyOf(t, partner.id)}` };
    const base = '/api/v1/partner/batches';
    const batch = await uploadCsv(t, [GOOD, { ...GOOD, recipient_postcode: 'M1 1AE' }], key, base);
    const { partner: another } = await createPartner(t, { name: 'Another' });
    const anotherKey = { Authorization: `Bearer ${await secretKeyOf(t, another.id)}` };
    const early = await t.get(`${base}/${batch.id}/receipt.pdf`, key);
    expect(early).toMatchObject({ status: 409, body: { code: 'batch_not_paid' } });
    await pay(batch.id, key, base);
    const receipt = await pdfOf(`${base}/${batch.id}/receipt.pdf`, key);
    const [payment] = await t.deps.db.select().from(payments);
    expect(moneyRuns(receipt.runs).at(-1)).toBe(payment?.amount);
    expect(receipt.text).toContain('Row 2, order');
    expect((await t.get(`${base}/${batch.id}/receipt.pdf`, anotherKey)).status).toBe(404);
  });
});

describe('staff refunding a batch order', () => {
  it("refunds from the batch payment, capped by the order's share less what went back, audited, mailed with the credit note", async () => {
    const { batch } = await mixedBatch();
    const admin = t.bearer((await signUpAdmin(t)).accessToken);
    const rows = (await pay(batch.id)).rows as Json[];
    const target = rows[1];
    const path = `/api/v1/admin/orders/${target.order.id}/refund`;

    const over = await t.post(path, { reason: 'Late', amount: target.amount + 1 }, admin);
    expect(over.status).toBe(422);
    expect(over.body.code).toBe('refund_amount_invalid');
    expect(over.body.detail).toContain(`At most ${pounds(target.amount)} of this order can be refunded`);
    expect(over.body.errors).toEqual([expect.objectContaining({ path: 'amount' })]);

    const part = await t.post(path, { reason: 'Late', amount: 500 }, admin);
    expect(part.status).toBe(200);
    expect(part.body.status).toBe('pending');
    const mail = await mailMatching(new RegExp(`^Order ${target.order.reference} part refunded: £5\\.00`));
    const [note] = await pdfAttachments(mail);
    expect(note?.text).toContain('R-000001');
    expect(note?.text).toContain('£5.00');

    const tooMuch = await t.post(path, { reason: 'More', amount: target.amount - 499 }, admin);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.detail).toContain(`At most ${pounds(target.amount - 500)}`);

    // The rest: the order is still under way, so it is cancelled and its share goes back.
    const rest = await t.post(path, { reason: 'Lost' }, admin);
    expect(rest.status).toBe(200);
    expect(rest.body.status).toBe('cancelled');
    const named = await t.deps.db.select().from(refunds).where(is(refunds.orderId, target.order.id));
    expect(named.reduce((sum, r) => sum + r.amount, 0)).toBe(target.amount);
    const again = await t.post(path, { reason: 'Twice' }, admin);
    expect(again).toMatchObject({ status: 409, body: { code: 'already_refunded' } });
    // Only that order's share: the payment keeps the other rows' money; the books balance.
    const [payment] = await t.deps.db.select().from(payments);
    expect(payment).toMatchObject({ status: 'captured', refundedAmount: target.amount });
    expect((await checkBooks(t.deps.db)).problems).toEqual([]);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(is(auditLog.action, 'order.refund'), is(auditLog.entityId, target.order.id)));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(audits.map((a) => a.reason)).toEqual(expect.arrayContaining(['Late', 'Lost']));
  });
});
