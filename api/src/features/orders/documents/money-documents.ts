/**
 * The money papers, A4 and in the same document layer as the labels: the customer's VAT receipt
 * for a payment, a credit note for each refund (referring to the receipt), and a courier's
 * monthly statement. Plain data in, PDF bytes out; the numbers and figures come from the books.
 */
import type { Currency } from '../../../domain/money';
import { DocumentDataError } from './errors';
import { formatCalendarDate, formatMinorUnits } from './format';
import {
  createPdf,
  FONT_BOLD,
  fitLine,
  type Pdf,
  type RenderOptions,
  renderToBuffer,
  type TextStyle,
  wrapText,
} from './pdf';

const [PAGE_WIDTH, PAGE_HEIGHT] = [595.28, 841.89];
const MARGIN = 42;
const INNER = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_BOTTOM = PAGE_HEIGHT - 60;
const GREY = '#555555';
const RULE = '#BBBBBB';
const SMALL: TextStyle = { size: 8.5, color: GREY };
const BODY: TextStyle = { size: 9.5, minSize: 7 };
const BOLD: TextStyle = { font: FONT_BOLD, size: 9.5, minSize: 7 };

export type Seller = { legalName: string; address: string; vatNumber: string };

/** A line of a receipt: what was sold, its net price and the VAT on it. */
export type ReceiptLine = {
  description: string;
  net: number;
  /** Basis points: 2000 standard-rated, 0 zero-rated; null for a supply outside VAT (cover). */
  vatRateBp: number | null;
  vat: number;
};

export type ReceiptData = {
  seller: Seller;
  /** "R-000123". */
  number: string;
  /** YYYY-MM-DD (UK), the day the payment was taken: the tax point. */
  issuedOn: string;
  /** What was paid for: an order's reference, or a batch's. */
  orderReference: string;
  /** How the header names it: "Order" (default) or "Batch". */
  referenceLabel?: string;
  customer: { name: string; email: string };
  currency: Currency;
  lines: ReceiptLine[];
  /** What was paid; must equal the lines' net plus VAT. */
  total: number;
  paidWith: string;
  /** Printed under the totals (a zero-rated export says so). */
  notes: string[];
};

export type CreditNoteData = {
  seller: Seller;
  /** "CN-000045". */
  number: string;
  /** The receipt it corrects, "R-000123". */
  receiptNumber: string;
  issuedOn: string;
  orderReference: string;
  /** How the header names what was paid for: "Order" (default), or "Paid for" (a batch row never booked). */
  referenceLabel?: string;
  customer: { name: string; email: string };
  currency: Currency;
  /** What went back to the customer. */
  amount: number;
  /** The part of it that was VAT. */
  vat: number;
  reason: string;
};

export type StatementLine = {
  /** YYYY-MM-DD (UK). */
  date: string;
  description: string;
  amount: number;
  balance: number;
};

export type StatementData = {
  seller: Seller;
  courier: { name: string; vatNumber: string | null };
  /** "March 2026". */
  period: string;
  currency: Currency;
  opening: number;
  lines: StatementLine[];
  closing: number;
  totals: { label: string; amount: number }[];
  /** The balance as it stands when printed. */
  balance: { pending: number; available: number; paidOut: number };
  issuedOn: string;
};

/** The VAT in a gross amount refunded, in the proportion the receipt charged it, half up. */
export function vatShare(amount: number, vat: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((2 * amount * vat + total) / (2 * total));
}

function header(doc: Pdf, seller: Seller, title: string, facts: [string, string][]): number {
  fitLine(doc, seller.legalName, MARGIN, MARGIN, INNER / 2, { font: FONT_BOLD, size: 15, minSize: 10 });
  const addressHeight = wrapText(doc, seller.address, MARGIN, MARGIN + 20, INNER / 2, SMALL, 4);
  fitLine(
    doc,
    `VAT registration number: ${seller.vatNumber}`,
    MARGIN,
    MARGIN + 24 + addressHeight,
    INNER / 2,
    SMALL,
  );
  fitLine(doc, title, MARGIN + INNER / 2, MARGIN, INNER / 2, { font: FONT_BOLD, size: 16 }, 'right');
  facts.forEach(([label, value], i) => {
    const y = MARGIN + 24 + i * 13;
    fitLine(doc, label, MARGIN + INNER / 2, y, INNER / 4, SMALL, 'right');
    fitLine(doc, value, MARGIN + (3 * INNER) / 4 + 6, y, INNER / 4 - 6, BOLD);
  });
  const bottom = Math.max(MARGIN + 36 + addressHeight, MARGIN + 24 + facts.length * 13) + 14;
  rule(doc, bottom);
  return bottom + 12;
}

function rule(doc: Pdf, y: number, color = RULE) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + INNER, y)
    .lineWidth(0.75)
    .strokeColor(color)
    .stroke();
}

function party(doc: Pdf, caption: string, lines: string[], y: number): number {
  fitLine(doc, caption, MARGIN, y, INNER, { ...SMALL, font: FONT_BOLD });
  lines.forEach((line, i) => {
    fitLine(doc, line, MARGIN, y + 13 + i * 13, INNER, BODY);
  });
  return y + 13 + lines.length * 13 + 12;
}

