/**
 * A batch payment's money papers (docs/payments.md, "Receipts and credit notes"): the VAT receipt
 * the books issued for a charge's payment, with a line per row it paid for, and the credit note of
 * each refund of it (a failed row, a batch order cancelled or part refunded by staff). The lines
 * come from the ledger's shares of the payment (`order_commissions`: one per row, keyed by the
 * row's id, which is also its order's), not from the rows as they are now: a retried row has left
 * the charge (its `chargeId` is cleared) but stays on the receipt of the payment that paid for it.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import {
  batchCharges,
  batches,
  batchRows,
  creditNotes,
  orderCommissions,
  orders,
  payments,
  receipts,
  refunds,
  users,
  vendors,
} from '../../db/schema';
import { creditNoteNumberLabel, receiptNumberLabel } from '../../domain/finance';
import { VAT_RATE_BASIS_POINTS } from '../../domain/money';
import { ukToday } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import {
  type OrderRow,
  orderReference,
  type PdfFile,
  paidWith,
  type ReceiptLine,
  renderCreditNotePdf,
  renderReceiptPdf,
  vatShare,
} from '../orders';
import type { BatchCells } from './batch-row';
import { chargeReference } from './batches.charges';

type Batch = typeof batches.$inferSelect;
type Payment = typeof payments.$inferSelect;
type Receipt = typeof receipts.$inferSelect;

/** One of a batch's receipts, as the batch page lists it. */
export type BatchReceiptSummary = {
  number: string;
  amount: number;
  currency: string;
  issuedAt: string;
  rows: number;
};

/** The receipts of a batch's paid charges, oldest first. */
export async function batchReceipts(deps: AppDeps, batchId: string): Promise<BatchReceiptSummary[]> {
  const found = await deps.db
    .select({ receipt: receipts, rows: batchCharges.rowCount })
    .from(batchCharges)
    .innerJoin(payments, eq(payments.batchChargeId, batchCharges.id))
    .innerJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(and(eq(batchCharges.batchId, batchId), eq(batchCharges.status, 'paid')))
    .orderBy(asc(receipts.number));
  return found.map(({ receipt, rows }) => ({
    number: receiptNumberLabel(receipt.number),
    amount: receipt.amount,
    currency: receipt.currency,
    issuedAt: receipt.issuedAt.toISOString(),
    rows,
  }));
}

/** A line of a batch receipt: the row it is for and the order it became with this payment, if any. */
type BatchReceiptLine = ReceiptLine & { rowId: string; position: number; order: OrderRow | null };

const DOMESTIC_BP = VAT_RATE_BASIS_POINTS.domestic;

const place = (town: string | undefined, postcode: string | undefined) =>
  [town, postcode?.toUpperCase()].filter(Boolean).join(' ');

/**
 * The rows a payment paid for, in row order, each with what it cost (the ledger's share, so the
 * lines add up to the payment) split into net and VAT as it was priced: the order's own figures,
 * or the row's choice for a row that failed, or, for a row since retried, its gross at the
 * domestic rate (batches are UK domestic).
 */
async function linesOf(deps: AppDeps, payment: Payment): Promise<BatchReceiptLine[]> {
  const shares = await deps.db
    .select({ share: orderCommissions, row: batchRows, order: orders, courier: vendors.shopName })
    .from(orderCommissions)
    .leftJoin(batchRows, eq(batchRows.id, orderCommissions.orderId))
    .leftJoin(orders, eq(orders.id, orderCommissions.orderId))
    .leftJoin(vendors, eq(vendors.id, orderCommissions.vendorId))
    .where(eq(orderCommissions.paymentId, payment.id))
    .orderBy(asc(batchRows.position), asc(orderCommissions.orderId));
  return shares.map(({ share, row, order, courier }) => {
    const gross = share.gross;
    const ofThisPayment = row?.chargeId === payment.batchChargeId;
    const own = ofThisPayment && order && order.net + order.vat + order.coverFee === gross ? order : null;
    const choice = ofThisPayment && row?.choice && row.choice.total === gross ? row.choice : null;
    const cells = (row?.input ?? {}) as BatchCells;
    const from = own
      ? place(own.collectionAddress.town, own.collectionAddress.postcode)
      : place(cells.sender_town, cells.sender_postcode);
    const to = own
      ? place(own.deliveryAddress.town, own.deliveryAddress.postcode)
      : place(cells.recipient_town, cells.recipient_postcode);
    const service = own
      ? `${own.serviceName} by ${own.vendorName}`
      : choice
        ? `${choice.serviceName} by ${choice.vendorName}`
        : `Delivery by ${courier ?? 'the courier'}`;
    const what = [
      `Row ${row?.position ?? '?'}${cells.reference ? ` (${cells.reference})` : ''}`,
      own ? `order ${orderReference(own.id)}` : 'not booked',
    ].join(', ');
    const route = from ? `${from} to ${to}` : `to ${to}`;
    const vat = own ? own.vat : choice ? choice.vat : vatShare(gross, DOMESTIC_BP, 10_000 + DOMESTIC_BP);
    return {
      rowId: share.orderId,
      position: row?.position ?? 0,
      order: own,
      description: `${what}: ${service}, ${route}`,
      net: gross - vat,
      vatRateBp: DOMESTIC_BP,
      vat,
    };
  });
}

/** The customer as the receipt names them: their account's name, else the sender they booked as. */
async function ownerOf(deps: AppDeps, batch: Pick<Batch, 'ownerId'>, lines: BatchReceiptLine[]) {
  const user = await deps.db.query.users.findFirst({
    where: eq(users.id, batch.ownerId),
    columns: { email: true, name: true },
  });
  const sender = lines.find((l) => l.order)?.order?.collectionAddress.name;
  return { name: user?.name ?? sender ?? 'Customer', email: user?.email ?? '' };
}

