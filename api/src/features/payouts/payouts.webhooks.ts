/**
 * PayPal's payout events, handed over by the payments webhook once verified and de-duplicated
 * (payments.event-handlers): a batch event brings the whole batch up to date from PayPal; an item
 * event applies that item's state, as reading the batch back would. Events about payouts another
 * feature made through the same provider (a claim's payout) go to the owner registered for them.
 */
import { eq, or } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { payoutBatches, payoutItems } from '../../db/schema';
import { PAYOUT_ITEM_STATES, type PayoutItemResult, type PayoutItemState } from '../../providers/payments';
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

/**
 * A feature above payouts that sends its own payouts (claims): asked about an event that names no
 * courier's batch or item; answers the outcome in words, or null when the payout is not its own.
 */
export interface PayoutOwner {
  name: string;
  batch(deps: AppDeps, providerBatchId: string): Promise<string | null>;
  item(deps: AppDeps, result: PayoutItemResult): Promise<string | null>;
}

const owners = new Map<string, PayoutOwner>();

/** Registered at start-up (src/registrations.ts); registering again replaces. */
export function registerPayoutOwner(owner: PayoutOwner): void {
  owners.set(owner.name, owner);
}

async function askOwners(ask: (owner: PayoutOwner) => Promise<string | null>, unknown: string) {
  for (const owner of owners.values()) {
    const outcome = await ask(owner);
    if (outcome !== null) return outcome;
  }
  return unknown;
}

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
      if (!batch) {
        return id
          ? askOwners((owner) => owner.batch(deps, id), 'ignored: unknown payout batch')
          : 'ignored: unknown payout batch';
      }
      await syncBatch(deps, batch.id);
      return 'payout batch brought up to date';
    }
    const providerItemId = str(resource.payout_item_id);
    const senderItemId = str(
      (resource.payout_item as { sender_item_id?: unknown } | undefined)?.sender_item_id,
    );
    if (!providerItemId) return 'ignored: no payout item id';
    const status = str(resource.transaction_status);
    const state =
      status && PAYOUT_ITEM_STATES.has(status)
        ? (status as PayoutItemState)
        : (STATE_OF_EVENT[eventType.slice('PAYMENT.PAYOUTS-ITEM.'.length)] ?? null);
    const errors = resource.errors as { name?: unknown; message?: unknown } | undefined;
    const result: PayoutItemResult = {
      providerItemId,
      senderItemId: senderItemId ?? null,
      state,
      transactionId: str(resource.transaction_id) ?? null,
      error: str(errors?.message) ?? str(errors?.name) ?? null,
    };
    const item = await deps.db.query.payoutItems.findFirst({
      where: or(
        eq(payoutItems.providerItemId, providerItemId),
        ...(senderItemId ? [eq(payoutItems.id, senderItemId)] : []),
      ),
    });
    if (!item) return askOwners((owner) => owner.item(deps, result), 'ignored: unknown payout item');
    const changed = await applyItemResult(deps, item, result);
    return changed ? `payout item ${state?.toLowerCase() ?? 'updated'}` : 'payout item unchanged';
  },
};