type Column = { title: string; width: number; align: 'left' | 'right' };

function tableHeader(doc: Pdf, columns: Column[], y: number): number {
  doc.rect(MARGIN, y, INNER, 18).fill('#EEEEEE');
  let x = MARGIN;
  for (const c of columns) {
    fitLine(doc, c.title, x + 4, y + 5, c.width - 8, { font: FONT_BOLD, size: 8 }, c.align);
    x += c.width;
  }
  return y + 22;
}

function tableRow(doc: Pdf, columns: Column[], cells: string[], y: number, style: TextStyle = BODY): number {
  let x = MARGIN;
  columns.forEach((c, i) => {
    fitLine(doc, cells[i] ?? '', x + 4, y, c.width - 8, style, c.align);
    x += c.width;
  });
  return y + 15;
}

/** Label and value pairs right-aligned under a table; the last one in bold. */
function totals(doc: Pdf, rows: [string, string][], y: number): number {
  const x = MARGIN + INNER - 260;
  rows.forEach(([label, value], i) => {
    const last = i === rows.length - 1;
    if (last) rule(doc, y - 3, '#000000');
    fitLine(doc, label, x, y, 160, last ? BOLD : BODY, 'right');
    fitLine(doc, value, x + 166, y, 94, last ? { ...BOLD, size: 11 } : BODY, 'right');
    y += last ? 18 : 14;
  });
  return y + 6;
}

function footer(doc: Pdf, text: string) {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    fitLine(
      doc,
      `${text}  |  Page ${i + 1} of ${range.count}`,
      MARGIN,
      PAGE_HEIGHT - 36,
      INNER,
      { size: 7, color: GREY },
      'center',
    );
  }
}

const percent = (bp: number | null) => (bp === null ? 'Exempt' : `${bp / 100}%`);

export async function renderReceiptPdf(data: ReceiptData, options: RenderOptions = {}): Promise<Buffer> {
  const net = data.lines.reduce((sum, l) => sum + l.net, 0);
  const vat = data.lines.reduce((sum, l) => sum + l.vat, 0);
  if (net + vat !== data.total) {
    throw new DocumentDataError('total', `the lines add up to ${net + vat}, not the ${data.total} paid`);
  }
  const issued = formatCalendarDate(data.issuedOn, 'issuedOn');
  const money = (amount: number) => formatMinorUnits(amount, data.currency);
  const referenceLabel = data.referenceLabel ?? 'Order';
  const doc = createPdf(
    'A4',
    {
      title: `VAT receipt ${data.number}`,
      subject: `Receipt for ${referenceLabel.toLowerCase()} ${data.orderReference}`,
      keywords: data.number,
    },
    options,
  );
  const columns: Column[] = [
    { title: 'Description', width: INNER - 310, align: 'left' },
    { title: 'Net', width: 75, align: 'right' },
    { title: 'VAT rate', width: 55, align: 'right' },
    { title: 'VAT', width: 75, align: 'right' },
    { title: 'Total', width: 105, align: 'right' },
  ];
  const newPage = () => doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0 });
  return renderToBuffer(doc, () => {
    newPage();
    let y = header(doc, data.seller, 'VAT RECEIPT', [
      ['Receipt number', data.number],
      ['Date of issue', issued],
      [referenceLabel, data.orderReference],
      ['Paid with', data.paidWith],
    ]);
    y = party(doc, 'CUSTOMER', [data.customer.name, data.customer.email], y);
    y = tableHeader(doc, columns, y);
    for (const line of data.lines) {
      // A batch's receipt has a line per row: the table goes on over as many pages as it needs.
      if (y + 3 * 12 + 4 > CONTENT_BOTTOM) {
        newPage();
        fitLine(doc, `VAT receipt ${data.number} (continued)`, MARGIN, MARGIN, INNER, BOLD);
        y = tableHeader(doc, columns, MARGIN + 20);
      }
      const height = Math.max(
        15,
        wrapText(doc, line.description, MARGIN + 4, y, columns[0]!.width - 8, BODY, 3) + 4,
      );
      let x = MARGIN + columns[0]!.width;
      [money(line.net), percent(line.vatRateBp), money(line.vat), money(line.net + line.vat)].forEach(
        (cell, i) => {
          fitLine(doc, cell, x + 4, y, columns[i + 1]!.width - 8, BODY, 'right');
          x += columns[i + 1]!.width;
        },
      );
      y += height;
      rule(doc, y - 3);
    }
    const byRate = new Map<string, number>();
    for (const line of data.lines) {
      if (line.vatRateBp === null) continue;
      const key = percent(line.vatRateBp);
      byRate.set(key, (byRate.get(key) ?? 0) + line.vat);
    }
    const totalRows: [string, string][] = [
      ['Total net', money(net)],
      ...[...byRate].map(([rate, amount]) => [`VAT at ${rate}`, money(amount)] as [string, string]),
      [`Total paid (${data.currency})`, money(data.total)],
    ];
    if (y + 10 + totalRows.length * 16 + data.notes.length * 24 > CONTENT_BOTTOM) {
      newPage();
      y = MARGIN;
    }
    y = totals(doc, totalRows, y + 10);
    for (const note of data.notes) y += wrapText(doc, note, MARGIN, y, INNER, SMALL, 4) + 6;
    footer(doc, `${data.seller.legalName}  |  VAT ${data.seller.vatNumber}  |  ${data.number}`);
  });
}

