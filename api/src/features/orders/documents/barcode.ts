/**
 * Tracking-number barcodes. Code 128 is what carriers' handheld and sortation scanners read
 * for alphanumeric parcel IDs; bwip-js draws it (a port of Barcode Writer in Pure PostScript).
 */
import bwipjs from 'bwip-js/node';
import { DocumentDataError } from './errors';
import { monochromePng } from './png';

/**
 * Tracking numbers the label can encode: printable ASCII (Code 128 sets A/B), no leading or
 * trailing space, at most 40 characters, because a longer code on a 4-inch label would need
 * bars narrower than scanners resolve. Export it so the order schemas accept only what the
 * label can print.
 */
export const TRACKING_NUMBER_PATTERN = /^[!-~](?:[ -~]{0,38}[!-~])?$/;

export type Code128Image = { png: Buffer; modules: number };

/**
 * A PNG of the bars only, one pixel per module and one row (the PDF stretches it to the bars'
 * height): the human-readable text is drawn by the label as real PDF text, so it stays sharp and
 * can be searched and copied. `modules` is the symbol width in narrow-bar units, which the layout
 * needs to keep bars at a printable width.
 */
export async function renderCode128(text: string, field = 'trackingNumber'): Promise<Code128Image> {
  if (!TRACKING_NUMBER_PATTERN.test(text)) {
    throw new DocumentDataError(
      field,
      'must be 1 to 40 printable ASCII characters to be encoded as a Code 128 barcode',
    );
  }
  // Treat the text literally: no "^NNN" escapes, so a tracking number is encoded as typed.
  const [symbol] = bwipjs.raw('code128', text, { parse: false, parsefnc: false }) as { sbs: number[] }[];
  if (!symbol) throw new Error('bwip-js drew no Code 128 symbol');
  // Bar and space widths alternate, starting with a bar.
  const bars: boolean[] = [];
  symbol.sbs.forEach((width, index) => {
    for (let i = 0; i < width; i++) bars.push(index % 2 === 0);
  });
  return { png: monochromePng(bars.length, 1, (x) => bars[x] === true), modules: bars.length };
}
