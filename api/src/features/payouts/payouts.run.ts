/**
 * Payout runs (docs/payments.md, "Payouts"), in three steps, each safe to repeat and to crash in:
 *
 * 1. Write the run: one transaction writes the batch, one item per courier whose available
 *    balance reaches PAYOUT_MINIMUM (with a confirmed PayPal email, not suspended), and each
 *    item's `payout` ledger entry. The money leaves the available balance here, so a second run,
 *    at once or later, finds nothing more to pay.
 * 2. Send it: PayPal Payouts with our batch id as sender_batch_id and PayPal-Request-Id. A batch
 *    still `created` (never acknowledged: a crash, a timeout) is sent again with the same id and
 *    PayPal answers the batch it made, never a second one. A batch PayPal refuses outright is
 *    denied and every item goes back to the balance.
 * 3. Bring items up to date: from the batch read back (or the item webhooks). Paid items settle;
 *    failed, returned, blocked, refunded or reversed ones go back to the balance with PayPal's
 *    reason (a `payout_returned` entry, written once with the item's change); an UNCLAIMED item is
 *    cancelled at PayPal first, so money cannot both come back and be claimed later.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, notInArray, or } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { payoutAccounts, payoutBatches, payoutItems, vendors } from '../../db/schema';
import type { PayoutBatchStatus } from '../../domain/finance';
import { crashPoint } from '../../lib/crash-point';
import { publish } from '../../lib/outbox';
import {
  PAYOUT_ITEM_RETURNED,
  PaymentProviderError,
  type PayoutBatchState,
  type PayoutItemResult,
} from '../../providers/payments';
import { courierBalances, postPayout, postPayoutReturned } from '../ledger';

export type PayoutBatchRow = typeof payoutBatches.$inferSelect;
export type PayoutItemRow = typeof payoutItems.$inferSelect;

/** Outbox events of payouts (the courier's mail is a subscriber). */
export const PAYOUT_EVENTS = { paid: 'payout.paid', returned: 'payout.returned' } as const;
export type PayoutItemEventData = { payoutItemId: string };

export type PayoutRunInput = {
  trigger: PayoutBatchRow['trigger'];
  actorId?: string | null;
  /** Only these couriers (the console's "pay these now"); every one due when absent. */
  vendorIds?: readonly string[] | undefined;
};

export type PayoutRun = {
  /** The batch this run wrote, or null when nobody was due a payout. */
  batch: PayoutBatchRow | null;
  /** Earlier batches this run finished sending or brought up to date first. */
  resumed: number;
};

const EMAIL_SUBJECT = 'Your Consign payout';
const EMAIL_MESSAGE = 'Your earnings from deliveries booked through Consign are on their way.';

const batchStatusOf = (state: PayoutBatchState): PayoutBatchStatus =>
  state.toLowerCase() as Lowercase<PayoutBatchState>;

/**
 * A run: first whatever earlier runs left unsent or unsettled, then a new batch for everyone due,
 * sent and brought up to date at once. Running it again pays nobody twice.
 */
export async function runPayouts(deps: AppDeps, input: PayoutRunInput): Promise<PayoutRun> {
  const resumed = await recoverPayouts(deps);
  const batch = await writeRun(deps, input);
  if (!batch) return { batch: null, resumed };
  deps.logger.info(
    { batchId: batch.id, items: batch.itemCount, trigger: input.trigger },
    'payout run written',
  );
  crashPoint('payout:before-send');
  await sendBatch(deps, batch);
  await syncQuietly(deps, batch.id);
  return { batch: (await batchById(deps, batch.id)) ?? batch, resumed };
}

export async function batchById(deps: AppDeps, id: string): Promise<PayoutBatchRow | undefined> {
  return deps.db.query.payoutBatches.findFirst({ where: eq(payoutBatches.id, id) });
}

