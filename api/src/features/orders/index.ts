/** The orders feature's public surface: other features and the app import nothing else of it. */
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
export type { OrderEdits } from './orders.change';
export { changeOrder } from './orders.change';
export type { RefundNote } from './orders.emails';
export { customerEmail, notifyOrderUpdated, orderMailSubscriber } from './orders.notify';
export { orderPaymentTarget } from './orders.payment-target';
export { ordersRouter } from './orders.router';
export {
  IdempotencyHeadersSchema,
  OrderAddressSchema,
  OrderCustomsSchema,
  OrderDetailSchema,
  OrderIdParamsSchema,
  OrderItemSchema,
  OrderPaymentSummarySchema,
  OrderSchema,
  OrderStatusSchema,
  ParcelCopySchema,
  PaymentSessionSchema,
  shipmentFields,
  wholeMinorUnits,
} from './orders.schemas';
export {
  changeOrderStatus,
  OrdersService,
  orderPayment,
  orderPayments,
  paymentSession,
  paymentSummary,
  refundIfPaid,
  startUnpaidOrderExpiry,
  toOrderDto,
  transitionOrder,
} from './orders.service';
export { normaliseAddress, shipmentErrors } from './shipment';
export { FINAL_STATUSES, statusLabel } from './status';
export { isValidTrackingNumber } from './tracking';
