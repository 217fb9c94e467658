/**
 * The payouts seam (docs/payments.md, "Payouts"): PayPal Payouts when PayPal is configured, the
 * built-in TEST MODE payouts otherwise. One batch per run, keyed by our `sender_batch_id` (sent
 * as the PayPal-Request-Id too), so asking again after a lost answer or a crash finds the batch
 * already made instead of paying twice.
 */
import type { PaymentCurrency } from './payments';

/** PayPal's batch_status. */
export type PayoutBatchState = 'DENIED' | 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'CANCELED';

/** PayPal's transaction_status of an item. */
export type PayoutItemState =
  | 'SUCCESS'
  | 'FAILED'
  | 'PENDING'
  | 'UNCLAIMED'
  | 'RETURNED'
  | 'ONHOLD'
  | 'BLOCKED'
  | 'REFUNDED'
  | 'REVERSED';

export const PAYOUT_BATCH_STATES: ReadonlySet<string> = new Set<PayoutBatchState>([
  'DENIED',
  'PENDING',
  'PROCESSING',
  'SUCCESS',
  'CANCELED',
]);
export const PAYOUT_ITEM_STATES: ReadonlySet<string> = new Set<PayoutItemState>([
  'SUCCESS',
  'FAILED',
  'PENDING',
  'UNCLAIMED',
  'RETURNED',
  'ONHOLD',
  'BLOCKED',
  'REFUNDED',
  'REVERSED',
]);

/** States in which the money did not reach the courier and will not: it goes back to the balance. */
export const PAYOUT_ITEM_RETURNED: ReadonlySet<PayoutItemState> = new Set([
  'FAILED',
  'RETURNED',
  'BLOCKED',
  'REFUNDED',
  'REVERSED',
]);

export type PayoutItemInput = {
  /** Our payout item id (PayPal's sender_item_id). */
  senderItemId: string;
  /** The courier's confirmed PayPal email. */
  receiver: string;
  /** Minor units, > 0. */
  amount: number;
  currency: PaymentCurrency;
  note: string;
};

export type CreatePayoutBatchInput = {
  /** Our batch id: PayPal's sender_batch_id and the PayPal-Request-Id. */
  senderBatchId: string;
  items: PayoutItemInput[];
  emailSubject: string;
  emailMessage: string;
};

export type PayoutItemResult = {
  providerItemId: string;
  senderItemId: string | null;
  /** Absent while PayPal has not given one yet. */
  state: PayoutItemState | null;
  transactionId: string | null;
  /** PayPal's words when the item failed (its errors.name or message). */
  error: string | null;
};

export type PayoutBatchResult = {
  providerBatchId: string;
  state: PayoutBatchState;
  /** Empty in the answer to a create; every item in the answer to a get. */
  items: PayoutItemResult[];
};

export interface PayoutProvider {
  readonly name: 'test' | 'paypal';
  createPayoutBatch(input: CreatePayoutBatchInput): Promise<PayoutBatchResult>;
  getPayoutBatch(providerBatchId: string): Promise<PayoutBatchResult>;
  /** Cancels an UNCLAIMED item, whose money then comes back (RETURNED). */
  cancelPayoutItem(providerItemId: string): Promise<PayoutItemResult>;
}

export function assertPayoutBatchInput(input: CreatePayoutBatchInput): void {
  if (!input.senderBatchId.trim() || input.senderBatchId.length > 256) {
    throw new RangeError('senderBatchId must be 1 to 256 characters');
  }
  if (input.items.length < 1 || input.items.length > 15_000) {
    throw new RangeError('a payout batch has 1 to 15,000 items');
  }
  for (const item of input.items) {
    if (!Number.isSafeInteger(item.amount) || item.amount <= 0) {
      throw new RangeError(`payout amounts are positive minor units, got ${item.amount}`);
    }
    if (!item.senderItemId || item.senderItemId.length > 63)
      throw new RangeError('senderItemId must be 1 to 63 characters');
    if (!item.receiver || item.receiver.length > 127)
      throw new RangeError('receiver must be 1 to 127 characters');
  }
}