async function paymentOfReceipt(deps: AppDeps, receipt: Receipt) {
  const payment = await deps.db.query.payments.findFirst({ where: eq(payments.id, receipt.paymentId) });
  if (!payment) throw new Error(`receipt ${receipt.id} has no payment`);
  return payment;
}

/** "R-000123" or "123" -> 123. */
const receiptNumber = (value: string) => {
  const match = /^(?:R-)?(\d{1,9})$/i.exec(value.trim());
  return match ? Number(match[1]) : null;
};

/** The batch's receipt by its number (404 when not one of the batch's), or its latest; 409 before any payment. */
async function receiptFor(deps: AppDeps, batch: Batch, numberText?: string): Promise<Receipt> {
  const number = numberText === undefined ? undefined : receiptNumber(numberText);
  if (number === null) throw AppError.notFound('Receipt not found');
  const [found] = await deps.db
    .select({ receipt: receipts })
    .from(batchCharges)
    .innerJoin(payments, eq(payments.batchChargeId, batchCharges.id))
    .innerJoin(receipts, eq(receipts.paymentId, payments.id))
    .where(
      and(
        eq(batchCharges.batchId, batch.id),
        eq(batchCharges.status, 'paid'),
        ...(number === undefined ? [] : [eq(receipts.number, number)]),
      ),
    )
    .orderBy(desc(receipts.number))
    .limit(1);
  if (found) return found.receipt;
  if (number !== undefined) throw AppError.notFound('Receipt not found');
  throw AppError.conflict('The receipt is issued once the batch is paid', 'batch_not_paid');
}

/** Renders a batch payment's VAT receipt: a line per row it paid for, adding up to the payment. */
export async function renderBatchReceipt(deps: AppDeps, batch: Batch, numberText?: string): Promise<PdfFile> {
  const receipt = await receiptFor(deps, batch, numberText);
  const payment = await paymentOfReceipt(deps, receipt);
  const lines = await linesOf(deps, payment);
  const number = receiptNumberLabel(receipt.number);
  const shipments = `${lines.length} shipment${lines.length === 1 ? '' : 's'}`;
  const bytes = await renderReceiptPdf(
    {
      seller: deps.config.finance.company,
      number,
      issuedOn: ukToday(receipt.issuedAt),
      orderReference: chargeReference(batch.id),
      referenceLabel: 'Batch',
      customer: await ownerOf(deps, batch, lines),
      currency: receipt.currency,
      lines,
      total: payment.amount,
      paidWith: paidWith(payment),
      notes: [
        `Batch “${batch.name}”: ${shipments} paid together, a line for each row and the order it became.`,
        'A row that could not be booked, or an order later cancelled, is refunded with a credit note that refers to this receipt.',
      ],
    },
    { creationDate: receipt.issuedAt },
  );
  return { filename: `consign-receipt-${number}.pdf`, bytes };
}

/**
 * The credit note of one refund of a batch payment, for the refund mail: the VAT refunded in the
 * proportion its row's line charged it. Null when the refund has none (not completed) or the
 * payment paid for no row (a void charge's payment, refunded whole).
 */
export async function batchCreditNoteForRefund(
  deps: AppDeps,
  refundId: string,
): Promise<(PdfFile & { number: string }) | null> {
  const [found] = await deps.db
    .select({ note: creditNotes, refund: refunds, receipt: receipts, charge: batchCharges })
    .from(creditNotes)
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .innerJoin(receipts, eq(receipts.id, creditNotes.receiptId))
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(batchCharges, eq(batchCharges.id, payments.batchChargeId))
    .where(eq(creditNotes.refundId, refundId));
  if (!found) return null;
  const { note, refund, receipt, charge } = found;
  const batch = await deps.db.query.batches.findFirst({ where: eq(batches.id, charge.batchId) });
  if (!batch) return null;
  const lines = await linesOf(deps, await paymentOfReceipt(deps, receipt));
  if (lines.length === 0) return null;
  const line = lines.find((l) => l.rowId === refund.orderId);
  const [vat, gross] = line
    ? [line.vat, line.net + line.vat]
    : [lines.reduce((s, l) => s + l.vat, 0), receipt.amount];
  const label = creditNoteNumberLabel(note.number);
  const booked = line?.order ?? (refund.orderId ? await orderOf(deps, refund.orderId) : null);
  const bytes = await renderCreditNotePdf(
    {
      seller: deps.config.finance.company,
      number: label,
      receiptNumber: receiptNumberLabel(receipt.number),
      issuedOn: ukToday(note.issuedAt),
      ...(booked
        ? { orderReference: orderReference(booked.id) }
        : {
            orderReference: `${line ? `Row ${line.position}, batch` : 'Batch'} ${chargeReference(batch.id)}`,
            referenceLabel: 'Paid for',
          }),
      customer: await ownerOf(deps, batch, lines),
      currency: note.currency,
      amount: note.amount,
      vat: Math.min(note.amount, vatShare(note.amount, vat, gross)),
      reason: refund.reason.replace(/^Staff: /, ''),
    },
    { creationDate: note.issuedAt },
  );
  return { number: label, filename: `consign-credit-note-${label}.pdf`, bytes };
}

const orderOf = async (deps: AppDeps, id: string) =>
  (await deps.db.query.orders.findFirst({ where: eq(orders.id, id), columns: { id: true } })) ?? null;
