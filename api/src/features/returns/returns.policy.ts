/**
 * Return policies: a partner's own for orders booked through it, Consign's default for the rest
 * (and for a partner that set none). The terms page states the default.
 */

import { DEFAULT_RETURN_POLICY, type ReturnPolicy } from '@consign/shared/returns';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { auditLog, returnPolicies } from '../../db/schema';
import { paymentOverdue } from './returns.charges';

export type AppliedPolicy = ReturnPolicy & { isDefault: boolean; suspendedUntilPaid: boolean };

/**
 * The partner's policy as it set it (Consign's default without one). `suspendedUntilPaid`: it pays
 * for returns but has one unpaid for longer than RETURN_PAYMENT_DAYS (returns.charges).
 */
export async function policyFor(
  db: AppDeps['db'],
  partnerId: string | null,
  now = new Date(),
): Promise<AppliedPolicy> {
  const row = partnerId
    ? await db.query.returnPolicies.findFirst({ where: eq(returnPolicies.partnerId, partnerId) })
    : undefined;
  if (!row || !partnerId) {
    return {
      ...DEFAULT_RETURN_POLICY,
      reasons: [...DEFAULT_RETURN_POLICY.reasons],
      isDefault: true,
      suspendedUntilPaid: false,
    };
  }
  const suspendedUntilPaid = row.payer === 'partner' && (await paymentOverdue(db, partnerId, now));
  return {
    windowDays: row.windowDays,
    reasons: row.reasons,
    payer: row.payer,
    isDefault: false,
    suspendedUntilPaid,
  };
}

/** The policy a new return follows: while the partner's is suspended, its shoppers pay. */
export async function policyInForce(deps: AppDeps, partnerId: string | null): Promise<AppliedPolicy> {
  const policy = await policyFor(deps.db, partnerId, deps.now());
  return policy.suspendedUntilPaid ? { ...policy, payer: 'shopper' } : policy;
}

/** Replaces the partner's policy, audited with who changed it (a secret key has no person). */
export async function setPolicy(
  deps: AppDeps,
  partnerId: string,
  policy: ReturnPolicy,
  actor: { id: string | null; email: string },
): Promise<AppliedPolicy> {
  const now = deps.now();
  await deps.db.transaction(
    async (tx) => {
      const before = await tx.query.returnPolicies.findFirst({
        where: eq(returnPolicies.partnerId, partnerId),
      });
      const values = { ...policy, updatedBy: actor.id, updatedAt: now };
      await tx
        .insert(returnPolicies)
        .values({ partnerId, ...values })
        .onConflictDoUpdate({ target: returnPolicies.partnerId, set: values });
      await tx.insert(auditLog).values({
        actorId: actor.id,
        actorEmail: actor.email,
        action: 'return_policy.set',
        entityType: 'partner',
        entityId: partnerId,
        before: before
          ? { windowDays: before.windowDays, reasons: before.reasons, payer: before.payer }
          : null,
        after: { ...policy },
        reason: 'Return policy set in the partner area',
        createdAt: now,
      });
    },
    { behavior: 'immediate' },
  );
  return policyFor(deps.db, partnerId, now);
}
