import { and, count, eq, isNull, not, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import { claims } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import { toClaimDto } from '../../claims';
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
);

/** Claims for staff: the queue (oldest first in the console) and every claim, read only; deciding is features/claims. */
export class AdminClaimsService {
  constructor(private readonly deps: AppDeps) {}

  async list(list: RaList<(typeof CLAIM_SORT_FIELDS)[number], ClaimFilter>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    const { rows, total } = await listPage(db, list, {
      rows: db.select().from(claims).$dynamic(),
      count: db.select({ total: count() }).from(claims).$dynamic(),
      where: [
        f.status !== undefined && eq(claims.status, f.status),
        f.kind !== undefined && eq(claims.kind, f.kind),
        f.awaitsStaff === true && awaitingStaff,
        f.awaitsStaff === false && awaitingStaff && not(awaitingStaff),
        f.vendorId !== undefined && eq(claims.vendorId, f.vendorId),
        f.orderId !== undefined && eq(claims.orderId, f.orderId),
        idsIn(claims.id, f.id),
      ],
      sort: CLAIM_SORT,
      tieBreaker: claims.id,
    });
    return { rows: rows.map(toClaimDto), total };
  }

  async get(id: string) {
    const row = await this.deps.db.query.claims.findFirst({ where: eq(claims.id, id) });
    if (!row) throw AppError.notFound('Claim not found');
    return toClaimDto(row);
  }
}
