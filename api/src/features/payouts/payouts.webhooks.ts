/**
 * PayPal's payout events, handed over by the payments webhook once verified and de-duplicated
 * (payments.event-handlers): a batch event brings the whole batch up to date from PayPal; an item
 * event applies that item's state, as reading the batch back would.
 */
import { eq, or } from 'drizzle-orm';
import { payoutBatches, payoutItems } from '../../db/schema';
import { PAYOUT_ITEM_STATES, type PayoutItemState } from '../../providers/payments';
import type { ProviderEventHandler } from '../payments';
import { applyItemResult, syncBatch } from './payouts.run';

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** PAYMENT.PAYOUTS-ITEM.<suffix> when the resource carries no transaction_status. */
const STATE_OF_EVENT: Record<string, PayoutItemState> = {
  SUCCEEDED: 'SUCCESS',
  FAILED: 'FAILED',
  UNCLAIMED: 'UNCLAIMED',
  RETURNED: 'RETURNED',
  BLOCKED: 'BLOCKED',
  REFUNDED: 'REFUNDED',
  REVERSED: 'REVERSED',
  HELD: 'ONHOLD',
  CANCELED: 'RETURNED',
  DENIED: 'FAILED',
};

export const payoutEventHandler: ProviderEventHandler = {
  name: 'payouts',
  types: ['PAYMENT.PAYOUTSBATCH.*', 'PAYMENT.PAYOUTS-ITEM.*'],
  async handle(deps, eventType, resource) {
    if (eventType.startsWith('PAYMENT.PAYOUTSBATCH.')) {
      const header = resource.batch_header as { payout_batch_id?: unknown } | undefined;
      const id = str(header?.payout_batch_id);
      const batch = id
        ? await deps.db.query.payoutBatches.findFirst({ where: eq(payoutBatches.providerBatchId, id) })
        : undefined;
      if (!batch) return 'ignored: unknown payout batch';
      await syncBatch(deps, batch.id);
      return 'payout batch brought up to date';
    }
    const providerItemId = str(resource.payout_item_id);
    const senderItemId = str(
      (resource.payout_item as { sender_item_id?: unknown } | undefined)?.sender_item_id,
    );
    if (!providerItemId) return 'ignored: no payout item id';
    const item = await deps.db.query.payoutItems.findFirst({
      where: or(
        eq(payoutItems.providerItemId, providerItemId),
        ...(senderItemId ? [eq(payoutItems.id, senderItemId)] : []),
      ),
    });
    if (!item) return 'ignored: unknown payout item';
    const status = str(resource.transaction_status);
    const state =
      status && PAYOUT_ITEM_STATES.has(status)
        ? (status as PayoutItemState)
        : (STATE_OF_EVENT[eventType.slice('PAYMENT.PAYOUTS-ITEM.'.length)] ?? null);
    const errors = resource.errors as { name?: unknown; message?: unknown } | undefined;
    const changed = await applyItemResult(deps, item, {
      providerItemId,
      senderItemId: senderItemId ?? null,
      state,
      transactionId: str(resource.transaction_id) ?? null,
      error: str(errors?.message) ?? str(errors?.name) ?? null,
    });
    return changed ? `payout item ${state?.toLowerCase() ?? 'updated'}` : 'payout item unchanged';
  },
};
