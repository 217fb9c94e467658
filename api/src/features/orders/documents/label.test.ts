import jsQR from 'jsqr';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inspectPdf, readBarcode } from '../../../../testing/pdf-inspect';
import { DocumentDataError } from './errors';
import { type LabelData, renderLabelPdf } from './label';

const CREATED = new Date('2025-06-02T09:30:00Z');

function labelData(overrides: Partial<LabelData> = {}): LabelData {
  return {
    reference: '#0F3A9C21',
    trackingNumber: 'CSG0F3A9C21GB',
    serviceName: 'Next Day Parcel',
    vendorName: 'Swift Couriers Ltd',
    serviceType: 'domestic',
    collectionDate: '2025-06-03',
    estimatedDelivery: '2025-06-05',
    sender: {
      name: 'Alice Sender',
      phone: '07700 900001',
      email: 'alice@example.com',
      line1: '1 High Street',
      line2: 'Unit 4',
      town: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'ls1 4ap',
      country: 'GB',
    },
    recipient: {
      name: 'Robert Recipient',
      phone: '07700 900002',
      email: 'rob@example.com',
      line1: '22 Acacia Avenue',
      town: 'Bristol',
      county: 'Somerset',
      postcode: 'BS1 5TR',
      country: 'GB',
    },
    parcels: [{ weightKg: 2.5, lengthCm: 30, widthCm: 20, heightCm: 15 }],
    chargeableWeightKg: 2.5,
    ...overrides,
  };
}

