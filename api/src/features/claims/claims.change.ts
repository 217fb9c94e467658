/**
 * The one way a claim moves (docs/architecture.md §4's pattern): read it under the write lock,
 * ask the machine, write the status, the order's timeline entry, the audit row and the outbox
 * event `claim.changed` in one transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditLog, claims, orders } from '../../db/schema';
import type { ClaimKind, ClaimStatus } from '../../domain/statuses';
import { ukToday } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { publish } from '../../lib/outbox';
import { moveCourierRecord } from '../couriers';
import { recordOrderEvent } from '../orders';
import { type ClaimActorRole, type ClaimMove, claimRecordDelta, nextClaimStatus } from './claims.machine';

export type ClaimRow = typeof claims.$inferSelect;

export const CLAIM_EVENTS = { changed: 'claim.changed' } as const;

export type ClaimChangedData = {
  claimId: string;
  orderId: string;
  kind: ClaimKind;
  from: ClaimStatus | null;
  to: ClaimStatus;
};

/** Who moves a claim: a person (id and email kept in the audit log) or the system. */
export type ClaimActor = { id: string | null; email: string; role: ClaimActorRole };

export const SYSTEM_CLAIM_ACTOR: ClaimActor = { id: null, email: 'system', role: 'system' };

export const decidedByStaff = (claim: Pick<ClaimRow, 'decidedBy'>) => claim.decidedBy !== null;

/** Writes what every claim change writes: the timeline entry, the audit row and the event. */
export async function recordClaimChange(
  tx: Tx,
  claim: ClaimRow,
  from: ClaimStatus | null,
  actor: ClaimActor,
  note: string,
  now: Date,
) {
  const order = await tx.query.orders.findFirst({
    where: eq(orders.id, claim.orderId),
    columns: { status: true },
  });
  if (!order) throw AppError.notFound('Order not found');
  await recordOrderEvent(tx, claim.orderId, { id: actor.id, role: actor.role }, now, {
    from: order.status,
    to: order.status,
    note,
    claimStatus: claim.status,
  });
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: from === null ? 'claim.file' : `claim.${claim.status}`,
    entityType: 'claim',
    entityId: claim.id,
    before: from === null ? null : { status: from },
    after: { status: claim.status, amountClaimed: claim.amountClaimed, amountAgreed: claim.amountAgreed },
    reason: note,
    createdAt: now,
  });
  const data: ClaimChangedData = {
    claimId: claim.id,
    orderId: claim.orderId,
    kind: claim.kind,
    from,
    to: claim.status,
  };
  await publish(tx, CLAIM_EVENTS.changed, data, now);
  const counted = claimRecordDelta({ status: claim.status, decidedByStaff: decidedByStaff(claim) }, from);
  if (counted) await moveCourierRecord(tx, claim.vendorId, ukToday(now), counted);
}

/**
 * Moves the claim by `move` inside `tx`, with `patch` written alongside. The update is
 * conditional on the status read, so of two racing answers only one applies; the other gets 409.
 */
export async function moveClaim(
  tx: Tx,
  claimId: string,
  move: ClaimMove,
  actor: ClaimActor,
  note: string,
  now: Date,
  patch: Partial<Omit<ClaimRow, 'id' | 'status'>> = {},
): Promise<ClaimRow> {
  const claim = await tx.query.claims.findFirst({ where: eq(claims.id, claimId) });
  if (!claim) throw AppError.notFound('Claim not found');
  const next = nextClaimStatus(
    { status: claim.status, decidedByStaff: decidedByStaff(claim) },
    move,
    actor.role,
  );
  if (!next.ok) throw AppError.conflict(next.reason, 'claim_move_not_allowed');
  const [updated] = await tx
    .update(claims)
    .set({ ...patch, status: next.to, updatedAt: now })
    .where(and(eq(claims.id, claim.id), eq(claims.status, claim.status)))
    .returning();
  if (!updated) throw AppError.conflict('The claim changed meanwhile; reload it', 'claim_changed');
  await recordClaimChange(tx, updated, claim.status, actor, note, now);
  return updated;
}
