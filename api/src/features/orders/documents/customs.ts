/**
 * The customs declaration for international orders: an A4 CN 23-style form that also carries
 * the commercial-invoice details customs need (parties with EORI numbers, reason for export,
 * itemised contents with HS codes, values and country of manufacture, totals, declaration).
 * One document serves both purposes so the sender prints one thing and attaches it outside
 * the parcel.
 */
import type { Currency } from '../../../domain/money';
import {
  DOCUMENT_TYPES,
  type DocumentType,
  EXPORT_REASONS,
  type ExportReason,
  PARTY_KINDS,
  type PartyKind,
} from '../../../domain/reference-data';
import { DocumentDataError } from './errors';
import { countryName, formatCalendarDate, formatKg, formatMinorUnits, lineValue } from './format';
import {
  createPdf,
  FONT_BOLD,
  fitLine,
  type Pdf,
  type RenderOptions,
  renderToBuffer,
  type TextStyle,
  wrappedHeight,
  wrapText,
} from './pdf';
import type { Address } from './types';

export type CustomsParty = Address & {
  type: PartyKind;
  companyName?: string | null;
  eori?: string | null;
};

export type CustomsItem = {
  description: string;
  /** Harmonized System / commodity code, 6 to 10 digits. */
  hsCode: string;
  quantity: number;
  /** Minor units of `CustomsData.currency`. */
  unitValue: number;
  /** ISO 3166-1 alpha-2 country of manufacture. */
  originCountry: string;
};

export type CustomsData = {
  /** Invoice number: the order reference people see ('#' and 8 characters). */
  reference: string;
  /** YYYY-MM-DD. */
  invoiceDate: string;
  documentType: DocumentType;
  reasonForExport: ExportReason;
  currency: Currency;
  sender: CustomsParty;
  recipient: CustomsParty;
  items: CustomsItem[];
  totalGrossWeightKg: number;
  parcelCount?: number;
  trackingNumber?: string | null;
  serviceName?: string;
  vendorName?: string;
};

/** pdfkit's A4, in points. */
export const A4_SIZE_PT: [number, number] = [595.28, 841.89];

const [PAGE_WIDTH, PAGE_HEIGHT] = A4_SIZE_PT;
const MARGIN = 36;
const INNER_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Content stops here; the footer lives below. */
const CONTENT_BOTTOM = PAGE_HEIGHT - 48;
const PAD = 4;
const GREY = '#555555';
const LINE_GREY = '#BBBBBB';

const CAPTION: TextStyle = { font: FONT_BOLD, size: 6.5, color: GREY };
const VALUE: TextStyle = { size: 9, minSize: 6.5 };
const CELL: TextStyle = { size: 8 };
const MAX_DESCRIPTION_LINES = 5;

export const CUSTOMS_DECLARATION_TEXT =
  'I certify that the particulars given in this customs declaration are correct and that this ' +
  'item does not contain any dangerous article or articles prohibited by legislation or by ' +
  'postal or customs regulations.';

/** Text columns wrap; codes, counts and amounts stay on one line and shrink to fit instead. */
type Column = { key: string; title: string; width: number; align: 'left' | 'right'; wrap: boolean };

// The widths add up to the printable width (523.28 pt); descriptions get what is left.
const COLUMNS: Column[] = [
  { key: 'no', title: 'No.', width: 24, align: 'left', wrap: false },
  { key: 'description', title: 'Description of contents', width: 0, align: 'left', wrap: true },
  { key: 'hsCode', title: 'HS code', width: 62, align: 'left', wrap: false },
  { key: 'quantity', title: 'Qty', width: 34, align: 'right', wrap: false },
  { key: 'unitValue', title: 'Unit value', width: 70, align: 'right', wrap: false },
  { key: 'value', title: 'Value', width: 76, align: 'right', wrap: false },
  { key: 'origin', title: 'Country of manufacture', width: 96, align: 'left', wrap: true },
];
const FIXED_WIDTH = COLUMNS.reduce((sum, column) => sum + column.width, 0);
for (const column of COLUMNS) if (column.width === 0) column.width = INNER_WIDTH - FIXED_WIDTH;

