/**
 * The label's QR code of the public tracking page, encoded by `qrcode` (the widely used
 * implementation of ISO/IEC 18004). Medium error correction survives a scuffed label; the
 * four-module quiet zone is part of the image, as scanners need it.
 */
import QRCode from 'qrcode';
import { monochromePng } from './png';

/** Pixels per module in the PNG; the PDF scales the image, so this only sets crispness. */
const MODULE_PX = 4;
const QUIET_ZONE = 4;

export async function renderQrPng(text: string): Promise<Buffer> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = modules.size + 2 * QUIET_ZONE;
  return monochromePng(
    side,
    side,
    (x, y) => {
      const col = x - QUIET_ZONE;
      const row = y - QUIET_ZONE;
      return col >= 0 && row >= 0 && col < modules.size && row < modules.size && modules.get(row, col) === 1;
    },
    MODULE_PX,
  );
}

/** The same code as SVG, for pages (the booking confirmation's printerless drop-off code). */
export function renderQrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