export async function renderCreditNotePdf(
  data: CreditNoteData,
  options: RenderOptions = {},
): Promise<Buffer> {
  if (data.vat < 0 || data.vat > data.amount)
    throw new DocumentDataError('vat', 'must be part of the amount');
  const issued = formatCalendarDate(data.issuedOn, 'issuedOn');
  const money = (amount: number) => formatMinorUnits(amount, data.currency);
  const doc = createPdf(
    'A4',
    {
      title: `Credit note ${data.number}`,
      subject: `Credit note for receipt ${data.receiptNumber}, order ${data.orderReference}`,
      keywords: `${data.number} ${data.receiptNumber}`,
    },
    options,
  );
  return renderToBuffer(doc, () => {
    doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0 });
    let y = header(doc, data.seller, 'CREDIT NOTE', [
      ['Credit note number', data.number],
      ['Date of issue', issued],
      ['Corrects receipt', data.receiptNumber],
      [data.referenceLabel ?? 'Order', data.orderReference],
    ]);
    y = party(doc, 'CUSTOMER', [data.customer.name, data.customer.email], y);
    fitLine(doc, 'REASON', MARGIN, y, INNER, { ...SMALL, font: FONT_BOLD });
    y += 13 + wrapText(doc, data.reason, MARGIN, y + 13, INNER, BODY, 4) + 14;
    y = totals(
      doc,
      [
        ['Net refunded', money(data.amount - data.vat)],
        ['VAT refunded', money(data.vat)],
        [`Total refunded (${data.currency})`, money(data.amount)],
      ],
      y,
    );
    wrapText(
      doc,
      `This credit note reduces receipt ${data.receiptNumber} by ${money(data.amount)}, paid back to the customer by the payment method used.`,
      MARGIN,
      y,
      INNER,
      SMALL,
      3,
    );
    footer(doc, `${data.seller.legalName}  |  VAT ${data.seller.vatNumber}  |  ${data.number}`);
  });
}

export async function renderStatementPdf(data: StatementData, options: RenderOptions = {}): Promise<Buffer> {
  const issued = formatCalendarDate(data.issuedOn, 'issuedOn');
  const money = (amount: number) => formatMinorUnits(amount, data.currency);
  const doc = createPdf(
    'A4',
    {
      title: `Statement ${data.period}: ${data.courier.name}`,
      subject: `Courier statement for ${data.period} (${data.currency})`,
    },
    options,
  );
  const columns: Column[] = [
    { title: 'Date', width: 80, align: 'left' },
    { title: 'Description', width: INNER - 260, align: 'left' },
    { title: 'Amount', width: 90, align: 'right' },
    { title: 'Balance', width: 90, align: 'right' },
  ];
  return renderToBuffer(doc, () => {
    doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0 });
    let y = header(doc, data.seller, 'STATEMENT', [
      ['Period', data.period],
      ['Currency', data.currency],
      ['Issued', issued],
    ]);
    y = party(
      doc,
      'COURIER',
      [data.courier.name, ...(data.courier.vatNumber ? [`VAT ${data.courier.vatNumber}`] : [])],
      y,
    );
    y = tableHeader(doc, columns, y);
    y = tableRow(doc, columns, ['', 'Opening balance', '', money(data.opening)], y, BOLD);
    for (const line of data.lines) {
      if (y + 15 > CONTENT_BOTTOM) {
        doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0 });
        fitLine(
          doc,
          `Statement ${data.period}: ${data.courier.name} (continued)`,
          MARGIN,
          MARGIN,
          INNER,
          BOLD,
        );
        y = tableHeader(doc, columns, MARGIN + 20);
      }
      y = tableRow(
        doc,
        columns,
        [formatCalendarDate(line.date, 'date'), line.description, money(line.amount), money(line.balance)],
        y,
      );
    }
    if (y + 24 + (data.totals.length + 4) * 15 > CONTENT_BOTTOM) {
      doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margin: 0 });
      y = MARGIN;
    }
    rule(doc, y);
    y = tableRow(doc, columns, ['', 'Closing balance', '', money(data.closing)], y + 4, BOLD) + 10;
    y = totals(
      doc,
      [
        ...data.totals.map((t) => [t.label, money(t.amount)] as [string, string]),
        ['Change over the month', money(data.closing - data.opening)],
      ],
      y,
    );
    wrapText(
      doc,
      `Balance on ${issued}: ${money(data.balance.pending)} pending (orders not yet released), ${money(data.balance.available)} available for the next payout, ${money(data.balance.paidOut)} paid out so far.`,
      MARGIN,
      y,
      INNER,
      SMALL,
      3,
    );
    footer(doc, `${data.seller.legalName}  |  Statement ${data.period}  |  ${data.courier.name}`);
  });
}
