/**
 * The audit trail of staff changes: every change staff make carries a reason (the body below)
 * and writes one audit row in the change's own transaction. Here, below the features, because
 * the features staff change (partners, and whatever the admin feature drives) write it too.
 */
import { z } from '@hono/zod-openapi';
import type { Database, Tx } from '../db/client';
import { auditLog } from '../db/schema';
import type { AccessClaims } from './jwt';

/** Every admin change carries a reason, kept in the audit log (and sent to the vendor on suspension). */
export const ReasonBodySchema = z
  .strictObject({
    reason: z
      .string({ error: 'A reason is required' })
      .trim()
      .min(1, 'A reason is required')
      .max(500, 'The reason must be at most 500 characters'),
  })
  .openapi('AdminReason');

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