function labelOf<V extends string>(options: readonly { value: V; label: string }[], value: V): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

function validate(data: CustomsData): void {
  if (data.items.length === 0) {
    throw new DocumentDataError('items', 'a customs declaration needs at least one item');
  }
  data.items.forEach((item, index) => {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new DocumentDataError(`items.${index}.quantity`, 'must be a whole number of at least 1');
    }
    if (!Number.isSafeInteger(item.unitValue) || item.unitValue < 0) {
      throw new DocumentDataError(`items.${index}.unitValue`, 'must be whole minor units, not negative');
    }
  });
  if (!Number.isFinite(data.totalGrossWeightKg) || data.totalGrossWeightKg <= 0) {
    throw new DocumentDataError('totalGrossWeightKg', 'must be a positive number');
  }
}

type Row = { cells: string[]; values: { line: number } };

function rowsOf(data: CustomsData): Row[] {
  return data.items.map((item, index) => {
    const line = lineValue(item.unitValue, item.quantity);
    return {
      values: { line },
      cells: [
        String(index + 1),
        item.description,
        item.hsCode,
        String(item.quantity),
        formatMinorUnits(item.unitValue, data.currency),
        formatMinorUnits(line, data.currency),
        `${countryName(item.originCountry)} (${item.originCountry.toUpperCase()})`,
      ],
    };
  });
}

/** A boxed cell with a small caption above its value, like the fields of a printed form. */
function field(
  doc: Pdf,
  caption: string,
  value: string,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  doc.rect(x, y, width, height).lineWidth(0.75).strokeColor('#000000').stroke();
  fitLine(doc, caption, x + PAD, y + PAD, width - 2 * PAD, CAPTION);
  fitLine(doc, value, x + PAD, y + PAD + 10, width - 2 * PAD, { ...VALUE, font: FONT_BOLD });
}

function drawParty(doc: Pdf, title: string, party: CustomsParty, x: number, y: number, width: number): void {
  const height = 138;
  doc.rect(x, y, width, height).lineWidth(0.75).strokeColor('#000000').stroke();
  const inner = width - 2 * PAD;
  fitLine(doc, title, x + PAD, y + PAD, inner, { ...CAPTION, color: '#000000', size: 7.5 });
  const lines: [string, TextStyle][] = [
    [labelOf(PARTY_KINDS, party.type), { ...VALUE, font: FONT_BOLD }],
    ...(party.companyName
      ? ([[party.companyName, { ...VALUE, font: FONT_BOLD }]] as [string, TextStyle][])
      : []),
    [party.name, party.companyName ? VALUE : { ...VALUE, font: FONT_BOLD }],
    [party.line2 ? `${party.line1}, ${party.line2}` : party.line1, VALUE],
    [[party.town, party.county].filter(Boolean).join(', '), VALUE],
    [`${party.postcode.toUpperCase()}, ${countryName(party.country)}`, VALUE],
    [`Tel ${party.phone}`, VALUE],
    [`Email ${party.email}`, VALUE],
    [party.eori ? `EORI ${party.eori}` : 'EORI not provided', { ...VALUE, font: FONT_BOLD }],
  ];
  lines.forEach(([text, style], index) => {
    fitLine(doc, text, x + PAD, y + PAD + 12 + index * 13, inner, style);
  });
}

function drawTableHeader(doc: Pdf, y: number): number {
  const height = 22;
  doc.rect(MARGIN, y, INNER_WIDTH, height).fill('#E6E6E6');
  let x = MARGIN;
  for (const column of COLUMNS) {
    wrapText(
      doc,
      column.title,
      x + PAD,
      y + 3,
      column.width - 2 * PAD,
      { font: FONT_BOLD, size: 7 },
      2,
      column.align,
    );
    x += column.width;
  }
  return y + height;
}

function rowHeight(doc: Pdf, row: Row): number {
  const heights = COLUMNS.map((column, index) =>
    wrappedHeight(
      doc,
      row.cells[index] ?? '',
      column.width - 2 * PAD,
      CELL,
      column.wrap ? MAX_DESCRIPTION_LINES : 1,
    ),
  );
  return Math.max(...heights) + 2 * PAD;
}