describe('renderLabelPdf', () => {
  it('renders a single 4x6 inch page with every field a driver and a scanner need', async () => {
    const bytes = await renderLabelPdf(labelData(), { creationDate: CREATED });

    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages } = await inspectPdf(bytes);
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page?.width).toBe(288);
    expect(page?.height).toBe(432);
    const runs = page?.runs ?? [];
    for (const expected of [
      'Consign',
      'Parcel 1 of 1',
      // Sender
      'Alice Sender',
      '1 High Street, Unit 4',
      'Leeds, West Yorkshire',
      'LS1 4AP, United Kingdom',
      'Tel 07700 900001',
      // Recipient, postcode upper-cased and the country spelled out
      'Robert Recipient',
      '22 Acacia Avenue',
      'Bristol',
      'Somerset',
      'BS1 5TR',
      'UNITED KINGDOM',
      // Service, weight, reference, collection, tracking text
      'Next Day Parcel',
      'by Swift Couriers Ltd',
      'UK to UK',
      '2.5 kg',
      'This parcel 2.5 kg',
      '30 x 20 x 15 cm',
      '#0F3A9C21',
      '3 Jun 2025',
      'EST. DELIVERY',
      '5 Jun 2025',
      'CSG0F3A9C21GB',
    ]) {
      expect(runs).toContain(expected);
    }
    // The sender's email is not printed: a label is on show to everyone who handles the parcel.
    expect(page?.text).not.toContain('alice@example.com');
  });

  it('encodes the tracking number as a Code 128 barcode that reads back exactly', async () => {
    // Lower case, digits, a hyphen and a space exercise code sets B and C and the switches.
    for (const trackingNumber of ['CSG0F3A9C21GB', '1234567890', 'ab-12 CD/9~', 'X']) {
      const bytes = await renderLabelPdf(labelData({ trackingNumber }), { creationDate: CREATED });
      const { pages } = await inspectPdf(bytes);
      expect(pages[0]?.images).toHaveLength(1);
      const image = pages[0]?.images[0];
      if (!image) throw new Error('no barcode image');
      expect(readBarcode(image)).toBe(trackingNumber);
      // The human-readable text sits beneath the bars, drawn as text, not only in the image.
      expect(pages[0]?.runs.at(-1)).toBe(trackingNumber);
    }
  });

  it('prints one page per parcel, each saying which parcel it is, with the same barcode', async () => {
    const parcels = [
      { weightKg: 1, lengthCm: 10, widthCm: 10, heightCm: 10 },
      { weightKg: 4.25, lengthCm: 40, widthCm: 30, heightCm: 20 },
      { weightKg: 12, lengthCm: 60, widthCm: 40, heightCm: 40 },
    ];
    const bytes = await renderLabelPdf(labelData({ parcels, chargeableWeightKg: 19.5 }), {
      creationDate: CREATED,
    });
    const { pdf, pages } = await inspectPdf(bytes);

    expect(pages).toHaveLength(3);
    pages.forEach((page, index) => {
      expect(page.width).toBe(288);
      expect(page.height).toBe(432);
      expect(page.runs).toContain(`Parcel ${index + 1} of 3`);
      expect(page.runs).toContain('19.5 kg');
      expect(page.text).not.toContain(`Parcel ${index === 0 ? 2 : 1} of 3`);
      const image = page.images[0];
      if (!image) throw new Error('no barcode image');
      expect(readBarcode(image)).toBe('CSG0F3A9C21GB');
    });
    expect(pages[1]?.runs).toContain('This parcel 4.25 kg');
    expect(pages[1]?.runs).toContain('40 x 30 x 20 cm');
    expect(pages[2]?.runs).toContain('This parcel 12 kg');

    // The barcode is embedded once and shared by all pages: one greyscale image, no mask.
    const imageObjects = pdf.context
      .enumerateIndirectObjects()
      .filter(
        ([, object]) =>
          object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    expect(imageObjects).toHaveLength(1);
  });

  it('prints the tracking code /track accepts, in groups of four, in the brand bar', async () => {
    const bytes = await renderLabelPdf(labelData({ trackingCode: 'K7P3XQ9MHT2W' }), {
      creationDate: CREATED,
    });
    const { pages } = await inspectPdf(bytes);
    const runs = pages[0]?.runs ?? [];
    expect(runs.slice(0, 4)).toEqual(['Consign', 'TRACK', 'K7P3 XQ9M HT2W', 'Parcel 1 of 1']);
    // The tracking number stays the last thing printed, under its bars.
    expect(runs.at(-1)).toBe('CSG0F3A9C21GB');
  });

  it('draws names outside Latin-1 without throwing, transliterating what it can', async () => {
    const recipient = {
      ...labelData().recipient,
      name: 'Zoë Ł',
      line1: 'ul. Żółkiewskiego 7',
      town: 'Kraków',
      county: 'Małopolskie',
      country: 'PL',
    };
    const sender = { ...labelData().sender, name: 'Дмитрий 😀 Smith' };
    const bytes = await renderLabelPdf(labelData({ recipient, sender }), { creationDate: CREATED });

    const { pages } = await inspectPdf(bytes);
    const runs = pages[0]?.runs ?? [];
    // "ë" and "ó" are in WinAnsi and kept; "Ł", "Ż", "ł" become their base letters.
    expect(runs).toContain('Zoë L');
    expect(runs).toContain('ul. Zólkiewskiego 7');
    expect(runs).toContain('Kraków');
    expect(runs).toContain('Malopolskie');
    expect(runs).toContain('POLAND');
    // Scripts with no Latin form are replaced visibly, one "?" per character.
    expect(runs).toContain('??????? ? Smith');
  });

  it('keeps a long street on one line, shrinking it and cutting it with an ellipsis', async () => {
    const line1 = 'Flat 12, The Old Victoria Mill Building, Extremely Long Industrial Estate Road North';
    const recipient = { ...labelData().recipient, line1 };
    const { pages } = await inspectPdf(
      await renderLabelPdf(labelData({ recipient }), { creationDate: CREATED }),
    );

    expect(pages).toHaveLength(1);
    const street = pages[0]?.runs.find((run) => run.startsWith('Flat 12'));
    expect(street?.endsWith('…')).toBe(true);
    expect(line1.startsWith(street?.slice(0, -1).trimEnd() ?? '!')).toBe(true);
    // The next field still follows on its own line.
    expect(pages[0]?.runs[pages[0].runs.indexOf(street ?? '') + 1]).toBe('Bristol');
  });

  it('is deterministic for the same data and creation date, and sets the PDF info', async () => {
    const first = await renderLabelPdf(labelData(), { creationDate: CREATED });
    const second = await renderLabelPdf(labelData(), { creationDate: CREATED });
    expect(first.equals(second)).toBe(true);

    const other = await renderLabelPdf(labelData(), { creationDate: new Date('2025-06-02T09:31:00Z') });
    expect(other.equals(first)).toBe(false);

    const pdf = await PDFDocument.load(first, { updateMetadata: false });
    expect(pdf.getTitle()).toBe('Shipping label #0F3A9C21');
    expect(pdf.getAuthor()).toBe('Consign');
    expect(pdf.getSubject()).toBe('Next Day Parcel by Swift Couriers Ltd, tracking number CSG0F3A9C21GB');
    expect(pdf.getCreationDate()?.toISOString()).toBe(CREATED.toISOString());
  });

  it.each([
    ['trackingNumber', { trackingNumber: '' }],
    ['trackingNumber', { trackingNumber: 'ÄB123' }],
    ['trackingNumber', { trackingNumber: ' AB123' }],
    ['trackingNumber', { trackingNumber: 'A'.repeat(41) }],
    ['collectionDate', { collectionDate: '2025-02-30' }],
    ['collectionDate', { collectionDate: '03/06/2025' }],
    ['estimatedDelivery', { estimatedDelivery: '2025-13-01' }],
    ['parcels', { parcels: [] }],
    ['parcels.0.weightKg', { parcels: [{ weightKg: 0, lengthCm: 1, widthCm: 1, heightCm: 1 }] }],
    ['chargeableWeightKg', { chargeableWeightKg: Number.NaN }],
  ] satisfies [string, Partial<LabelData>][])(
    'rejects unusable %s with a DocumentDataError',
    async (field, overrides) => {
      const error = await renderLabelPdf(labelData(overrides)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DocumentDataError);
      expect((error as DocumentDataError).field).toBe(field);
    },
  );

  it('accepts the longest tracking number it allows', async () => {
    const trackingNumber = 'A1b2C3d4E5'.repeat(4);
    const { pages } = await inspectPdf(await renderLabelPdf(labelData({ trackingNumber })));
    const image = pages[0]?.images[0];
    if (!image) throw new Error('no barcode image');
    expect(readBarcode(image)).toBe(trackingNumber);
  });
});

