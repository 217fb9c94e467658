/**
 * The 4x6 inch shipping label (288 x 432 pt, the size thermal label printers take), one page
 * per parcel. Everything is drawn at fixed positions: a label is read at arm's length by a
 * driver and a scanner, so the recipient and the barcode must always land in the same place.
 */

import { SERVICE_TYPES } from '../../../domain/reference-data';
import type { ServiceType } from '../../../domain/services';
import { renderCode128, TRACKING_NUMBER_PATTERN } from './barcode';
import { drawDropOffPoint, type LabelDropOffPoint } from './dropoff';
import { DocumentDataError } from './errors';
import { countryName, formatCalendarDate, formatDimensionsCm, formatKg } from './format';
import { createPdf, FONT_BOLD, fitLine, type Pdf, type RenderOptions, renderToBuffer } from './pdf';
import { renderQrPng } from './qr';
import type { Address } from './types';

export type { Address };

export type LabelParcel = { weightKg: number; lengthCm: number; widthCm: number; heightCm: number };

export type LabelData = {
  /** The reference people see, already formatted: '#' and the last 8 characters of the id. */
  reference: string;
  /** Encoded as Code 128; see TRACKING_NUMBER_PATTERN for what is accepted. */
  trackingNumber: string;
  serviceName: string;
  vendorName: string;
  serviceType: ServiceType;
  /** YYYY-MM-DD, the UK calendar day of collection. */
  collectionDate: string;
  /** YYYY-MM-DD, the estimated delivery day the order carries; null when it has none. */
  estimatedDelivery: string | null;
  /** The collection address. */
  sender: Address;
  /** The delivery address. */
  recipient: Address;
  /** One label page is printed for each parcel. */
  parcels: LabelParcel[];
  /** The order's chargeable weight (all parcels), as priced. */
  chargeableWeightKg: number;
  /** The public tracking page; printed as a QR code the recipient or driver can scan. */
  trackingUrl?: string | null | undefined;
  /** The public tracking code, printed in the brand bar: what `/track` accepts when typed. */
  trackingCode?: string | null | undefined;
  /** Where the sender hands the parcel over, when it is not collected. */
  dropOffPoint?: LabelDropOffPoint | null | undefined;
};

export const LABEL_SIZE_PT: [number, number] = [288, 432];

const [PAGE_WIDTH] = LABEL_SIZE_PT;
const MARGIN = 10;
const INNER_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CAPTION = { size: 6.5, font: FONT_BOLD, color: '#444444' } as const;

/** Code 128 needs a blank quiet zone of 10 modules either side or scanners miss the start bar. */
const QUIET_ZONE_MODULES = 10;
/** 1.5 pt (0.53 mm) bars are plenty for any scanner; wider only wastes label space. */
const MAX_MODULE_PT = 1.5;
const BARCODE_HEIGHT = 52;
/** 56 pt (20 mm) square beside the sender: a phone reads a version 3-4 symbol at that size. */
const QR_SIZE = 56;

function serviceTypeLabel(serviceType: ServiceType): string {
  return SERVICE_TYPES.find((type) => type.value === serviceType)?.label ?? serviceType;
}

function rule(doc: Pdf, y: number, weight = 1): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(PAGE_WIDTH - MARGIN, y)
    .lineWidth(weight)
    .strokeColor('#000000')
    .stroke();
}

function streetLine(address: Address): string {
  return address.line2 ? `${address.line1}, ${address.line2}` : address.line1;
}

function drawSender(doc: Pdf, sender: Address, top: number, width = INNER_WIDTH): void {
  fitLine(doc, 'FROM', MARGIN, top, width, CAPTION);
  const lines = [
    streetLine(sender),
    [sender.town, sender.county].filter(Boolean).join(', '),
    `${sender.postcode.toUpperCase()}, ${countryName(sender.country)}`,
    `Tel ${sender.phone}`,
  ];
  fitLine(doc, sender.name, MARGIN, top + 9, width, { font: FONT_BOLD, size: 8.5, minSize: 6 });
  lines.forEach((text, index) => {
    fitLine(doc, text, MARGIN, top + 20 + index * 10, width, { size: 8, minSize: 6 });
  });
}

