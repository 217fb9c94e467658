/**
 * The part of a claim paid by PayPal payout (docs/claims-and-returns.md, "Paying a claim"): what
 * the agreed amount asks beyond what is left of the order's payment goes to the customer's PayPal
 * email through the payouts provider, one attempt at a time, each safe to repeat and to crash in:
 *
 * 1. Write the attempt: one transaction writes the `claim_payouts` row and its `claim_payout`
 *    ledger entry on the bearer's account, and only while no other attempt of the claim is open.
 * 2. Send it: a PayPal Payouts batch of one item, both keyed by the attempt's id
 *    (sender_batch_id, PayPal-Request-Id, sender_item_id), so an attempt sent again after a lost
 *    answer or a crash finds the payout already made instead of paying twice.
 * 3. Bring it up to date: from the batch read back, PayPal's item webhooks (through the payouts
 *    feature's `PayoutOwner`) or the claims sweep. Paid settles; failed, returned or unclaimed
 *    (cancelled at PayPal first) puts the money back on the bearer's account with the reason, and
 *    waits for staff's retry or a new email from the customer.
 */
import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { Tx } from '../../db/client';
import { type ClaimPayoutStatus, claimPayouts, claims } from '../../db/schema';
import { crashPoint } from '../../lib/crash-point';
import { PaymentProviderError, type PayoutItemResult } from '../../providers/payments';
import { type ClaimPayoutFacts, postClaimPayout, postClaimPayoutReturned } from '../ledger';
import { orderReference } from '../orders';
import { type PayoutOwner, payoutItemOutcome } from '../payouts';
import type { ClaimRow } from './claims.change';

export type ClaimPayoutRow = typeof claimPayouts.$inferSelect;

const EMAIL_SUBJECT = 'Your Consign claim';

const facts = (a: ClaimPayoutRow): ClaimPayoutFacts => ({
  id: a.id,
  orderId: a.orderId,
  vendorId: a.vendorId,
  amount: a.amount,
  currency: a.currency,
});

/** The claim's latest payout attempt. */
export async function latestAttempt(deps: AppDeps, claimId: string): Promise<ClaimPayoutRow | undefined> {
  return deps.db.query.claimPayouts.findFirst({
    where: eq(claimPayouts.claimId, claimId),
    orderBy: [desc(claimPayouts.createdAt), desc(claimPayouts.id)],
  });
}

/**
 * Step 1: a new attempt to pay `claim.payoutPart` to `claim.payoutEmail`, with its ledger entry;
 * none when one is open or paid already (two racing requests write one).
 */
