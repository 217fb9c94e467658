/** The orders feature's public surface: other features and the app import nothing else of it. */
export {
  DocumentDataError,
  type LabelFormat,
  type ReceiptLine,
  renderCreditNotePdf,
  renderReceiptPdf,
  renderStatementPdf,
  type StatementLine,
  vatShare,
} from './documents';
export { orderMoney, paidSql, refundedSql } from './order-money';
export {
  bumpVendorOrdersOfPayment,
  insertOrder,
  type OrderRow,
  orderReference,
  orderSearchText,
  recordOrderEvent,
  SYSTEM_ACTOR,
  uniqueTrackingNumber,
  vendorOrdersVersion,
} from './order-store';
export { ORDER_ROWID, ORDER_SUMMARY_ROWS, toOrderSummary } from './order-summary';
export { createOrderFromOption } from './orders.booking';
export type { OrderChange, OrderEdits } from './orders.change';
export { changeOrder } from './orders.change';
export type { PdfFile } from './orders.documents';
export { labelResponse, pdfResponse } from './orders.handlers';
export { type LabelDocument, labelDocument, notPrintable } from './orders.labels';
export {
  customerEmail,
  ORDER_EVENTS,
  type OrderStatusChangedData,
  type OrderTrackingEventData,
  orderMailSubscriber,
} from './orders.notify';
export { batchPaymentShare } from './orders.payment';
export { markOrderPaid, orderPaymentTarget } from './orders.payment-target';
export type { Viewer } from './orders.queries';
export {
  creditNoteForRefund,
  orderCreditNotePdf,
  orderReceiptPdf,
  paidWith,
  receiptLines,
  renderOrderReceipt,
} from './orders.receipts';
export { ordersRouter } from './orders.router';
export { labelsContent } from './orders.routes';
export {
  DeliveryRoundFields,
  IdempotencyHeadersSchema,
  LabelFormatQuerySchema,
  OrderAddressSchema,
  OrderCustomsSchema,
  OrderDetailSchema,
  OrderIdParamsSchema,
  OrderItemSchema,
  OrderPaymentSummarySchema,
  OrderStatusSchema,
  OrderSummarySchema,
  ParcelCopySchema,
  PaymentSessionSchema,
  shipmentFields,
  TrackingEventKindSchema,
  wholeMinorUnits,
} from './orders.schemas';
export {
  changeOrderStatus,
  OrdersService,
  orderPayment,
  orderPayments,
  startUnpaidOrderExpiry,
} from './orders.service';
export {
  addTrackingEvent,
  trackingEventProblem,
  writeTrackingEvent,
} from './orders.tracking-events';
export { normaliseAddress, shipmentErrors } from './shipment';
export { checkTransition, FINAL_STATUSES, statusLabel } from './status';
export { describeEntry, promisedDelivery } from './timeline';
export { normaliseTrackingCode, trackingUrl } from './tracking-code';
