/**
 * The label's QR code of the public tracking page, drawn by `qrcode` (the widely used
 * implementation of ISO/IEC 18004). Medium error correction survives a scuffed label; the
 * four-module quiet zone is part of the image, as scanners need it.
 */
import QRCode from 'qrcode';

/** Pixels per module in the PNG; the PDF scales the image, so this only sets crispness. */
const MODULE_PX = 4;

export function renderQrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: MODULE_PX,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
}

/** The same code as SVG, for pages (the booking confirmation's printerless drop-off code). */
export function renderQrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
