/** The payments feature's public surface: other features and the app import nothing else of it. */
export { reconcilePayments, startPaymentReconciler } from './payments.reconcile';
export { paymentsRouter } from './payments.router';
export {
  capturePayment,
  ensureProviderPayment,
  findPayment,
  findPayments,
  type PaymentRow,
  refundPayment,
} from './payments.service';
export { type PaymentTarget, registerPaymentTarget } from './targets';