export async function writeAttempt(
  deps: AppDeps,
  claim: ClaimRow,
  /** What must commit with it (staff's audit row). */
  alongside?: (tx: Tx, attempt: ClaimPayoutRow) => Promise<void>,
): Promise<ClaimPayoutRow | null> {
  const amount = claim.payoutPart ?? 0;
  const receiver = claim.payoutEmail;
  if (amount <= 0 || !receiver || !claim.bearer) return null;
  const now = deps.now();
  return deps.db.transaction(
    async (tx) => {
      const open = await tx.query.claimPayouts.findFirst({
        where: and(eq(claimPayouts.claimId, claim.id), ne(claimPayouts.status, 'failed')),
        columns: { id: true },
      });
      if (open) return null;
      const [attempt] = await tx
        .insert(claimPayouts)
        .values({
          claimId: claim.id,
          orderId: claim.orderId,
          vendorId: claim.bearer === 'courier' ? claim.vendorId : null,
          amount,
          currency: claim.currency,
          receiver,
          provider: deps.payouts.name,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!attempt) throw new Error('claim payout was not written');
      await postClaimPayout(tx, facts(attempt), now);
      await alongside?.(tx, attempt);
      await tx
        .update(claims)
        .set({ payoutStatus: 'queued', payoutFailure: null, updatedAt: now })
        .where(eq(claims.id, claim.id));
      return attempt;
    },
    { behavior: 'immediate' },
  );
}

async function setStatus(
  deps: AppDeps,
  attempt: ClaimPayoutRow,
  status: ClaimPayoutStatus,
  failure: string | null,
) {
  await deps.db
    .update(claims)
    .set({ payoutStatus: status, payoutFailure: failure, updatedAt: deps.now() })
    .where(eq(claims.id, attempt.claimId));
}

/** Step 2: sends an attempt still `queued`, once, however often asked. */
async function sendAttempt(deps: AppDeps, attempt: ClaimPayoutRow): Promise<ClaimPayoutRow> {
  if (attempt.status !== 'queued') return attempt;
  if (attempt.provider !== deps.payouts.name) {
    deps.logger.error(
      { claimPayoutId: attempt.id, provider: attempt.provider },
      'claim payout belongs to a provider no longer configured; not sent',
    );
    return attempt;
  }
  let answer: Awaited<ReturnType<typeof deps.payouts.createPayoutBatch>>;
  try {
    answer = await deps.payouts.createPayoutBatch({
      senderBatchId: attempt.id,
      emailSubject: EMAIL_SUBJECT,
      emailMessage: 'The payment of your claim on a Consign delivery.',
      items: [
        {
          senderItemId: attempt.id,
          receiver: attempt.receiver,
          amount: attempt.amount,
          currency: attempt.currency,
          note: `Consign claim ${orderReference(attempt.claimId)}`,
        },
      ],
    });
  } catch (err) {
    if (err instanceof PaymentProviderError && err.code !== 'unavailable') {
      // Refused outright (a bad request, Payouts not enabled): nothing was paid.
      deps.logger.error(
        { claimPayoutId: attempt.id, code: err.code, issue: err.issue },
        'PayPal refused the claim payout',
      );
      await failAttempt(deps, attempt, `PayPal refused the payout: ${err.message}`, null);
    } else {
      // Unknown outcome: the next attempt asks again with the same ids.
      deps.logger.warn(
        { err, claimPayoutId: attempt.id },
        'claim payout not sent now; it will be sent again',
      );
    }
    return (await attemptById(deps, attempt.id)) ?? attempt;
  }
  crashPoint('claim-payout:after-send');
  const now = deps.now();
  const [sent] = await deps.db
    .update(claimPayouts)
    .set({ status: 'pending', providerBatchId: answer.providerBatchId, updatedAt: now })
    .where(and(eq(claimPayouts.id, attempt.id), eq(claimPayouts.status, 'queued')))
    .returning();
  if (sent) await setStatus(deps, sent, 'pending', null);
  if (answer.state === 'DENIED') await failAttempt(deps, attempt, 'PayPal denied the payout', null);
  return (await attemptById(deps, attempt.id)) ?? attempt;
}

async function attemptById(deps: AppDeps, id: string) {
  return deps.db.query.claimPayouts.findFirst({ where: eq(claimPayouts.id, id) });
}

/** Step 3 from the batch read back. */
async function syncAttempt(deps: AppDeps, attempt: ClaimPayoutRow): Promise<void> {
  if (attempt.status !== 'pending' || !attempt.providerBatchId || attempt.provider !== deps.payouts.name)
    return;
  const answer = await deps.payouts.getPayoutBatch(attempt.providerBatchId);
  const result = answer.items.find((i) => i.senderItemId === attempt.id) ?? answer.items[0];
  if (result) await applyAttemptResult(deps, attempt, result);
  else if (answer.state === 'DENIED') await failAttempt(deps, attempt, 'PayPal denied the payout', null);
}

/** Applies what PayPal says of the attempt's item (the batch read back or a webhook). Answers whether it changed. */
export async function applyAttemptResult(
  deps: AppDeps,
  attempt: ClaimPayoutRow,
  result: PayoutItemResult,
): Promise<boolean> {
  if (attempt.status === 'failed' || attempt.status === 'paid') return false;
  const now = deps.now();
  const known = { providerItemId: result.providerItemId, providerStatus: result.state, updatedAt: now };
  const outcome = await payoutItemOutcome(deps, result, attempt.receiver, { claimPayoutId: attempt.id });
  if (outcome.kind === 'returned') return failAttempt(deps, attempt, outcome.reason, outcome.result);
  if (outcome.kind === 'paid') {
    return deps.db.transaction(
      async (tx) => {
        const [paid] = await tx
          .update(claimPayouts)
          .set({ ...known, status: 'paid', transactionId: result.transactionId, settledAt: now })
          .where(and(eq(claimPayouts.id, attempt.id), inArray(claimPayouts.status, ['queued', 'pending'])))
          .returning({ id: claimPayouts.id });
        if (!paid) return false;
        await tx
          .update(claims)
          .set({ payoutStatus: 'paid', payoutFailure: null, updatedAt: now })
          .where(eq(claims.id, attempt.claimId));
        return true;
      },
      { behavior: 'immediate' },
    );
  }
  // Still with PayPal: note what it says. A `queued` attempt stays so until its send is
  // recorded (with PayPal's batch id), or the sweep could never read it back.
  await deps.db.update(claimPayouts).set(known).where(eq(claimPayouts.id, attempt.id));
  return false;
}

/** The attempt did not reach the customer: its money goes back to the bearer, once, with the reason. */
async function failAttempt(
  deps: AppDeps,
  attempt: ClaimPayoutRow,
  reason: string,
  result: PayoutItemResult | null,
): Promise<boolean> {
  const now = deps.now();
  const why = reason.slice(0, 500);
  return deps.db.transaction(
    async (tx) => {
      const [failed] = await tx
        .update(claimPayouts)
        .set({
          status: 'failed',
          failureReason: why,
          settledAt: now,
          updatedAt: now,
          ...(result ? { providerItemId: result.providerItemId, providerStatus: result.state } : {}),
        })
        .where(and(eq(claimPayouts.id, attempt.id), ne(claimPayouts.status, 'failed')))
        .returning();
      if (!failed) return false;
      await postClaimPayoutReturned(tx, facts(failed), why, now);
      await tx
        .update(claims)
        .set({ payoutStatus: 'failed', payoutFailure: why, updatedAt: now })
        .where(eq(claims.id, attempt.claimId));
      return true;
    },
    { behavior: 'immediate' },
  );
}

/**
 * Drives the claim's payout part as far as it goes now: writes the first attempt once the email is
 * given, sends it, reads it back. Answers whether the payout part is paid. A failed attempt waits
 * for a retry (`retryPayout`).
 */
export async function advancePayout(deps: AppDeps, claim: ClaimRow): Promise<boolean> {
  if ((claim.payoutPart ?? 0) <= 0) return true;
  let attempt = await latestAttempt(deps, claim.id);
  if (!attempt) {
    if (!claim.payoutEmail) return false;
    attempt = (await writeAttempt(deps, claim)) ?? (await latestAttempt(deps, claim.id));
    if (!attempt) return false;
  }
  if (attempt.status === 'queued') attempt = await sendAttempt(deps, attempt);
  if (attempt.status === 'pending') {
    try {
      await syncAttempt(deps, attempt);
    } catch (err) {
      deps.logger.warn(
        { err, claimPayoutId: attempt.id },
        'claim payout not brought up to date now; the sweep will',
      );
    }
    attempt = (await attemptById(deps, attempt.id)) ?? attempt;
  }
  return attempt.status === 'paid';
}

/**
 * The payouts webhook's questions about payouts it does not know (registered in
 * src/registrations.ts): the claim's attempt by PayPal's batch or item id, or our id as
 * sender_item_id; then `finish` moves the claim on (to paid once both parts are).
 */
export function claimPayoutOwner(finish: (deps: AppDeps, claimId: string) => Promise<unknown>): PayoutOwner {
  return {
    name: 'claims',
    async batch(deps, providerBatchId) {
      const attempt = await deps.db.query.claimPayouts.findFirst({
        where: eq(claimPayouts.providerBatchId, providerBatchId),
      });
      if (!attempt) return null;
      await syncAttempt(deps, attempt);
      await finish(deps, attempt.claimId);
      return 'claim payout brought up to date';
    },
    async item(deps, result) {
      const attempt = await deps.db.query.claimPayouts.findFirst({
        where: or(
          eq(claimPayouts.providerItemId, result.providerItemId),
          ...(result.senderItemId ? [eq(claimPayouts.id, result.senderItemId)] : []),
        ),
      });
      if (!attempt) return null;
      const changed = await applyAttemptResult(deps, attempt, result);
      await finish(deps, attempt.claimId);
      return changed ? `claim payout ${result.state?.toLowerCase() ?? 'updated'}` : 'claim payout unchanged';
    },
  };
}
