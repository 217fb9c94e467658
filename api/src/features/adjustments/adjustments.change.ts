/**
 * The one way an adjustment moves (the claims' pattern, docs/architecture.md §4): read it under
 * the write lock, ask the machine, write the status, the order's timeline entry, the audit row
 * and the outbox event `adjustment.changed` in one transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { adjustments, auditLog, orders } from '../../db/schema';
import type { AdjustmentStatus } from '../../domain/statuses';
import { ukToday } from '../../domain/uk-days';
import { AppError } from '../../lib/errors';
import { publish } from '../../lib/outbox';
import { moveCourierRecord } from '../couriers';
import { recordOrderEvent } from '../orders';
import { type AdjustmentActorRole, type AdjustmentMove, nextAdjustmentStatus } from './adjustments.machine';

export type AdjustmentRow = typeof adjustments.$inferSelect;

export const ADJUSTMENT_EVENTS = { changed: 'adjustment.changed' } as const;

export type AdjustmentChangedData = {
  adjustmentId: string;
  orderId: string;
  from: AdjustmentStatus | null;
  to: AdjustmentStatus;
};

/** Who moves an adjustment: a person (id and email kept in the audit log) or the system. */
export type AdjustmentActor = { id: string | null; email: string; role: AdjustmentActorRole };

export const SYSTEM_ADJUSTMENT_ACTOR: AdjustmentActor = { id: null, email: 'system', role: 'system' };

/** Writes what every adjustment change writes: the timeline entry, the audit row and the event. */
export async function recordAdjustmentChange(
  tx: Tx,
  adjustment: AdjustmentRow,
  from: AdjustmentStatus | null,
  actor: AdjustmentActor,
  note: string,
  now: Date,
) {
  const order = await tx.query.orders.findFirst({
    where: eq(orders.id, adjustment.orderId),
    columns: { status: true },
  });
  if (!order) throw AppError.notFound('Order not found');
  await recordOrderEvent(tx, adjustment.orderId, { id: actor.id, role: actor.role }, now, {
    from: order.status,
    to: order.status,
    note,
    adjustmentStatus: adjustment.status,
  });
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: from === null ? 'adjustment.file' : `adjustment.${adjustment.status}`,
    entityType: 'adjustment',
    entityId: adjustment.id,
    before: from === null ? null : { status: from },
    after: {
      status: adjustment.status,
      bookedPrice: adjustment.bookedPrice,
      adjustedPrice: adjustment.adjustedPrice,
      difference: adjustment.difference,
    },
    reason: note,
    createdAt: now,
  });
  const data: AdjustmentChangedData = {
    adjustmentId: adjustment.id,
    orderId: adjustment.orderId,
    from,
    to: adjustment.status,
  };
  await publish(tx, ADJUSTMENT_EVENTS.changed, data, now);
  // The courier's record counts every adjustment filed, whatever its outcome.
  if (from === null) await moveCourierRecord(tx, adjustment.vendorId, ukToday(now), { adjustments: 1 });
}

/**
 * Moves the adjustment by `move` inside `tx`, with `patch` written alongside. The update is
 * conditional on the status read, so of two racing answers only one applies; the other gets 409.
 */
export async function moveAdjustment(
  tx: Tx,
  adjustmentId: string,
  move: AdjustmentMove,
  actor: AdjustmentActor,
  note: string,
  now: Date,
  patch: Partial<Omit<AdjustmentRow, 'id' | 'status'>> = {},
): Promise<AdjustmentRow> {
  const adjustment = await tx.query.adjustments.findFirst({ where: eq(adjustments.id, adjustmentId) });
  if (!adjustment) throw AppError.notFound('Adjustment not found');
  const next = nextAdjustmentStatus(adjustment.status, move, actor.role);
  if (!next.ok) throw AppError.conflict(next.reason, 'adjustment_move_not_allowed');
  const [updated] = await tx
    .update(adjustments)
    .set({ ...patch, status: next.to, updatedAt: now })
    .where(and(eq(adjustments.id, adjustment.id), eq(adjustments.status, adjustment.status)))
    .returning();
  if (!updated) throw AppError.conflict('The adjustment changed meanwhile; reload it', 'adjustment_changed');
  await recordAdjustmentChange(tx, updated, adjustment.status, actor, note, now);
  return updated;
}
