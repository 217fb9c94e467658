/** The ledger's public surface: other features and the app import nothing else of it. */
export {
  type CommissionRate,
  commissionOf,
  commissionRateOf,
  commissionReturned,
  type RateInForce,
} from './commission';
export {
  assignPayment,
  issueCreditNote,
  issueReceipt,
  type Payee,
  type PaymentFacts,
  type PayoutItemFacts,
  postCapture,
  postPayout,
  postPayoutReturned,
  postRefund,
  type RefundFacts,
} from './ledger.post';
