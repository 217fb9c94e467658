/** The money vocabulary, shared with the front ends (@consign/shared/finance), labels included. */
export {
  creditNoteNumberLabel,
  LEDGER_ACCOUNTS,
  LEDGER_KINDS,
  type LedgerAccount,
  type LedgerKind,
  ledgerKindLabel,
  PAYOUT_BATCH_STATUSES,
  PAYOUT_ITEM_STATUSES,
  type PayoutBatchStatus,
  type PayoutItemStatus,
  REFUND_BEARERS,
  type RefundBearer,
  receiptNumberLabel,
  STATEMENT_MONTH_PATTERN,
} from '@consign/shared/finance';
