/**
 * The customer's money papers of an order: the VAT receipt of its payment and a credit note per
 * refund, built from the order's frozen prices and the numbers the books issued (features/ledger).
 * The seller is the company configured in COMPANY_* (docs/configuration.md).
 */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { creditNotes, receipts, refunds, users } from '../../db/schema';
import { creditNoteNumberLabel, receiptNumberLabel } from '../../domain/finance';
import { formatMoney, VAT_RATE_BASIS_POINTS } from '../../domain/money';
import { formatPeopleDate, ukToday } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import type { PaymentRow } from '../payments';
import { type ReceiptLine, renderCreditNotePdf, renderReceiptPdf, vatShare } from './documents';
import { type OrderRow, orderReference } from './order-store';
import type { PdfFile } from './orders.documents';
import { orderPayment } from './orders.payment';
import { loadOrderFor, type Viewer } from './orders.queries';

type ReceiptRow = typeof receipts.$inferSelect;

const place = (a: OrderRow['collectionAddress']) => `${a.town} ${a.postcode.toUpperCase()}`;

/** What the customer bought, line by line: the delivery (VAT as charged) and the cover (exempt). */
export function receiptLines(order: OrderRow): ReceiptLine[] {
  const lines: ReceiptLine[] = [
    {
      description:
        `${order.serviceName} by ${order.vendorName}: ${place(order.collectionAddress)} to ` +
        `${place(order.deliveryAddress)}${order.deliveryAddress.country === 'GB' ? '' : ` (${order.deliveryAddress.country})`}, ` +
        `collection ${formatPeopleDate(order.collectionDate)}`,
      net: order.net,
      vatRateBp: VAT_RATE_BASIS_POINTS[order.serviceType],
      vat: order.vat,
    },
  ];
  if (order.coverFee > 0) {
    lines.push({
      description: `Extended cover up to ${formatMoney({ amount: order.coverAmount, currency: 'GBP' })}`,
      net: order.coverFee,
      vatRateBp: null,
      vat: 0,
    });
  }
  return lines;
}

async function customerOf(deps: AppDeps, order: OrderRow) {
  const user = await deps.db.query.users.findFirst({
    where: eq(users.id, order.customerId),
    columns: { email: true, name: true },
  });
  return {
    name: user?.name ?? order.collectionAddress.name,
    email: user?.email ?? order.collectionAddress.email,
  };
}

/** How a payment was made, as a receipt prints it. */
export const paidWith = (payment: Pick<PaymentRow, 'provider'>) =>
  payment.provider === 'paypal' ? 'PayPal' : 'TEST MODE (no money moved)';

/** The receipt of an order's payment, or 409 before it is paid. */
async function receiptOf(
  deps: AppDeps,
  order: OrderRow,
): Promise<{ payment: PaymentRow; receipt: ReceiptRow }> {
  const payment = await orderPayment(deps.db, order);
  const receipt = payment
    ? await deps.db.query.receipts.findFirst({ where: eq(receipts.paymentId, payment.id) })
    : undefined;
  if (!payment || !receipt) {
    throw AppError.conflict('The receipt is issued once the order is paid', 'order_not_paid');
  }
  return { payment, receipt };
}

/** Renders an order's receipt; the booking confirmation attaches it too. */
export async function renderOrderReceipt(deps: AppDeps, order: OrderRow): Promise<PdfFile> {
  const { payment, receipt } = await receiptOf(deps, order);
  const number = receiptNumberLabel(receipt.number);
  const notes = [
    ...(order.serviceType === 'international'
      ? ['Zero-rated: the delivery is the export of a transport service, at 0% VAT.']
      : []),
    ...(order.coverFee > 0 ? ['Extended cover is an insurance service, exempt from VAT.'] : []),
    'Any refund is shown on a credit note that refers to this receipt.',
  ];
  const bytes = await renderReceiptPdf(
    {
      seller: deps.config.finance.company,
      number,
      issuedOn: ukToday(receipt.issuedAt),
      orderReference: orderReference(order.id),
      customer: await customerOf(deps, order),
      currency: order.currency,
      lines: receiptLines(order),
      total: order.total,
      paidWith: paidWith(payment),
      notes,
    },
    { creationDate: receipt.issuedAt },
  );
  return { filename: `consign-receipt-${number}.pdf`, bytes };
}

/** The customer's (or staff's) receipt; the courier's relation to the order does not reach it. */
export async function orderReceiptPdf(deps: AppDeps, viewer: Viewer, id: string): Promise<PdfFile> {
  const { order, relation } = await loadOrderFor(deps, viewer, id);
  if (relation === 'vendor') throw AppError.notFound('Order not found');
  return renderOrderReceipt(deps, order);
}

/** "CN-000045" or "45" -> 45; anything else is not one of ours. */
function creditNoteNumber(value: string): number | null {
  const match = /^(?:CN-)?(\d{1,9})$/i.exec(value.trim());
  return match ? Number(match[1]) : null;
}

/** Renders one credit note of an order's payment (by its number), or 404. */
export async function renderOrderCreditNote(
  deps: AppDeps,
  order: OrderRow,
  numberText: string,
): Promise<PdfFile> {
  const { receipt } = await receiptOf(deps, order);
  const number = creditNoteNumber(numberText);
  const [found] =
    number === null
      ? []
      : await deps.db
          .select({ note: creditNotes, refund: refunds })
          .from(creditNotes)
          .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
          .where(and(eq(creditNotes.number, number), eq(creditNotes.receiptId, receipt.id)));
  if (!found) throw AppError.notFound('Credit note not found');
  const label = creditNoteNumberLabel(found.note.number);
  const bytes = await renderCreditNotePdf(
    {
      seller: deps.config.finance.company,
      number: label,
      receiptNumber: receiptNumberLabel(receipt.number),
      issuedOn: ukToday(found.note.issuedAt),
      orderReference: orderReference(order.id),
      customer: await customerOf(deps, order),
      currency: order.currency,
      amount: found.note.amount,
      vat: vatShare(found.note.amount, order.vat, order.total),
      reason: found.refund.reason.replace(/^Staff: /, ''),
    },
    { creationDate: found.note.issuedAt },
  );
  return { filename: `consign-credit-note-${label}.pdf`, bytes };
}

export async function orderCreditNotePdf(
  deps: AppDeps,
  viewer: Viewer,
  id: string,
  numberText: string,
): Promise<PdfFile> {
  const { order, relation } = await loadOrderFor(deps, viewer, id);
  if (relation === 'vendor') throw AppError.notFound('Order not found');
  return renderOrderCreditNote(deps, order, numberText);
}

/** The credit note issued for one refund, for the refund mail. */
export async function creditNoteForRefund(
  deps: AppDeps,
  order: OrderRow,
  refundId: string,
): Promise<(PdfFile & { number: string }) | null> {
  const note = await deps.db.query.creditNotes.findFirst({ where: eq(creditNotes.refundId, refundId) });
  if (!note) return null;
  return {
    number: creditNoteNumberLabel(note.number),
    ...(await renderOrderCreditNote(deps, order, String(note.number))),
  };
}
