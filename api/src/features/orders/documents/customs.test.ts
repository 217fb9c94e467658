import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from '../../../../testing/pdf-inspect';
import { CUSTOMS_DECLARATION_TEXT, type CustomsData, type CustomsItem, renderCustomsPdf } from './customs';
import { DocumentDataError } from './errors';

const CREATED = new Date('2025-06-02T09:30:00Z');

function customsData(overrides: Partial<CustomsData> = {}): CustomsData {
  return {
    reference: '#7C1D00E4',
    invoiceDate: '2025-06-03',
    documentType: 'commercial_invoice',
    reasonForExport: 'sold',
    currency: 'GBP',
    sender: {
      type: 'company',
      companyName: 'Knit & Purl Ltd',
      eori: 'GB123456789000',
      name: 'Alice Sender',
      phone: '07700 900001',
      email: 'alice@example.com',
      line1: '1 High Street',
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS1 4AP',
      country: 'GB',
    },
    recipient: {
      type: 'private',
      name: 'Jean Dupont',
      phone: '+33 1 23 45 67 89',
      email: 'jean@example.fr',
      line1: '5 Rue de Rivoli',
      line2: 'Appartement 3',
      town: 'Paris',
      county: 'Île-de-France',
      postcode: '75001',
      country: 'FR',
    },
    items: [
      { description: 'Wool jumper', hsCode: '61101130', quantity: 3, unitValue: 1999, originCountry: 'GB' },
      { description: 'Greeting card', hsCode: '490900', quantity: 2, unitValue: 1, originCountry: 'CN' },
    ],
    totalGrossWeightKg: 1.75,
    parcelCount: 1,
    trackingNumber: 'CSG7C1D00E4GB',
    serviceName: 'Europe Economy',
    vendorName: 'Swift Couriers Ltd',
    ...overrides,
  };
}

/** The text of the run that follows a caption (a boxed field prints caption, then value). */
function valueAfter(runs: string[], caption: string): string | undefined {
  return runs[runs.indexOf(caption) + 1];
}

