/**
 * The money vocabulary the courier's Payouts page, the console's Finance page and the API share:
 * the kinds of ledger entry, who bears a refund, and the states of payouts, each with how people
 * read it. The rules live with the API (docs/payments.md, "The money model").
 */
import { sentenceCase } from './words';

/** Whose money a ledger entry moves: a courier's, the platform's, or customers' not yet assigned (jobs). */
export const LEDGER_ACCOUNTS = ['courier', 'platform', 'unassigned'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * Every kind of money movement: captures, refunds, jobs being accepted, payouts, the part of a
 * claim paid by PayPal payout beyond the order's payment (`claim_payout`, and
 * `claim_payout_returned` when that payout fails) and adjustments.
 */
export const LEDGER_KINDS = [
  'sale',
  'commission',
  'refund',
  'commission_refund',
  'job_payment',
  'job_assigned',
  'payout',
  'payout_returned',
  'claim_payout',
  'claim_payout_returned',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const KIND_LABELS: Readonly<Record<LedgerKind, string>> = {
  sale: 'Order paid',
  commission: 'Commission',
  refund: 'Refund',
  commission_refund: 'Commission returned',
  job_payment: 'Job paid',
  job_assigned: 'Job accepted',
  payout: 'Payout',
  payout_returned: 'Payout returned',
  claim_payout: 'Claim paid',
  claim_payout_returned: 'Claim payout returned',
  adjustment: 'Adjustment',
};

export function ledgerKindLabel(kind: string): string {
  return Object.hasOwn(KIND_LABELS, kind) ? KIND_LABELS[kind as LedgerKind] : sentenceCase(kind);
}

/** Who a refund comes out of: the courier's earnings (the default) or the platform's, as goodwill. */
export const REFUND_BEARERS = ['courier', 'platform'] as const;
export type RefundBearer = (typeof REFUND_BEARERS)[number];

/** One courier's payment within a payout: queued here, pending at PayPal, then paid or returned to the balance. */
export const PAYOUT_ITEM_STATUSES = ['queued', 'pending', 'paid', 'returned'] as const;
export type PayoutItemStatus = (typeof PAYOUT_ITEM_STATUSES)[number];

/** A payout run as PayPal sees it; `created` until PayPal has acknowledged it. */
export const PAYOUT_BATCH_STATUSES = [
  'created',
  'pending',
  'processing',
  'success',
  'denied',
  'canceled',
] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

const PAYOUT_LABELS: Readonly<Record<PayoutItemStatus | PayoutBatchStatus, string>> = {
  queued: 'Queued',
  pending: 'Pending',
  paid: 'Paid',
  returned: 'Returned to balance',
  created: 'Sending',
  processing: 'Processing',
  success: 'Completed',
  denied: 'Denied',
  canceled: 'Cancelled',
};

export function payoutStatusLabel(status: string): string {
  return Object.hasOwn(PAYOUT_LABELS, status)
    ? PAYOUT_LABELS[status as PayoutItemStatus | PayoutBatchStatus]
    : sentenceCase(status);
}

/** "2026-03" : a statement's month, as the statement routes take it. */
export const STATEMENT_MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** 123 -> "R-000123": a VAT receipt's number as printed. */
export function receiptNumberLabel(n: number): string {
  return `R-${String(n).padStart(6, '0')}`;
}

/** 45 -> "CN-000045": a credit note's number as printed. */
export function creditNoteNumberLabel(n: number): string {
  return `CN-${String(n).padStart(6, '0')}`;
}

/**
 * Why a PayPal payout failed, for the person it was meant for, from the reason the API keeps
 * (PayPal's item status, then its error name: "FAILED: RECEIVER_UNREGISTERED"). Staff see the
 * reason itself beside it.
 */
export function payoutFailureWords(reason: string | null | undefined): string {
  const r = reason ?? '';
  if (/RECEIVER_UNREGISTERED/.test(r)) return 'PayPal has no account with this email address';
  if (/RECEIVER_UNCONFIRMED/.test(r)) return 'the PayPal account has not confirmed this email address';
  if (/RECEIVER_ACCOUNT_LOCKED|RECEIVER_ACCOUNT_LIMITATION|RECEIVER_YOUTH_ACCOUNT/.test(r))
    return 'the PayPal account cannot receive money at the moment';
  if (/RECEIVER_COUNTRY_NOT_ALLOWED/.test(r)) return 'PayPal cannot send money to this account’s country';
  if (/UNCLAIMED/.test(r)) return 'nobody accepted it within 30 days, so PayPal sent it back';
  if (/^(RETURNED|REFUNDED|REVERSED)/.test(r)) return 'PayPal sent it back';
  if (/^BLOCKED/.test(r)) return 'PayPal blocked it';
  return 'PayPal could not pay it';
}
