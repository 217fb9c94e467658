/** The payments feature's public surface: other features and the app import nothing else of it. */

export { type ProviderEventHandler, registerProviderEventHandler } from './payments.event-handlers';
export type { RefundNote } from './payments.flow';
export { captureFor, paymentSession, paymentSummary, refundIfPaid, startPayment } from './payments.flow';
export { reconcilePayments, startPaymentReconciler } from './payments.reconcile';
export {
  PAYMENT_EVENTS,
  type PaymentRefundedData,
  type RefundActor,
  type RefundOutcome,
  type RefundRequest,
  type RefundRow,
  refundInFlight,
  refundPayment,
  requestRefund,
  sendRefund,
  shareExceeded,
} from './payments.refunds';
export { paymentsRouter } from './payments.router';
export {
  capturePayment,
  ensureProviderPayment,
  findPayment,
  findPayments,
  type PaymentRow,
} from './payments.service';
export { type CaptureFate, type PaymentTarget, registerPaymentTarget } from './targets';
