import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { inspectPdf, readBarcode } from '../../../../testing/pdf-inspect';
import { DocumentDataError } from './errors';
import type { LabelData } from './label';
import { A4_LABEL_SCALE, labelSheetPdf } from './label-sheet';
import { zplLabels, zplText } from './zpl';

const CREATED = new Date('2026-03-10T10:00:00Z');
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A label for order `n`, with `parcels` parcels and its own tracking number and code. */
function label(n: number, parcels = 1): LabelData {
  const code = Array.from({ length: 12 }, (_, i) => ALPHABET[(n * 7 + i * 3) % 32]).join('');
  return {
    reference: `#0000${String(n).padStart(4, '0')}`,
    trackingNumber: `CSG${String(100_000_000 + n)}0`,
    trackingCode: code,
    trackingUrl: `https://consign.example/track/${code}`,
    serviceName: 'Next Day Parcel',
    vendorName: 'Swift Couriers Ltd',
    serviceType: 'domestic',
    collectionDate: '2026-03-11',
    estimatedDelivery: '2026-03-12',
    sender: {
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
      name: `Recipient ${n}`,
      phone: '07700 900002',
      email: 'rob@example.com',
      line1: '22 Acacia Avenue',
      town: 'Bristol',
      county: 'Somerset',
      postcode: 'BS1 5TR',
      country: 'GB',
    },
    parcels: Array.from({ length: parcels }, (_, i) => ({
      weightKg: 1 + i,
      lengthCm: 30,
      widthCm: 20,
      heightCm: 10,
    })),
    chargeableWeightKg: parcels * 1.5,
  };
}

const grouped = (code: string) => code.replace(/(.{4})(?=.)/g, '$1 ');

/** Every cut mark's stroke: a move and a line of the mark's length, in user space. */
function cutMarkSegments(content: string): number {
  const lengths = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) m\s+(-?[\d.]+) (-?[\d.]+) l\s+S/g)].map((m) =>
    Math.hypot(Number(m[3]) - Number(m[1]), Number(m[4]) - Number(m[2])),
  );
  return lengths.filter((length) => Math.abs(length - 8) < 0.01).length;
}

describe('labelSheetPdf', () => {
  it('pdf-4x6: one 4x6 page per parcel, each with its own barcode and tracking code', async () => {
    const labels = [label(1), label(2, 3), label(3)];
    const { pages } = await inspectPdf(
      await buffer(labelSheetPdf(labels, 'pdf-4x6', { creationDate: CREATED, title: 'x' })),
    );
    expect(pages).toHaveLength(5);
    const expected = [1, 2, 2, 2, 3].map((n) => label(n));
    pages.forEach((page, i) => {
      const want = expected[i] as LabelData;
      expect([page.width, page.height]).toEqual([288, 432]);
      expect(page.runs).toContain(grouped(want.trackingCode as string));
      expect(page.runs.at(-1)).toBe(want.trackingNumber);
      const barcodes = page.images.filter((image) => image.height === 1).map(readBarcode);
      expect(barcodes).toEqual([want.trackingNumber]);
    });
    expect(pages[2]?.runs).toContain('Parcel 2 of 3');
  });

  it('pdf-a4: four labels to a sheet, scaled to fit, with cut marks at every corner', async () => {
    const labels = Array.from({ length: 10 }, (_, i) => label(i + 1));
    const bytes = await buffer(labelSheetPdf(labels, 'pdf-a4', { creationDate: CREATED, title: 'x' }));
    const { pages } = await inspectPdf(bytes);
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([
      [595, 842],
      [595, 842],
      [595, 842],
    ]);
    expect(A4_LABEL_SCALE).toBeGreaterThan(0.9);
    pages.forEach((page, p) => {
      const onPage = labels.slice(p * 4, p * 4 + 4);
      const barcodes = page.images.filter((image) => image.height === 1).map(readBarcode);
      expect(barcodes.sort()).toEqual(onPage.map((l) => l.trackingNumber).sort());
      for (const l of onPage) expect(page.runs).toContain(grouped(l.trackingCode as string));
      // Four corners of four labels, two strokes each (a part-filled last sheet has fewer).
      expect(cutMarkSegments(page.content)).toBe(onPage.length * 8);
    });
  });

  it('streams: most of the document is out before the last label is drawn', async () => {
    const labels = Array.from({ length: 40 }, (_, i) => label(i + 1));
    let received = 0;
    let beforeLast = -1;
    const last = labels[39] as LabelData;
    // The sheet reads the last label to check it first; its last read is to draw it.
    Object.defineProperty(labels, 39, {
      get() {
        beforeLast = received;
        return last;
      },
    });
    const stream = labelSheetPdf(labels, 'pdf-a4', { creationDate: CREATED, title: 'x' });
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    await new Promise((resolve) => stream.on('end', resolve));
    expect(beforeLast).toBeGreaterThan(received * 0.8);
  });

  it('refuses bad data before writing anything, naming the label', () => {
    const bad = { ...label(2), trackingNumber: 'É' };
    let error: unknown;
    try {
      labelSheetPdf([label(1), bad], 'pdf-a4', { title: 'x' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DocumentDataError);
    expect((error as DocumentDataError).field).toBe('labels.1.trackingNumber');
  });
});

/** The fields of one ZPL label, by command: `^FD` data after each `^FO` origin. */
function zplFields(block: string): string[] {
  return [...block.matchAll(/\^FD(.*?)\^FS/g)].map((m) =>
    (m[1] ?? '').replace(/_([0-9A-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    ),
  );
}

describe('zplLabels', () => {
  it('writes one ^XA…^XZ per parcel, each with its tracking code, barcode and QR code', async () => {
    const labels = [label(1), label(2, 2)];
    let zpl = '';
    for await (const chunk of zplLabels(labels)) zpl += chunk;
    const blocks = zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(blocks).toHaveLength(3);
    expect(zpl.replace(/\^XA[\s\S]*?\^XZ/g, '').trim()).toBe('');
    const expected = [label(1), label(2), label(2)];
    blocks.forEach((block, i) => {
      const want = expected[i] as LabelData;
      const fields = zplFields(block);
      // The code as printed reads back as the stored code: /track takes either form.
      const printed = fields[fields.indexOf('TRACK') + 1] ?? '';
      expect(printed.replace(/\s/g, '')).toBe(want.trackingCode);
      expect(block).toMatch(/\^BCN,\d+,N,N,N\^FH\^FD>:CSG\d{10}\^FS/);
      expect(fields).toContain(`>:${want.trackingNumber}`);
      expect(fields).toContain(`QA,${want.trackingUrl}`);
      expect(block).toContain('^PW812');
      expect(block).toContain('^LL1218');
    });
    expect(zplFields(blocks[2] as string)).toContain('Parcel 2 of 2');
  });

  it('writes command characters in field hex and transliterates what ASCII lacks', async () => {
    expect(zplText('A^B~C_D')).toBe('A_5EB_7EC_5FD');
    expect(zplText('Zoë Łódź 😀')).toBe('Zoe Lodz ?');
    const tricky = { ...label(1), recipient: { ...label(1).recipient, name: '^XZ^XA evil~' } };
    let zpl = '';
    for await (const chunk of zplLabels([tricky])) zpl += chunk;
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zplFields(zpl)).toContain('^XZ^XA evil~');
  });
});