function drawRow(doc: Pdf, row: Row, y: number, height: number): void {
  let x = MARGIN;
  COLUMNS.forEach((column, index) => {
    const text = row.cells[index] ?? '';
    const width = column.width - 2 * PAD;
    if (column.wrap) wrapText(doc, text, x + PAD, y + PAD, width, CELL, MAX_DESCRIPTION_LINES, column.align);
    else fitLine(doc, text, x + PAD, y + PAD, width, { ...CELL, minSize: 5.5 }, column.align);
    x += column.width;
  });
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + INNER_WIDTH, y + height)
    .lineWidth(0.5)
    .strokeColor(LINE_GREY)
    .stroke();
}

function drawTitle(doc: Pdf, documentType: string): void {
  fitLine(doc, 'Consign', MARGIN, MARGIN, 150, { font: FONT_BOLD, size: 18 });
  fitLine(
    doc,
    'CUSTOMS DECLARATION CN 23',
    MARGIN + 160,
    MARGIN,
    INNER_WIDTH - 160,
    { font: FONT_BOLD, size: 14 },
    'right',
  );
  fitLine(
    doc,
    documentType,
    MARGIN + 160,
    MARGIN + 19,
    INNER_WIDTH - 160,
    { font: FONT_BOLD, size: 11 },
    'right',
  );
}

/** Continuation pages repeat who and what the form is about, then the table header. */
function drawContinuationTitle(doc: Pdf, data: CustomsData, documentType: string): number {
  fitLine(doc, `CN 23 ${documentType} ${data.reference} (continued)`, MARGIN, MARGIN, INNER_WIDTH, {
    font: FONT_BOLD,
    size: 11,
  });
  return MARGIN + 24;
}

