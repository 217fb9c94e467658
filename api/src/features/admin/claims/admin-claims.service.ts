import { and, asc, count, eq, isNull, not, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import { auditLog, claims, orders, users } from '../../../db/schema';
import { CLAIM_STATUSES, type ClaimStatus } from '../../../domain/statuses';
import { AppError } from '../../../lib/errors';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import { containsText } from '../../../lib/sql';
import { type ClaimRow, toClaimDto } from '../../claims';
import type { AdminClaimListQuerySchema, CLAIM_SORT_FIELDS } from './admin-claims.schemas';

type ClaimFilter = NonNullable<z.infer<typeof AdminClaimListQuerySchema>['filter']>;

const CLAIM_SORT = {
  createdAt: claims.createdAt,
  courierDeadline: claims.courierDeadline,
  amountClaimed: claims.amountClaimed,
  status: claims.status,
  id: claims.id,
} satisfies Record<(typeof CLAIM_SORT_FIELDS)[number], unknown>;

const awaitingStaff = or(
  eq(claims.status, 'escalated'),
  and(eq(claims.status, 'rejected'), isNull(claims.decidedBy)),
) as NonNullable<ReturnType<typeof or>>;

/** The claim with its customer and courier, in one read. */
const WITH_PARTIES = {
  claim: claims,
  courierName: orders.vendorName,
  customerName: users.name,
  customerEmail: users.email,
};

type ClaimWithParties = {
  claim: ClaimRow;
  courierName: string | null;
  customerName: string | null;
  customerEmail: string | null;
};

function toAdminClaimDto({ claim, courierName, customerName, customerEmail }: ClaimWithParties) {
  return {
    ...toClaimDto(claim),
    customerId: claim.customerId,
    customerName: customerName ?? customerEmail ?? 'Deleted account',
    customerEmail,
    vendorId: claim.vendorId,
    courierName: courierName ?? 'Courier',
  };
}

type ActorRole = 'customer' | 'vendor' | 'admin' | 'system';
const STAFF_OR_COURIER: Partial<Record<string, ActorRole>> = { admin: 'admin', vendor: 'vendor' };
const isClaimStatus = (s: unknown): s is ClaimStatus => CLAIM_STATUSES.includes(s as ClaimStatus);

/**
 * Claims for staff: the queue (oldest first unless asked otherwise) and every claim, read only;
 * deciding is features/claims (POST /admin/claims/{id}/decision).
 */
export class AdminClaimsService {
  constructor(private readonly deps: AppDeps) {}

  private withParties() {
    return this.deps.db
      .select(WITH_PARTIES)
      .from(claims)
      .leftJoin(orders, eq(orders.id, claims.orderId))
      .leftJoin(users, eq(users.id, claims.customerId));
  }

  async list(list: RaList<(typeof CLAIM_SORT_FIELDS)[number], ClaimFilter>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    // A reference is '#' and the id's last 8 characters (orders/order-store.ts orderReference).
    const text = f.q?.replace(/^#/, '').trim().toLowerCase();
    const { rows, total } = await listPage(db, list, {
      rows: this.withParties().$dynamic(),
      count: db.select({ total: count() }).from(claims).$dynamic(),
      where: [
        f.status !== undefined && eq(claims.status, f.status),
        f.kind !== undefined && eq(claims.kind, f.kind),
        f.awaitsStaff === true && awaitingStaff,
        f.awaitsStaff === false && not(awaitingStaff),
        f.vendorId !== undefined && eq(claims.vendorId, f.vendorId),
        f.orderId !== undefined && eq(claims.orderId, f.orderId),
        idsIn(claims.id, f.id),
        text && or(containsText(claims.orderId, text), containsText(claims.id, text)),
      ],
      sort: CLAIM_SORT,
      tieBreaker: claims.id,
      // The queue's order: the claim waiting longest first.
      defaultSort: { field: 'createdAt', order: 'asc' },
    });
    return { rows: rows.map(toAdminClaimDto), total };
  }

  /** One claim with its parties and its timeline (its audit rows: every move, who made it, the note). */
  async get(id: string) {
    const { db } = this.deps;
    const [row] = await this.withParties().where(eq(claims.id, id));
    if (!row) throw AppError.notFound('Claim not found');
    // Filing writes two rows in the same instant (filed, sent to the courier): written order breaks the tie.
    const steps = await db
      .select({
        at: auditLog.createdAt,
        after: auditLog.after,
        reason: auditLog.reason,
        actorId: auditLog.actorId,
        actorRole: users.role,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.entityType, 'claim'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.createdAt), sql`audit_log.rowid`);
    const timeline = steps.flatMap((s) => {
      const status = s.after?.status;
      if (!isClaimStatus(status)) return [];
      // No actor is Consign itself (the sweep, the payment); any other account is the customer.
      const actorRole: ActorRole =
        s.actorId === null ? 'system' : (STAFF_OR_COURIER[s.actorRole ?? ''] ?? 'customer');
      return [{ at: s.at.toISOString(), status, actorRole, note: s.reason }];
    });
    return { ...toAdminClaimDto(row), timeline };
  }
}
