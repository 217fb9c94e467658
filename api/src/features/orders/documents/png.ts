/**
 * Small black-and-white PNGs for the label's barcode and QR code. An 8-bit greyscale image with
 * no alpha channel is one pdfkit embeds as it is (its compressed rows become the PDF image), where
 * the RGBA images the barcode and QR libraries draw had to be decoded and split into colour and
 * mask on every label: a 500-label sheet spent most of its time there.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG `width` x `height` pixels, black where `dark(x, row)` for the `rows` distinct rows, each
 * drawn `scale` times in both directions (a QR module as a 4 x 4 square).
 */
export function monochromePng(
  width: number,
  rows: number,
  dark: (x: number, row: number) => boolean,
  scale = 1,
): Buffer {
  const pixelsWide = width * scale;
  const height = rows * scale;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixelsWide, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // greyscale
  // 10-12: deflate, adaptive filtering, no interlace (all zero).
  const stride = pixelsWide + 1;
  const data = Buffer.alloc(stride * height, 0xff);
  for (let row = 0; row < rows; row++) {
    const first = row * scale * stride;
    data[first] = 0; // filter type None
    for (let x = 0; x < width; x++) {
      if (dark(x, row)) data.fill(0, first + 1 + x * scale, first + 1 + (x + 1) * scale);
    }
    for (let copy = 1; copy < scale; copy++) data.copy(data, first + copy * stride, first, first + stride);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    // Two shades in long runs: the fastest level compresses them almost as well as the best.
    chunk('IDAT', deflateSync(data, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