describe('renderCustomsPdf', () => {
  it('renders an A4 CN 23 with the parties, invoice facts, items, totals and declaration', async () => {
    const bytes = await renderCustomsPdf(customsData(), { creationDate: CREATED });

    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages } = await inspectPdf(bytes);
    expect(pages).toHaveLength(1);
    const page = pages[0];
    if (!page) throw new Error('no page');
    expect(page.width).toBeCloseTo(595.28, 2);
    expect(page.height).toBeCloseTo(841.89, 2);

    const { runs, text } = page;
    expect(runs).toContain('CUSTOMS DECLARATION CN 23');
    expect(valueAfter(runs, 'Invoice number')).toBe('#7C1D00E4');
    expect(valueAfter(runs, 'Invoice date')).toBe('3 Jun 2025');
    expect(valueAfter(runs, 'Currency')).toBe('GBP');
    expect(valueAfter(runs, 'Tracking number')).toBe('CSG7C1D00E4GB');
    expect(valueAfter(runs, 'Reason for export')).toBe('Sold');
    expect(valueAfter(runs, 'Document type')).toBe('Commercial invoice');
    expect(valueAfter(runs, 'Service')).toBe('Europe Economy by Swift Couriers Ltd');

    // Sender: a company with its EORI; recipient: a private individual without one.
    const sender = runs.slice(
      runs.indexOf('FROM: SENDER (EXPORTER)'),
      runs.indexOf('TO: RECIPIENT (IMPORTER)'),
    );
    expect(sender).toEqual([
      'FROM: SENDER (EXPORTER)',
      'Company',
      'Knit & Purl Ltd',
      'Alice Sender',
      '1 High Street',
      'Leeds, West Yorkshire',
      'LS1 4AP, United Kingdom',
      'Tel 07700 900001',
      'Email alice@example.com',
      'EORI GB123456789000',
    ]);
    const recipient = runs.slice(runs.indexOf('TO: RECIPIENT (IMPORTER)'), runs.indexOf('Reason for export'));
    expect(recipient).toEqual([
      'TO: RECIPIENT (IMPORTER)',
      'Private Individual',
      'Jean Dupont',
      '5 Rue de Rivoli, Appartement 3',
      'Paris, Île-de-France',
      '75001, France',
      'Tel +33 1 23 45 67 89',
      'Email jean@example.fr',
      'EORI not provided',
    ]);

    // Each item row in column order: no., description, HS code, qty, unit value, value, origin.
    const firstRow = runs.slice(runs.indexOf('Wool jumper') - 1, runs.indexOf('Wool jumper') + 6);
    expect(firstRow).toEqual([
      '1',
      'Wool jumper',
      '61101130',
      '3',
      '£19.99',
      '£59.97',
      'United Kingdom (GB)',
    ]);
    const secondRow = runs.slice(runs.indexOf('Greeting card') - 1, runs.indexOf('Greeting card') + 6);
    expect(secondRow).toEqual(['2', 'Greeting card', '490900', '2', '£0.01', '£0.02', 'China (CN)']);

    expect(valueAfter(runs, 'Total quantity')).toBe('5');
    expect(valueAfter(runs, 'Total value (GBP)')).toBe('£59.99');
    expect(valueAfter(runs, 'Total gross weight')).toBe('1.75 kg');

    // The declaration wraps over several lines; compare with the line breaks as spaces.
    expect(text.replace(/\s+/g, ' ')).toContain(CUSTOMS_DECLARATION_TEXT);
    expect(CUSTOMS_DECLARATION_TEXT).toMatch(
      /^I certify that the particulars given in this customs declaration are correct/,
    );
    expect(runs).toContain('Place and date: Leeds, 3 Jun 2025');
    expect(runs).toContain('Name: Alice Sender');
    expect(runs).toContain('Signature:');
    expect(runs).toContain('Consign | CN 23 #7C1D00E4 | Page 1 of 1');
  });

  it('names the pro-forma document type and two private individuals', async () => {
    const base = customsData();
    const data = customsData({
      documentType: 'proforma_invoice',
      reasonForExport: 'personal_effects',
      sender: { ...base.sender, type: 'private', companyName: null, eori: null },
      trackingNumber: null,
    });
    const { pages } = await inspectPdf(await renderCustomsPdf(data, { creationDate: CREATED }));
    const runs = pages[0]?.runs ?? [];
    expect(valueAfter(runs, 'Document type')).toBe('Pro-forma invoice');
    expect(valueAfter(runs, 'Reason for export')).toBe('Personal Effects');
    expect(valueAfter(runs, 'Tracking number')).toBe('Not yet assigned');
    expect(valueAfter(runs, 'FROM: SENDER (EXPORTER)')).toBe('Private Individual');
    expect(runs).not.toContain('Knit & Purl Ltd');
    expect(runs.filter((run) => run === 'EORI not provided')).toHaveLength(2);
  });

  it('formats money exactly in the order currency', async () => {
    const items: CustomsItem[] = [
      { description: 'Item A', hsCode: '123456', quantity: 3, unitValue: 1999, originCountry: 'GB' },
      { description: 'Item B', hsCode: '123456', quantity: 7, unitValue: 1, originCountry: 'GB' },
      // 0.1 + 0.2 style traps: 10 x 0.29 and 3 x 0.10 are exact only in integers.
      { description: 'Item C', hsCode: '123456', quantity: 10, unitValue: 29, originCountry: 'GB' },
      { description: 'Item D', hsCode: '123456', quantity: 3, unitValue: 10, originCountry: 'GB' },
      { description: 'Item E', hsCode: '123456', quantity: 1, unitValue: 123456789, originCountry: 'GB' },
    ];
    for (const [currency, expected] of [
      ['GBP', ['£59.97', '£0.07', '£2.90', '£0.30', '£1,234,567.89', '£1,234,631.13']],
      ['EUR', ['€59.97', '€0.07', '€2.90', '€0.30', '€1,234,567.89', '€1,234,631.13']],
      ['USD', ['US$59.97', 'US$0.07', 'US$2.90', 'US$0.30', 'US$1,234,567.89', 'US$1,234,631.13']],
    ] as const) {
      const { pages } = await inspectPdf(
        await renderCustomsPdf(customsData({ currency, items }), { creationDate: CREATED }),
      );
      const runs = pages[0]?.runs ?? [];
      const lineValues = ['Item A', 'Item B', 'Item C', 'Item D', 'Item E'].map(
        (description) => runs[runs.indexOf(description) + 4],
      );
      expect(lineValues).toEqual(expected.slice(0, 5));
      expect(valueAfter(runs, `Currency`)).toBe(currency);
      expect(valueAfter(runs, `Total value (${currency})`)).toBe(expected[5]);
    }
  });

  it('flows a long item list onto further pages, repeating the table header', async () => {
    const items = Array.from({ length: 90 }, (_, index) => ({
      description: `Item number ${index + 1}`,
      hsCode: '61091000',
      quantity: 1,
      unitValue: 100,
      originCountry: 'GB',
    }));
    const { pages } = await inspectPdf(
      await renderCustomsPdf(customsData({ items }), { creationDate: CREATED }),
    );

    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) {
      expect(page.width).toBeCloseTo(595.28, 2);
      expect(page.height).toBeCloseTo(841.89, 2);
      expect(page.runs).toContain(`Consign | CN 23 #7C1D00E4 | Page ${index + 1} of ${pages.length}`);
      if (index > 0) expect(page.runs).toContain('CN 23 Commercial invoice #7C1D00E4 (continued)');
      const hasItems = page.runs.some((run) => run.startsWith('Item number'));
      // Every page that carries item rows starts them under a header.
      if (hasItems) {
        expect(page.runs).toContain('HS code');
        expect(page.runs.indexOf('Description of contents')).toBeLessThan(
          page.runs.findIndex((run) => run.startsWith('Item number')),
        );
      }
    }
    // Every item is printed exactly once, in order, across the pages.
    const printed = pages.flatMap((page) => page.runs.filter((run) => run.startsWith('Item number')));
    expect(printed).toEqual(items.map((item) => item.description));
    // The parties appear once; totals and the declaration come after the last item.
    expect(pages.slice(1).some((page) => page.runs.includes('FROM: SENDER (EXPORTER)'))).toBe(false);
    const last = pages.at(-1)?.runs ?? [];
    expect(valueAfter(last, 'Total value (GBP)')).toBe('£90.00');
    expect(last).toContain('Signature:');
  });

  it('keeps an overlong description to five lines so a row never outgrows a page', async () => {
    const description = 'Hand-knitted woollen jumper with a reindeer pattern '.repeat(12).trim();
    const items = [{ description, hsCode: '61101130', quantity: 1, unitValue: 5000, originCountry: 'GB' }];
    const { pages } = await inspectPdf(
      await renderCustomsPdf(customsData({ items }), { creationDate: CREATED }),
    );

    expect(pages).toHaveLength(1);
    const runs = pages[0]?.runs ?? [];
    const start = runs.findIndex((run) => run.startsWith('Hand-knitted'));
    const lines = runs.slice(start, runs.indexOf('61101130'));
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)?.endsWith('…')).toBe(true);
  });

  it('is deterministic for the same data and creation date, and sets the PDF info', async () => {
    const first = await renderCustomsPdf(customsData(), { creationDate: CREATED });
    const second = await renderCustomsPdf(customsData(), { creationDate: CREATED });
    expect(first.equals(second)).toBe(true);

    const pdf = await PDFDocument.load(first, { updateMetadata: false });
    expect(pdf.getTitle()).toBe('Customs declaration CN 23 #7C1D00E4');
    expect(pdf.getAuthor()).toBe('Consign');
    expect(pdf.getSubject()).toBe('Commercial invoice for order #7C1D00E4');
    expect(pdf.getCreationDate()?.toISOString()).toBe(CREATED.toISOString());
  });

  it.each([
    ['items', { items: [] }],
    [
      'items.0.quantity',
      { items: [{ description: 'A', hsCode: '123456', quantity: 0, unitValue: 1, originCountry: 'GB' }] },
    ],
    [
      'items.0.quantity',
      { items: [{ description: 'A', hsCode: '123456', quantity: 1.5, unitValue: 1, originCountry: 'GB' }] },
    ],
    [
      'items.0.unitValue',
      { items: [{ description: 'A', hsCode: '123456', quantity: 1, unitValue: 19.99, originCountry: 'GB' }] },
    ],
    [
      'items.0.unitValue',
      { items: [{ description: 'A', hsCode: '123456', quantity: 1, unitValue: -1, originCountry: 'GB' }] },
    ],
    ['invoiceDate', { invoiceDate: '2025-13-01' }],
    ['totalGrossWeightKg', { totalGrossWeightKg: 0 }],
  ] satisfies [string, Partial<CustomsData>][])(
    'rejects unusable %s with a DocumentDataError',
    async (field, overrides) => {
      const error = await renderCustomsPdf(customsData(overrides)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DocumentDataError);
      expect((error as DocumentDataError).field).toBe(field);
    },
  );
});
