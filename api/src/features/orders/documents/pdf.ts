/**
 * The one place the documents create a pdfkit document and collect it into a Buffer.
 */
import PDFDocument from 'pdfkit';
import { toWinAnsi } from './text';

export type RenderOptions = {
  /**
   * The PDF's CreationDate. pdfkit would otherwise stamp the current time, and because it also
   * derives the file ID from the document info, two renders of the same data would differ in
   * bytes. Routes pass the request clock (`deps.now()`); tests pass a fixed date and get
   * byte-identical output.
   */
  creationDate?: Date;
};

export type PdfInfo = { title: string; subject: string; keywords?: string };

export type PdfPageSize = [width: number, height: number];

export function createPdf(
  size: PdfPageSize | 'A4',
  info: PdfInfo,
  options: RenderOptions,
  layout: { bufferPages?: boolean } = {},
) {
  return new PDFDocument({
    size,
    // Layout is done with explicit coordinates; zero margins stop pdfkit from starting a new
    // page on its own when a line is drawn near the bottom edge.
    margin: 0,
    // Pages are kept until the end so that "Page 1 of N" can be written once N is known.
    bufferPages: layout.bufferPages ?? true,
    autoFirstPage: false,
    lang: 'en-GB',
    info: {
      // The info dictionary is written as UTF-16, so it keeps the data exactly as given
      // (unlike the page text, which the standard fonts limit to WinAnsi).
      Title: info.title,
      Author: 'Consign',
      Subject: info.subject,
      ...(info.keywords ? { Keywords: info.keywords } : {}),
      Creator: 'Consign',
      Producer: 'Consign (pdfkit)',
      CreationDate: options.creationDate ?? new Date(),
    },
  });
}

export type Pdf = ReturnType<typeof createPdf>;

/** Ends the document and resolves with its bytes; `draw` lays out every page first. */
export function renderToBuffer(doc: Pdf, draw: () => void): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw();
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

export type TextStyle = { font?: string; size: number; minSize?: number; color?: string };

export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';

/**
 * Draws one line of text inside `width` without wrapping: the font shrinks down to `minSize`
 * and, if the text still does not fit, it is cut with an ellipsis. Fixed layouts (a 4x6 label,
 * a form box) must not grow because someone typed a long street name. Returns the size used.
 */
export function fitLine(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
  align: 'left' | 'center' | 'right' = 'left',
): number {
  const safe = toWinAnsi(text);
  doc.font(style.font ?? FONT).fillColor(style.color ?? '#000000');
  let size = style.size;
  const minSize = style.minSize ?? style.size;
  doc.fontSize(size);
  while (size > minSize && doc.widthOfString(safe) > width) {
    size = Math.max(minSize, size - 0.5);
    doc.fontSize(size);
  }
  let shown = safe;
  if (doc.widthOfString(shown) > width) {
    while (shown.length > 0 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    shown = `${shown.trimEnd()}…`;
  }
  // Aligned here rather than by pdfkit: its `align` needs `width`, which switches on the line
  // wrapper, and the wrapper measures word by word (losing kerning across spaces), so a line
  // that fits by a hair could still wrap. `lineBreak: false` without a width draws it as is.
  const free = width - doc.widthOfString(shown);
  const offset = align === 'right' ? free : align === 'center' ? free / 2 : 0;
  doc.text(shown, x + offset, y, { lineBreak: false });
  return size;
}

/** Sets the font for a style and returns the WinAnsi-safe text, for measuring then drawing. */
function prepare(doc: Pdf, text: string, style: TextStyle): string {
  doc
    .font(style.font ?? FONT)
    .fontSize(style.size)
    .fillColor(style.color ?? '#000000');
  return toWinAnsi(text);
}

/** Height `wrapText` will use for the same arguments, so rows can be measured before drawing. */
export function wrappedHeight(
  doc: Pdf,
  text: string,
  width: number,
  style: TextStyle,
  maxLines: number,
): number {
  const safe = prepare(doc, text, style);
  const full = doc.heightOfString(safe, { width });
  return Math.min(full, maxLines * doc.currentLineHeight(true));
}

/**
 * Wrapped text in a column, at most `maxLines` lines (the rest is cut with an ellipsis) so a
 * single pasted essay cannot outgrow a page. Returns the height used.
 */
export function wrapText(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
  maxLines = Number.POSITIVE_INFINITY,
  align: 'left' | 'right' = 'left',
): number {
  const height = wrappedHeight(doc, text, width, style, maxLines);
  const safe = prepare(doc, text, style);
  // The half point keeps the last allowed line from being dropped by rounding in the wrapper.
  doc.text(safe, x, y, { width, height: height + 0.5, ellipsis: true, align });
  return height;
}
