/** The receipt renderer on its own: a long receipt (a batch's) runs over pages and still adds up. */
import { describe, expect, it } from 'vitest';
import { inspectPdf } from '../../../../testing/pdf-inspect';
import { DocumentDataError } from './errors';
import { type ReceiptData, type ReceiptLine, renderReceiptPdf } from './money-documents';

const seller = { legalName: 'Consign Test Ltd', address: '2 Test Street, Leeds', vatNumber: 'GB123456789' };

function receipt(lines: ReceiptLine[]): ReceiptData {
  return {
    seller,
    number: 'R-000042',
    issuedOn: '2026-03-10',
    orderReference: '#abcd1234',
    referenceLabel: 'Batch',
    customer: { name: 'Wendy Ware', email: 'shop@example.com' },
    currency: 'GBP',
    lines,
    total: lines.reduce((sum, l) => sum + l.net + l.vat, 0),
    paidWith: 'PayPal',
    notes: ['A note under the totals.'],
  };
}

describe('renderReceiptPdf', () => {
  it('puts 500 lines on as many pages as they need, each page numbered, the totals once at the end', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => ({
      description: `Row ${i + 1} (REF-${i + 1}), order #0000${i}: Next Day by Acme, Leeds LS1 4AP to London SW1A 1AA`,
      net: 1000 + i,
      vatRateBp: 2000,
      vat: 200 + Math.round(i / 5),
    }));
    const pdf = await inspectPdf(new Uint8Array(await renderReceiptPdf(receipt(lines))));
    expect(pdf.pages.length).toBeGreaterThan(10);
    const count = pdf.pages.length;
    pdf.pages.forEach((page, i) => {
      expect(page.text).toContain(`Page ${i + 1} of ${count}`);
      if (i > 0) expect(page.text).toContain('VAT receipt R-000042 (continued)');
    });
    const all = pdf.pages.map((p) => p.text).join('\n');
    for (const n of [1, 250, 500]) expect(all).toContain(`Row ${n} (REF-${n})`);
    const last = pdf.pages.at(-1)?.text ?? '';
    expect(last).toContain('Total paid (GBP)');
    expect(all.match(/Total paid \(GBP\)/g)).toHaveLength(1);
    const total = lines.reduce((s, l) => s + l.net + l.vat, 0);
    expect(last).toContain(`£${(total / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
  });

  it('refuses lines that do not add up to what was paid', async () => {
    const data = { ...receipt([{ description: 'x', net: 100, vatRateBp: 2000, vat: 20 }]), total: 121 };
    await expect(renderReceiptPdf(data)).rejects.toBeInstanceOf(DocumentDataError);
  });
});