/** Step 1: the batch, its items and their ledger entries, in one transaction. */
async function writeRun(deps: AppDeps, input: PayoutRunInput): Promise<PayoutBatchRow | null> {
  const { holdDays, payoutMinimum } = deps.config.finance;
  const now = deps.now();
  return deps.db.transaction(
    async (tx) => {
      const accounts = await tx
        .select({ vendorId: payoutAccounts.vendorId, paypalEmail: payoutAccounts.paypalEmail })
        .from(payoutAccounts)
        .innerJoin(vendors, eq(vendors.id, payoutAccounts.vendorId))
        .where(
          and(
            isNotNull(payoutAccounts.paypalEmail),
            // A suspended courier is paid again once staff reactivate it.
            ne(vendors.status, 'suspended'),
            input.vendorIds ? inArray(payoutAccounts.vendorId, [...input.vendorIds]) : undefined,
          ),
        );
      if (accounts.length === 0) return null;
      const receivers = new Map(accounts.map((a) => [a.vendorId, a.paypalEmail as string]));
      const balances = await courierBalances(tx, now, holdDays, { vendorIds: [...receivers.keys()] });
      const due = balances.filter((b) => b.available >= payoutMinimum);
      if (due.length === 0) return null;
      const [batch] = await tx
        .insert(payoutBatches)
        .values({
          provider: deps.payouts.name,
          trigger: input.trigger,
          actorId: input.actorId ?? null,
          itemCount: due.length,
          createdAt: now,
        })
        .returning();
      if (!batch) throw new Error('payout batch was not written');
      for (const balance of due) {
        const [item] = await tx
          .insert(payoutItems)
          .values({
            batchId: batch.id,
            vendorId: balance.vendorId,
            amount: balance.available,
            currency: balance.currency,
            receiver: receivers.get(balance.vendorId) as string,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!item) throw new Error('payout item was not written');
        await postPayout(tx, item, now);
      }
      return batch;
    },
    { behavior: 'immediate' },
  );
}

/** Step 2: sends a written batch, once, however often asked. */
export async function sendBatch(deps: AppDeps, batch: PayoutBatchRow): Promise<void> {
  if (batch.status !== 'created') return;
  if (batch.provider !== deps.payouts.name) {
    deps.logger.error(
      { batchId: batch.id, provider: batch.provider },
      'payout batch belongs to a provider no longer configured; not sent',
    );
    return;
  }
  const items = await deps.db.select().from(payoutItems).where(eq(payoutItems.batchId, batch.id));
  let answer: Awaited<ReturnType<typeof deps.payouts.createPayoutBatch>>;
  try {
    answer = await deps.payouts.createPayoutBatch({
      senderBatchId: batch.id,
      emailSubject: EMAIL_SUBJECT,
      emailMessage: EMAIL_MESSAGE,
      items: items.map((item) => ({
        senderItemId: item.id,
        receiver: item.receiver,
        amount: item.amount,
        currency: item.currency,
        note: `Consign payout ${batch.id.slice(-8).toUpperCase()}`,
      })),
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (err instanceof PaymentProviderError && err.code !== 'unavailable') {
      // Refused outright (a bad request, Payouts not enabled on the account): nothing was paid.
      deps.logger.error(
        { batchId: batch.id, code: err.code, issue: err.issue },
        'PayPal refused the payout batch',
      );
      await denyBatch(deps, batch.id, `PayPal refused the batch: ${reason}`);
      return;
    }
    // Unknown outcome: the next attempt asks again with the same sender_batch_id.
    deps.logger.warn({ err, batchId: batch.id }, 'payout batch not sent now; it will be sent again');
    await deps.db
      .update(payoutBatches)
      .set({ failureReason: reason.slice(0, 500) })
      .where(and(eq(payoutBatches.id, batch.id), eq(payoutBatches.status, 'created')));
    return;
  }
  crashPoint('payout:after-send');
  const now = deps.now();
  await deps.db.transaction(
    async (tx) => {
      const [sent] = await tx
        .update(payoutBatches)
        .set({
          status: batchStatusOf(answer.state),
          providerBatchId: answer.providerBatchId,
          sentAt: now,
          failureReason: null,
        })
        .where(and(eq(payoutBatches.id, batch.id), eq(payoutBatches.status, 'created')))
        .returning({ id: payoutBatches.id });
      if (!sent) return;
      await tx
        .update(payoutItems)
        .set({ status: 'pending', updatedAt: now })
        .where(and(eq(payoutItems.batchId, batch.id), eq(payoutItems.status, 'queued')));
    },
    { behavior: 'immediate' },
  );
  if (answer.state === 'DENIED') await denyBatch(deps, batch.id, 'PayPal denied the batch');
  deps.logger.info({ batchId: batch.id, providerBatchId: answer.providerBatchId }, 'payout batch sent');
}

/** Every item of a batch that was not paid goes back to the balance. */
async function denyBatch(deps: AppDeps, batchId: string, reason: string) {
  const now = deps.now();
  await deps.db
    .update(payoutBatches)
    .set({ status: 'denied', failureReason: reason.slice(0, 500), closedAt: now })
    .where(eq(payoutBatches.id, batchId));
  const items = await deps.db
    .select()
    .from(payoutItems)
    .where(and(eq(payoutItems.batchId, batchId), ne(payoutItems.status, 'returned')));
  for (const item of items) await returnItem(deps, item, reason, null);
}

/** Step 3: reads the batch back and applies each item's state, each in its own transaction. */
export async function syncBatch(deps: AppDeps, batchId: string): Promise<void> {
  const batch = await batchById(deps, batchId);
  if (!batch?.providerBatchId || batch.provider !== deps.payouts.name) return;
  const answer = await deps.payouts.getPayoutBatch(batch.providerBatchId);
  const items = await deps.db.select().from(payoutItems).where(eq(payoutItems.batchId, batch.id));
  let applied = 0;
  for (const result of answer.items) {
    const item = items.find(
      (i) => i.id === result.senderItemId || i.providerItemId === result.providerItemId,
    );
    if (!item) {
      deps.logger.error(
        { batchId, providerItemId: result.providerItemId },
        'PayPal reports a payout item we did not send',
      );
      continue;
    }
    if (await applyItemResult(deps, item, result)) {
      applied++;
      if (applied === 1) crashPoint('payout:between-items');
    }
  }
  const now = deps.now();
  const open = await deps.db
    .select({ id: payoutItems.id })
    .from(payoutItems)
    .where(and(eq(payoutItems.batchId, batch.id), inArray(payoutItems.status, ['queued', 'pending'])))
    .limit(1);
  await deps.db
    .update(payoutBatches)
    .set({
      status: answer.state === 'DENIED' ? 'denied' : batchStatusOf(answer.state),
      checkedAt: now,
      closedAt: open.length === 0 ? (batch.closedAt ?? now) : null,
    })
    .where(eq(payoutBatches.id, batch.id));
  if (answer.state === 'DENIED') await denyBatch(deps, batch.id, 'PayPal denied the batch');
}

async function syncQuietly(deps: AppDeps, batchId: string) {
  try {
    await syncBatch(deps, batchId);
  } catch (err) {
    deps.logger.warn({ err, batchId }, 'payout batch not brought up to date now; the sweep will');
  }
}

/** What one payout item's state from PayPal means for us (shared with the claims' payouts). */
export type PayoutItemOutcome =
  /** Paid: settles. */
  | { kind: 'paid' }
  /** Will not reach the receiver: the money comes back, with the reason. */
  | { kind: 'returned'; reason: string; result: PayoutItemResult }
  /** Still with PayPal (PENDING, ONHOLD, none yet). */
  | { kind: 'pending' }
  /** UNCLAIMED and not taken back by PayPal yet: asked again later. */
  | { kind: 'unclaimed' };

/**
 * Reads PayPal's state of an item. UNCLAIMED: cancelled at PayPal first, so the money cannot
 * both come back and be claimed later; it counts as returned only once PayPal has taken it back.
 */
export async function payoutItemOutcome(
  deps: AppDeps,
  result: PayoutItemResult,
  receiver: string,
  log: Record<string, string>,
): Promise<PayoutItemOutcome> {
  if (result.state === 'UNCLAIMED') {
    let cancelled: PayoutItemResult;
    try {
      cancelled = await deps.payouts.cancelPayoutItem(result.providerItemId);
    } catch (err) {
      deps.logger.warn({ err, ...log }, 'unclaimed payout item not cancelled now; tried again later');
      return { kind: 'unclaimed' };
    }
    if (cancelled.state !== 'RETURNED') return { kind: 'unclaimed' };
    return {
      kind: 'returned',
      reason: `Nobody claimed it at ${receiver} (UNCLAIMED); cancelled and returned`,
      result: { ...cancelled, state: 'RETURNED' },
    };
  }
  if (result.state && PAYOUT_ITEM_RETURNED.has(result.state)) {
    return {
      kind: 'returned',
      reason: result.error ? `${result.state}: ${result.error}` : result.state,
      result,
    };
  }
  return result.state === 'SUCCESS' ? { kind: 'paid' } : { kind: 'pending' };
}

/** Applies what PayPal says of one courier's item. Answers whether anything changed. */
export async function applyItemResult(
  deps: AppDeps,
  item: PayoutItemRow,
  result: PayoutItemResult,
): Promise<boolean> {
  const now = deps.now();
  const known = { providerItemId: result.providerItemId, providerStatus: result.state, updatedAt: now };
  if (result.state === 'UNCLAIMED' && item.status === 'returned') return false;
  const outcome = await payoutItemOutcome(deps, result, item.receiver, { payoutItemId: item.id });
  if (outcome.kind === 'unclaimed') {
    await deps.db.update(payoutItems).set(known).where(eq(payoutItems.id, item.id));
    return false;
  }
  if (outcome.kind === 'returned') {
    const reason = result.state === 'UNCLAIMED' ? `${outcome.reason} to the balance` : outcome.reason;
    return returnItem(deps, item, reason, outcome.result);
  }
  if (outcome.kind === 'paid') {
    return deps.db.transaction(
      async (tx) => {
        const [paid] = await tx
          .update(payoutItems)
          .set({ ...known, status: 'paid', transactionId: result.transactionId, settledAt: now })
          .where(and(eq(payoutItems.id, item.id), inArray(payoutItems.status, ['queued', 'pending'])))
          .returning({ id: payoutItems.id });
        if (!paid) return false;
        await publish(tx, PAYOUT_EVENTS.paid, { payoutItemId: item.id } satisfies PayoutItemEventData, now);
        return true;
      },
      { behavior: 'immediate' },
    );
  }
  await deps.db
    .update(payoutItems)
    .set({ ...known, status: 'pending' })
    .where(and(eq(payoutItems.id, item.id), inArray(payoutItems.status, ['queued', 'pending'])));
  return false;
}

/** Puts an item's money back in the courier's balance, once, with the reason. */
async function returnItem(
  deps: AppDeps,
  item: PayoutItemRow,
  reason: string,
  result: PayoutItemResult | null,
): Promise<boolean> {
  const now = deps.now();
  return deps.db.transaction(
    async (tx: Tx) => {
      const [returned] = await tx
        .update(payoutItems)
        .set({
          status: 'returned',
          failureReason: reason.slice(0, 500),
          settledAt: now,
          updatedAt: now,
          ...(result ? { providerItemId: result.providerItemId, providerStatus: result.state } : {}),
        })
        .where(and(eq(payoutItems.id, item.id), ne(payoutItems.status, 'returned')))
        .returning();
      if (!returned) return false;
      await postPayoutReturned(tx, returned, reason, now);
      await publish(tx, PAYOUT_EVENTS.returned, { payoutItemId: item.id } satisfies PayoutItemEventData, now);
      return true;
    },
    { behavior: 'immediate' },
  );
}

/**
 * Finishes what earlier runs left: sends batches never acknowledged and brings open ones up to
 * date. `minAgeMs` leaves a batch a request is sending right now to that request.
 */
export async function recoverPayouts(deps: AppDeps, options: { minAgeMs?: number } = {}): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - (options.minAgeMs ?? 0));
  const unsent = await deps.db
    .select()
    .from(payoutBatches)
    .where(and(eq(payoutBatches.status, 'created'), lte(payoutBatches.createdAt, cutoff)))
    .orderBy(asc(payoutBatches.createdAt));
  for (const batch of unsent) await sendBatch(deps, batch);
  const open = await deps.db
    .select({ id: payoutBatches.id })
    .from(payoutBatches)
    .where(
      and(
        isNotNull(payoutBatches.providerBatchId),
        notInArray(payoutBatches.status, ['created']),
        or(isNull(payoutBatches.closedAt), inArray(payoutBatches.status, ['pending', 'processing'])),
        lte(payoutBatches.createdAt, cutoff),
      ),
    )
    .orderBy(asc(payoutBatches.createdAt));
  for (const batch of open) await syncQuietly(deps, batch.id);
  return unsent.length + open.length;
}

const DAY_MS = 86_400_000;

/** Whether the scheduled run is due: on, and none in the last day or week. */
export async function scheduledRunDue(deps: AppDeps): Promise<boolean> {
  const { payoutSchedule } = deps.config.finance;
  if (payoutSchedule === 'off') return false;
  const every = payoutSchedule === 'daily' ? DAY_MS : 7 * DAY_MS;
  const [last] = await deps.db
    .select({ createdAt: payoutBatches.createdAt })
    .from(payoutBatches)
    .where(eq(payoutBatches.trigger, 'schedule'))
    .orderBy(desc(payoutBatches.createdAt))
    .limit(1);
  // A little early rather than a sweep late: the sweep runs every few minutes.
  return !last || last.createdAt.getTime() <= deps.now().getTime() - every + 10 * 60 * 1000;
}
