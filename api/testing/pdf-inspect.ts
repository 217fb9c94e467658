/**
 * Test-only: reads back what the document renderers drew, using pdf-lib. The API's document
 * tests and the browser tests (which read the label a customer downloads) share it, so it lives
 * outside api/src and is exported as @consign/api/testing/pdf-inspect.
 *
 * Why parse the content streams instead of checking metadata or rendering with
 * `compress: false`: the tests then look at the exact bytes production serves (compressed,
 * as a printer receives them) and at the text that is actually painted on each page, so a
 * field that is dropped from the layout fails the test even if it is still in the metadata.
 * pdfkit writes each line of text with the standard fonts as hex-encoded WinAnsi strings in
 * `[<hex> kerning <hex>] TJ` arrays; joining the hex parts of one array gives back the line.
 */
import { inflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  type PDFRef,
} from 'pdf-lib';
import { decodeCode128Row } from './code128';

// WinAnsi bytes 0x80-0x9F that differ from Latin-1.
const WIN_ANSI_HIGH: Readonly<Record<number, string>> = {
  128: '€',
  130: '‚',
  131: 'ƒ',
  132: '„',
  133: '…',
  134: '†',
  135: '‡',
  136: 'ˆ',
  137: '‰',
  138: 'Š',
  139: '‹',
  140: 'Œ',
  142: 'Ž',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
  152: '˜',
  153: '™',
  154: 'š',
  155: '›',
  156: 'œ',
  158: 'ž',
  159: 'Ÿ',
};

export function decodeWinAnsiHex(hex: string): string {
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = Number.parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte);
  }
  return out;
}

/** Every text-showing operation of a content stream, in drawing order. */
export function extractTextRuns(content: string): string[] {
  const runs: string[] = [];
  const operator = /\[((?:\s*(?:<[0-9a-fA-F]*>|-?\d+(?:\.\d+)?))*)\s*\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
  for (const match of content.matchAll(operator)) {
    if (match[1] !== undefined) {
      const hexParts = [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1] ?? '');
      runs.push(decodeWinAnsiHex(hexParts.join('')));
    } else {
      runs.push(decodeWinAnsiHex(match[2] ?? ''));
    }
  }
  return runs;
}

export type InspectedImage = { width: number; height: number; alpha?: Uint8Array; pixels: Uint8Array };

export type InspectedPage = {
  width: number;
  height: number;
  /** The text runs painted on the page, in drawing order. */
  runs: string[];
  /** All runs joined by newlines, for `toContain` checks. */
  text: string;
  /** The page's decoded content stream (its drawing operators), for checks of what is drawn. */
  content: string;
  images: InspectedImage[];
};

export type InspectedPdf = { pdf: PDFDocument; pages: InspectedPage[] };

function streamBytes(stream: PDFRawStream): Uint8Array {
  return decodePDFRawStream(stream).decode();
}

function pageContent(pdf: PDFDocument, contents: unknown): string {
  const streams: PDFRawStream[] = [];
  const collect = (object: unknown) => {
    const resolved =
      object instanceof PDFArray || object instanceof PDFRawStream
        ? object
        : pdf.context.lookup(object as PDFRef);
    if (resolved instanceof PDFRawStream) streams.push(resolved);
    else if (resolved instanceof PDFArray) resolved.asArray().forEach(collect);
  };
  collect(contents);
  return streams.map((stream) => Buffer.from(streamBytes(stream)).toString('latin1')).join('\n');
}

function numberOf(dict: PDFDict, key: string): number {
  const value = dict.lookup(PDFName.of(key));
  if (!(value instanceof PDFNumber)) throw new Error(`image has no /${key}`);
  return value.asNumber();
}

/** The PNG predictor's filters (PDF Predictor 10-15): each row starts with its filter type. */
function unpredict(data: Uint8Array, columns: number, colors: number): Uint8Array {
  const stride = columns * colors;
  const rows = data.length / (stride + 1);
  const out = new Uint8Array(rows * stride);
  for (let y = 0; y < rows; y++) {
    const type = data[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const raw = data[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= colors ? (out[y * stride + x - colors] ?? 0) : 0;
      const up = y > 0 ? (out[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= colors ? (out[(y - 1) * stride + x - colors] ?? 0) : 0;
      let value = raw;
      if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + Math.floor((left + up) / 2);
      else if (type === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      }
      out[y * stride + x] = value & 0xff;
    }
  }
  return out;
}

/**
 * 8-bit samples of a Flate image, as RGB triples whatever the image's colour space: pdfkit
 * writes RGBA PNGs unpredicted (colour and mask apart) and greyscale PNGs as they are, with the
 * PNG predictor.
 */
function imageSamples(stream: PDFRawStream): Uint8Array {
  const inflated = new Uint8Array(inflateSync(stream.contents));
  const params = stream.dict.lookup(PDFName.of('DecodeParms'));
  const colorSpace = stream.dict.lookup(PDFName.of('ColorSpace'));
  const colors = colorSpace === PDFName.of('DeviceGray') ? 1 : 3;
  const samples =
    params instanceof PDFDict ? unpredict(inflated, numberOf(params, 'Columns'), colors) : inflated;
  if (colors === 3) return samples;
  const rgb = new Uint8Array(samples.length * 3);
  samples.forEach((value, i) => {
    rgb.fill(value, i * 3, i * 3 + 3);
  });
  return rgb;
}

function pageImages(pdf: PDFDocument, resources: PDFDict | undefined): InspectedImage[] {
  const xObjects = resources?.lookup(PDFName.of('XObject'));
  if (!(xObjects instanceof PDFDict)) return [];
  const images: InspectedImage[] = [];
  for (const ref of xObjects.values()) {
    const stream = pdf.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    if (stream.dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const mask = stream.dict.lookup(PDFName.of('SMask'));
    images.push({
      width: numberOf(stream.dict, 'Width'),
      height: numberOf(stream.dict, 'Height'),
      pixels: imageSamples(stream),
      ...(mask instanceof PDFRawStream ? { alpha: new Uint8Array(inflateSync(mask.contents)) } : {}),
    });
  }
  return images;
}

export async function inspectPdf(bytes: Uint8Array): Promise<InspectedPdf> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = pdf.getPages().map((page) => {
    const { width, height } = page.getSize();
    const content = pageContent(pdf, page.node.get(PDFName.of('Contents')));
    const runs = extractTextRuns(content);
    return {
      width,
      height,
      content,
      runs,
      text: runs.join('\n'),
      images: pageImages(pdf, page.node.Resources()),
    };
  });
  return { pdf, pages };
}

/**
 * Reads the Code 128 symbol in an embedded image along its middle row. bwip-js draws black bars
 * on a transparent background, so pdfkit stores the bars in the soft mask (alpha 255 = bar).
 */
export function readBarcode(image: InspectedImage): string {
  const row = Math.floor(image.height / 2);
  const bars: boolean[] = [];
  for (let x = 0; x < image.width; x++) {
    const index = row * image.width + x;
    bars.push(image.alpha ? (image.alpha[index] ?? 0) > 127 : (image.pixels[index * 3] ?? 255) < 128);
  }
  return decodeCode128Row(bars);
}