/** The delivery address in large type: it is what the driver reads at the door. */
function drawRecipient(doc: Pdf, recipient: Address, top: number): void {
  fitLine(doc, 'DELIVER TO', MARGIN, top, INNER_WIDTH, { ...CAPTION, size: 7.5 });
  let y = top + 11;
  fitLine(doc, recipient.name, MARGIN, y, INNER_WIDTH, { font: FONT_BOLD, size: 16, minSize: 10 });
  y += 21;
  const street = [recipient.line1, recipient.line2, recipient.town, recipient.county].filter(
    (line): line is string => Boolean(line),
  );
  for (const line of street) {
    fitLine(doc, line, MARGIN, y, INNER_WIDTH, { size: 13, minSize: 9 });
    y += 16;
  }
  fitLine(doc, recipient.postcode.toUpperCase(), MARGIN, y, INNER_WIDTH, {
    font: FONT_BOLD,
    size: 24,
    minSize: 14,
  });
  y += 27;
  fitLine(doc, countryName(recipient.country).toUpperCase(), MARGIN, y, INNER_WIDTH, {
    font: FONT_BOLD,
    size: 13,
    minSize: 9,
  });
  y += 16;
  fitLine(doc, `Tel ${recipient.phone}`, MARGIN, y, INNER_WIDTH, { size: 9, minSize: 7 });
}

/** Everything that would stop the label being drawn, checked without drawing it. */
export function validate(label: LabelData): void {
  if (!TRACKING_NUMBER_PATTERN.test(label.trackingNumber)) {
    throw new DocumentDataError(
      'trackingNumber',
      'must be 1 to 40 printable ASCII characters to be encoded as a Code 128 barcode',
    );
  }
  formatCalendarDate(label.collectionDate, 'collectionDate');
  if (label.estimatedDelivery) formatCalendarDate(label.estimatedDelivery, 'estimatedDelivery');
  if (label.parcels.length === 0) {
    throw new DocumentDataError('parcels', 'a label needs at least one parcel');
  }
  label.parcels.forEach((parcel, index) => {
    for (const key of ['weightKg', 'lengthCm', 'widthCm', 'heightCm'] as const) {
      const value = parcel[key];
      if (!Number.isFinite(value) || value <= 0) {
        throw new DocumentDataError(`parcels.${index}.${key}`, 'must be a positive number');
      }
    }
  });
  if (!Number.isFinite(label.chargeableWeightKg) || label.chargeableWeightKg <= 0) {
    throw new DocumentDataError('chargeableWeightKg', 'must be a positive number');
  }
}

/** "ABCDEFGH2345" -> "ABCD EFGH 2345": read off a label and typed back, groups of four are easier. */
export function groupTrackingCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/** What drawing a label needs besides its data: the barcode and QR images, the formatted dates. */
export type PreparedLabel = {
  label: LabelData;
  collection: string;
  delivery: string;
  barcodeSrc: string;
  barcodeWidth: number;
  qrSrc: string | null;
};

/** Checks the data and renders the label's images: every parcel's page shares them. */
export async function prepareLabel(label: LabelData): Promise<PreparedLabel> {
  validate(label);
  const collection = formatCalendarDate(label.collectionDate, 'collectionDate');
  const delivery = label.estimatedDelivery
    ? formatCalendarDate(label.estimatedDelivery, 'estimatedDelivery')
    : 'Not set';
  const barcode = await renderCode128(label.trackingNumber);
  const moduleWidth = Math.min(MAX_MODULE_PT, INNER_WIDTH / (barcode.modules + 2 * QUIET_ZONE_MODULES));
  return {
    label,
    collection,
    delivery,
    // A data URL (rather than the Buffer) lets pdfkit embed the image once and reuse it on
    // every page: its image registry is keyed by string sources only.
    barcodeSrc: `data:image/png;base64,${barcode.png.toString('base64')}`,
    barcodeWidth: barcode.modules * moduleWidth,
    qrSrc: label.trackingUrl
      ? `data:image/png;base64,${(await renderQrPng(label.trackingUrl)).toString('base64')}`
      : null,
  };
}

/**
 * Draws one parcel's label in the 288 x 432 pt box at the current origin (a 4x6 page, or a
 * quarter of an A4 sheet, scaled by the caller).
 */
