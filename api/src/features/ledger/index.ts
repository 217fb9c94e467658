/** The ledger's public surface: other features and the app import nothing else of it. */
export {
  type CommissionRate,
  commissionOf,
  commissionRateOf,
  commissionReturned,
  type RateInForce,
} from './commission';
export {
  type CourierBalance,
  type CourierBalanceRow,
  commissionByDay,
  courierBalance,
  courierBalances,
  courierEntries,
  courierMonth,
  type LedgerEntryRow,
  type StatementTotals,
} from './ledger.balances';
export { type AccountFigures, type BooksCheck, checkBooks } from './ledger.books';
export { type OrderBooks, orderBooks } from './ledger.orders';
export {
  assignPayment,
  type ClaimPayoutFacts,
  issueCreditNote,
  issueReceipt,
  type Payee,
  type PayeeShare,
  type PaymentFacts,
  type PayoutItemFacts,
  postCapture,
  postClaimPayout,
  postClaimPayoutReturned,
  postPayout,
  postPayoutReturned,
  postRefund,
  type RefundFacts,
} from './ledger.post';