export async function renderCustomsPdf(data: CustomsData, options: RenderOptions = {}): Promise<Buffer> {
  validate(data);
  const invoiceDate = formatCalendarDate(data.invoiceDate, 'invoiceDate');
  const documentType = labelOf(DOCUMENT_TYPES, data.documentType);
  const reason = labelOf(EXPORT_REASONS, data.reasonForExport);
  const rows = rowsOf(data);
  const totalValue = rows.reduce((sum, row) => sum + row.values.line, 0);
  if (!Number.isSafeInteger(totalValue)) throw new DocumentDataError('items', 'total value is too large');
  const totalQuantity = data.items.reduce((sum, item) => sum + item.quantity, 0);

  const doc = createPdf(
    'A4',
    {
      title: `Customs declaration CN 23 ${data.reference}`,
      subject: `${documentType} for order ${data.reference}`,
      keywords: [data.reference, data.trackingNumber].filter(Boolean).join(' '),
    },
    options,
  );

  return renderToBuffer(doc, () => {
    doc.addPage({ size: A4_SIZE_PT, margin: 0 });
    drawTitle(doc, documentType);

    // Invoice facts in one row of boxes.
    const factsY = MARGIN + 40;
    const factWidth = INNER_WIDTH / 4;
    field(doc, 'Invoice number', data.reference, MARGIN, factsY, factWidth, 30);
    field(doc, 'Invoice date', invoiceDate, MARGIN + factWidth, factsY, factWidth, 30);
    field(doc, 'Currency', data.currency, MARGIN + 2 * factWidth, factsY, factWidth, 30);
    field(
      doc,
      'Tracking number',
      data.trackingNumber || 'Not yet assigned',
      MARGIN + 3 * factWidth,
      factsY,
      factWidth,
      30,
    );

    const partiesY = factsY + 38;
    const partyWidth = (INNER_WIDTH - 8) / 2;
    drawParty(doc, 'FROM: SENDER (EXPORTER)', data.sender, MARGIN, partiesY, partyWidth);
    drawParty(doc, 'TO: RECIPIENT (IMPORTER)', data.recipient, MARGIN + partyWidth + 8, partiesY, partyWidth);

    const shipmentY = partiesY + 146;
    const service = [data.serviceName, data.vendorName && `by ${data.vendorName}`].filter(Boolean).join(' ');
    field(doc, 'Reason for export', reason, MARGIN, shipmentY, factWidth, 30);
    field(doc, 'Document type', documentType, MARGIN + factWidth, shipmentY, factWidth, 30);
    field(doc, 'Service', service || 'Not stated', MARGIN + 2 * factWidth, shipmentY, factWidth, 30);
    field(
      doc,
      'Number of parcels',
      String(data.parcelCount ?? 1),
      MARGIN + 3 * factWidth,
      shipmentY,
      factWidth,
      30,
    );

    let y = drawTableHeader(doc, shipmentY + 42);
    const newPage = (withTableHeader: boolean) => {
      doc.addPage({ size: A4_SIZE_PT, margin: 0 });
      y = drawContinuationTitle(doc, data, documentType);
      if (withTableHeader) y = drawTableHeader(doc, y);
    };
    for (const row of rows) {
      const height = rowHeight(doc, row);
      if (y + height > CONTENT_BOTTOM) newPage(true);
      drawRow(doc, row, y, height);
      y += height;
    }

    const totalsHeight = 58;
    if (y + 8 + totalsHeight > CONTENT_BOTTOM) newPage(false);
    y += 8;
    const totalsX = MARGIN + INNER_WIDTH - 240;
    const totals: [string, string][] = [
      ['Total quantity', String(totalQuantity)],
      [`Total value (${data.currency})`, formatMinorUnits(totalValue, data.currency)],
      ['Total gross weight', formatKg(data.totalGrossWeightKg)],
    ];
    doc.rect(totalsX, y, 240, totalsHeight).lineWidth(0.75).strokeColor('#000000').stroke();
    totals.forEach(([caption, value], index) => {
      const lineY = y + PAD + 2 + index * 17;
      fitLine(doc, caption, totalsX + PAD, lineY, 120, { size: 9 });
      fitLine(doc, value, totalsX + 124, lineY, 112, { font: FONT_BOLD, size: 10, minSize: 7 }, 'right');
    });
    y += totalsHeight + 12;

    // Caption, text, a gap, the signature line and padding.
    const declarationHeight =
      PAD +
      12 +
      wrappedHeight(doc, CUSTOMS_DECLARATION_TEXT, INNER_WIDTH - 2 * PAD, { size: 8.5 }, 6) +
      14 +
      22;
    if (y + declarationHeight > CONTENT_BOTTOM) newPage(false);
    doc.rect(MARGIN, y, INNER_WIDTH, declarationHeight).lineWidth(0.75).strokeColor('#000000').stroke();
    fitLine(doc, 'DECLARATION', MARGIN + PAD, y + PAD, INNER_WIDTH, {
      ...CAPTION,
      color: '#000000',
      size: 7.5,
    });
    const textHeight = wrapText(
      doc,
      CUSTOMS_DECLARATION_TEXT,
      MARGIN + PAD,
      y + PAD + 12,
      INNER_WIDTH - 2 * PAD,
      {
        size: 8.5,
      },
    );
    const signY = y + PAD + 12 + textHeight + 14;
    const third = (INNER_WIDTH - 2 * PAD) / 3;
    fitLine(
      doc,
      `Place and date: ${data.sender.town}, ${invoiceDate}`,
      MARGIN + PAD,
      signY,
      third - 8,
      VALUE,
    );
    fitLine(doc, `Name: ${data.sender.name}`, MARGIN + PAD + third, signY, third - 8, VALUE);
    fitLine(doc, 'Signature:', MARGIN + PAD + 2 * third, signY, 50, VALUE);
    // A blank line to sign on: the declaration is signed by hand after printing.
    doc
      .moveTo(MARGIN + PAD + 2 * third + 48, signY + 10)
      .lineTo(MARGIN + INNER_WIDTH - PAD, signY + 10)
      .lineWidth(0.75)
      .strokeColor('#000000')
      .stroke();

    // Page numbers last, when the page count is known.
    const range = doc.bufferedPageRange();
    for (let index = 0; index < range.count; index++) {
      doc.switchToPage(range.start + index);
      fitLine(
        doc,
        `Consign  |  CN 23 ${data.reference}  |  Page ${index + 1} of ${range.count}`,
        MARGIN,
        PAGE_HEIGHT - 36,
        INNER_WIDTH,
        { size: 7, color: GREY },
        'center',
      );
    }
  });
}
