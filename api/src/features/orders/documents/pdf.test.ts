import { describe, expect, it } from 'vitest';
import { inspectPdf } from '../../../../testing/pdf-inspect';
import { createPdf, FONT, fitLine, renderToBuffer } from './pdf';

const CREATED = new Date('2025-06-02T09:30:00Z');

function newDoc() {
  return createPdf([400, 300], { title: 'test', subject: 'test' }, { creationDate: CREATED });
}

describe('fitLine', () => {
  it('keeps a line that fits exactly on one line, kerning across spaces included', async () => {
    // Pairs like "A T" and "W." kern; measured word by word these strings are wider than
    // measured whole, which is what made pdfkit's wrapper break them.
    const texts = ['AVA TAVA YAW', 'Flat 7 Avon Way', "L'Avenue T. Yates", 'W. A. Taylor'];
    const doc = newDoc();
    const bytes = await renderToBuffer(doc, () => {
      doc.addPage();
      texts.forEach((text, index) => {
        doc.font(FONT).fontSize(24);
        const exact = doc.widthOfString(text);
        fitLine(doc, text, 10, 10 + index * 30, exact, { size: 24 }, 'right');
      });
    });
    const { pages } = await inspectPdf(bytes);
    expect(pages[0]?.runs).toEqual(texts);
  });

  it('shrinks to fit before cutting, and cuts with an ellipsis only below the minimum size', async () => {
    const doc = newDoc();
    const text = 'Flat 12, The Old Victoria Mill Building';
    let shrunk = 0;
    let cut = 0;
    const bytes = await renderToBuffer(doc, () => {
      doc.addPage();
      doc.font(FONT).fontSize(12);
      const natural = doc.widthOfString(text);
      shrunk = fitLine(doc, text, 10, 10, natural * 0.8, { size: 12, minSize: 8 });
      cut = fitLine(doc, text, 10, 40, natural * 0.4, { size: 12, minSize: 8 });
    });
    expect(shrunk).toBeLessThan(12);
    expect(shrunk).toBeGreaterThanOrEqual(8);
    expect(cut).toBe(8);
    const { pages } = await inspectPdf(bytes);
    expect(pages[0]?.runs[0]).toBe(text);
    const cutRun = pages[0]?.runs[1] ?? '';
    expect(cutRun.endsWith('…')).toBe(true);
    expect(text.startsWith(cutRun.slice(0, -1))).toBe(true);
  });
});
