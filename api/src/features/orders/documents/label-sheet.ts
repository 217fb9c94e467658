/**
 * Labels by the sheet: one document for many orders, one label per parcel, streamed as it is
 * written so that the first page reaches the printer while the last is still being drawn.
 *
 * - `pdf-4x6`: a 4x6 inch page per label, for thermal printers that take PDFs.
 * - `pdf-a4`: four labels to an A4 sheet, each scaled to fit its quarter, with cut marks at
 *   its corners, for office printers.
 * - `zpl`: ZPL II for Zebra-compatible thermal printers, one `^XA…^XZ` per label (zpl.ts).
 *
 * The data is checked before the first byte goes out (a refused label after the headers were
 * sent could only cut the download short); the images are made one order at a time.
 */
import type { Readable } from 'node:stream';
import { setImmediate, setTimeout } from 'node:timers/promises';
import { A4_SIZE_PT } from './customs';
import { DocumentDataError } from './errors';
import { drawLabel, LABEL_SIZE_PT, type LabelData, prepareLabel, validate } from './label';
import { createPdf, type Pdf, type RenderOptions } from './pdf';

export const LABEL_FORMATS = ['pdf-4x6', 'pdf-a4', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

const [LABEL_WIDTH, LABEL_HEIGHT] = LABEL_SIZE_PT;
const [A4_WIDTH, A4_HEIGHT] = A4_SIZE_PT;
/** Room around each label in its quarter of the sheet, for the cut marks and the printer's edge. */
const CELL_MARGIN = 12;
const MARK_LENGTH = 8;
const MARK_GAP = 3;
/** A label scaled to fit a quarter of A4 with its margin: about 0.92, still readable by scanners. */
export const A4_LABEL_SCALE = Math.min(
  (A4_WIDTH / 2 - 2 * CELL_MARGIN) / LABEL_WIDTH,
  (A4_HEIGHT / 2 - 2 * CELL_MARGIN) / LABEL_HEIGHT,
);

/** Bytes written but not yet read by the client above which drawing waits for it. */
const HIGH_WATER_BYTES = 1024 * 1024;

/**
 * Between two orders: lets the written pages go to the client and other requests run (the
 * drawing is synchronous, so without this a sheet would be drawn in one go and sent at the end),
 * and waits while a slow client leaves more than HIGH_WATER_BYTES unread, so memory stays bounded.
 */
async function yieldToClient(doc: Pdf): Promise<void> {
  await setImmediate();
  while (doc.readableLength > HIGH_WATER_BYTES && !doc.destroyed) await setTimeout(5);
}

/** Checks every label before anything is written; throws DocumentDataError naming the order. */
export function checkLabels(labels: readonly LabelData[]): void {
  labels.forEach((label, index) => {
    try {
      validate(label);
    } catch (err) {
      if (err instanceof DocumentDataError) {
        throw new DocumentDataError(`labels.${index}.${err.field}`, `${label.reference}: ${err.message}`);
      }
      throw err;
    }
  });
}

/** How many labels (parcels) the orders make, and the pages they fill in a format. */
export function labelCount(labels: readonly LabelData[]): number {
  return labels.reduce((sum, label) => sum + label.parcels.length, 0);
}

function cutMarks(doc: Pdf, x: number, y: number, width: number, height: number): void {
  doc.save().lineWidth(0.5).strokeColor('#000000');
  const corners: [number, number, number, number][] = [
    [x, y, -1, -1],
    [x + width, y, 1, -1],
    [x, y + height, -1, 1],
    [x + width, y + height, 1, 1],
  ];
  for (const [cx, cy, dx, dy] of corners) {
    doc
      .moveTo(cx + dx * MARK_GAP, cy)
      .lineTo(cx + dx * (MARK_GAP + MARK_LENGTH), cy)
      .stroke();
    doc
      .moveTo(cx, cy + dy * MARK_GAP)
      .lineTo(cx, cy + dy * (MARK_GAP + MARK_LENGTH))
      .stroke();
  }
  doc.restore();
}

/**
 * The labels of many orders as one PDF stream. Returns at once; pages are written as each
 * order's images are ready, and the stream ends after the last (or errors, if drawing fails).
 */
export function labelSheetPdf(
  labels: readonly LabelData[],
  format: Exclude<LabelFormat, 'zpl'>,
  options: RenderOptions & { title: string },
): Readable {
  checkLabels(labels);
  const a4 = format === 'pdf-a4';
  const doc = createPdf(
    a4 ? 'A4' : LABEL_SIZE_PT,
    {
      title: options.title,
      subject: `${labelCount(labels)} shipping labels (${a4 ? 'A4, four to a sheet' : '4x6 inch'})`,
    },
    options,
    // Pages go out as soon as the next one starts: a 500-label sheet never sits in memory.
    { bufferPages: false },
  );
  const draw = async () => {
    let slot = 0;
    for (const label of labels) {
      await yieldToClient(doc);
      // The client went away: nobody will read the rest.
      if (doc.destroyed) return;
      const prepared = await prepareLabel(label);
      for (let index = 0; index < label.parcels.length; index++) {
        if (!a4) {
          doc.addPage({ size: LABEL_SIZE_PT, margin: 0 });
          drawLabel(doc, prepared, index);
          continue;
        }
        const cell = slot % 4;
        if (cell === 0) doc.addPage({ size: 'A4', margin: 0 });
        slot += 1;
        const width = LABEL_WIDTH * A4_LABEL_SCALE;
        const height = LABEL_HEIGHT * A4_LABEL_SCALE;
        const x = (cell % 2) * (A4_WIDTH / 2) + (A4_WIDTH / 2 - width) / 2;
        const y = Math.floor(cell / 2) * (A4_HEIGHT / 2) + (A4_HEIGHT / 2 - height) / 2;
        cutMarks(doc, x, y, width, height);
        doc.save().translate(x, y).scale(A4_LABEL_SCALE);
        drawLabel(doc, prepared, index);
        doc.restore();
      }
    }
    doc.end();
  };
  draw().catch((err: unknown) => doc.destroy(err as Error));
  return doc;
}
