import type { Database, Tx } from '../../../db/client';
import { auditLog } from '../../../db/schema';
import type { AccessClaims } from '../../../lib/jwt';

export type AuditEntry = {
  action: string;
  entityType: string;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string;
};

/** Writes one audit row; call it inside the transaction that makes the change, so both land or neither. */
export async function recordAudit(tx: Database | Tx, actor: AccessClaims, entry: AuditEntry, at: Date) {
  await tx.insert(auditLog).values({
    actorId: actor.sub,
    actorEmail: actor.email,
    ...entry,
    createdAt: at,
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

export function toAuditDto(row: AuditRow) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