export function drawLabel(doc: Pdf, prepared: PreparedLabel, index: number): void {
  const { label, collection, delivery, barcodeSrc, barcodeWidth, qrSrc } = prepared;
  const parcel = label.parcels[index] as LabelParcel;
  const total = label.parcels.length;

  // Brand bar with the parcel count where a sorter sees it first.
  doc.rect(0, 0, PAGE_WIDTH, 30).fill('#000000');
  fitLine(doc, 'Consign', MARGIN, 7, 74, { font: FONT_BOLD, size: 17, color: '#FFFFFF' });
  if (label.trackingCode) {
    fitLine(doc, 'TRACK', 88, 5, 110, { ...CAPTION, size: 6, color: '#FFFFFF' });
    fitLine(doc, groupTrackingCode(label.trackingCode), 88, 13, 112, {
      font: FONT_BOLD,
      size: 10,
      minSize: 7,
      color: '#FFFFFF',
    });
  }
  fitLine(
    doc,
    `Parcel ${index + 1} of ${total}`,
    204,
    10,
    PAGE_WIDTH - 204 - MARGIN,
    { font: FONT_BOLD, size: 11, minSize: 7, color: '#FFFFFF' },
    'right',
  );

  // The sender's lines make room for the code at the top right, where no other field is read,
  // and share their width with the drop-off point when there is one.
  const topWidth = qrSrc ? INNER_WIDTH - QR_SIZE - 8 : INNER_WIDTH;
  if (label.dropOffPoint) {
    const half = (topWidth - 6) / 2;
    drawSender(doc, label.sender, 36, half);
    drawDropOffPoint(doc, label.dropOffPoint, MARGIN + half + 6, 36, half);
  } else {
    drawSender(doc, label.sender, 36, topWidth);
  }
  if (qrSrc) doc.image(qrSrc, PAGE_WIDTH - MARGIN - QR_SIZE, 38, { width: QR_SIZE, height: QR_SIZE });
  rule(doc, 98, 1.5);
  drawRecipient(doc, label.recipient, 103);
  rule(doc, 268, 1.5);

  const left = { x: MARGIN, width: 160 };
  const right = { x: MARGIN + 168, width: INNER_WIDTH - 168 };
  fitLine(doc, 'SERVICE', left.x, 272, left.width, CAPTION);
  fitLine(doc, label.serviceName, left.x, 281, left.width, { font: FONT_BOLD, size: 11, minSize: 7 });
  fitLine(doc, `by ${label.vendorName}`, left.x, 295, left.width, { size: 8, minSize: 6 });
  fitLine(doc, serviceTypeLabel(label.serviceType), left.x, 305, left.width, { size: 8, minSize: 6 });
  fitLine(doc, 'CHARGEABLE WEIGHT', right.x, 272, right.width, CAPTION);
  fitLine(doc, formatKg(label.chargeableWeightKg), right.x, 281, right.width, {
    font: FONT_BOLD,
    size: 11,
    minSize: 7,
  });
  fitLine(doc, `This parcel ${formatKg(parcel.weightKg)}`, right.x, 295, right.width, {
    size: 8,
    minSize: 6,
  });
  fitLine(
    doc,
    formatDimensionsCm(parcel.lengthCm, parcel.widthCm, parcel.heightCm),
    right.x,
    305,
    right.width,
    { size: 8, minSize: 6 },
  );
  rule(doc, 318);

  // Order, collection and delivery side by side: the same dates the customer was shown.
  const order = { x: left.x, width: 84 };
  const collected = { x: left.x + 88, width: left.width - 88 };
  fitLine(doc, 'ORDER', order.x, 322, order.width, CAPTION);
  fitLine(doc, label.reference, order.x, 331, order.width, { font: FONT_BOLD, size: 12, minSize: 7 });
  fitLine(doc, 'COLLECTION', collected.x, 322, collected.width, CAPTION);
  fitLine(doc, collection, collected.x, 331, collected.width, { font: FONT_BOLD, size: 11, minSize: 7 });
  fitLine(doc, 'EST. DELIVERY', right.x, 322, right.width, CAPTION);
  fitLine(doc, delivery, right.x, 331, right.width, { font: FONT_BOLD, size: 11, minSize: 7 });
  rule(doc, 350);

  doc.image(barcodeSrc, (PAGE_WIDTH - barcodeWidth) / 2, 357, {
    width: barcodeWidth,
    height: BARCODE_HEIGHT,
  });
  fitLine(
    doc,
    label.trackingNumber,
    MARGIN,
    412,
    INNER_WIDTH,
    { font: FONT_BOLD, size: 11, minSize: 7 },
    'center',
  );
}

export function labelInfo(label: LabelData) {
  return {
    title: `Shipping label ${label.reference}`,
    subject: `${label.serviceName} by ${label.vendorName}, tracking number ${label.trackingNumber}`,
    keywords: `${label.trackingNumber} ${label.reference}`,
  };
}

/**
 * Renders the label PDF. The tracking number is one per order, so every parcel's page carries
 * the same barcode and says which parcel of how many it is.
 */
export async function renderLabelPdf(label: LabelData, options: RenderOptions = {}): Promise<Buffer> {
  const prepared = await prepareLabel(label);
  const doc = createPdf(LABEL_SIZE_PT, labelInfo(label), options);
  return renderToBuffer(doc, () => {
    label.parcels.forEach((_parcel, index) => {
      doc.addPage({ size: LABEL_SIZE_PT, margin: 0 });
      drawLabel(doc, prepared, index);
    });
  });
}