describe('the tracking QR code', () => {
  it('prints a QR code on the label that a decoder reads back as the tracking URL', async () => {
    const url = 'https://consign.example/track/K7P3XQ9MHT2W';
    const bytes = await renderLabelPdf(labelData({ trackingUrl: url }), { creationDate: CREATED });
    const [page] = (await inspectPdf(bytes)).pages;
    // The barcode and the QR code are the page's images; decode every one that jsQR can read.
    const decoded = (page?.images ?? []).map((image) => {
      const rgba = new Uint8ClampedArray(image.width * image.height * 4);
      for (let i = 0; i < image.width * image.height; i++) {
        rgba[i * 4] = image.pixels[i * 3] ?? 0;
        rgba[i * 4 + 1] = image.pixels[i * 3 + 1] ?? 0;
        rgba[i * 4 + 2] = image.pixels[i * 3 + 2] ?? 0;
        rgba[i * 4 + 3] = 255;
      }
      return jsQR(rgba, image.width, image.height)?.data ?? null;
    });
    expect(decoded.filter(Boolean)).toEqual([url]);
  });

  it('prints no QR code when the order has no tracking page', async () => {
    const bytes = await renderLabelPdf(labelData(), { creationDate: CREATED });
    expect((await inspectPdf(bytes)).pages[0]?.images).toHaveLength(1);
  });
});
