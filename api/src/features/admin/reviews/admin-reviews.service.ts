import { count, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import { reviews, users, vendors } from '../../../db/schema';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { AccessClaims } from '../../../lib/jwt';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import { containsText } from '../../../lib/sql';
import type { ReviewRow } from '../../reviews';
import type { AdminReviewListQuerySchema, REVIEW_SORT_FIELDS } from './admin-reviews.schemas';

type ReviewFilter = NonNullable<z.infer<typeof AdminReviewListQuerySchema>['filter']>;

const REVIEW_SORT = {
  createdAt: reviews.createdAt,
  rating: reviews.rating,
  id: reviews.id,
} satisfies Record<(typeof REVIEW_SORT_FIELDS)[number], unknown>;

function toAdminReviewDto(r: ReviewRow, vendorName: string | null, authorEmail: string | null) {
  return {
    id: r.id,
    orderId: r.orderId,
    vendorId: r.vendorId,
    vendorName: vendorName ?? 'Courier',
    courierServiceId: r.courierServiceId,
    serviceName: r.serviceName,
    customerId: r.customerId,
    authorName: r.authorName,
    authorEmail,
    rating: r.rating,
    comment: r.comment,
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    hidden: r.hiddenAt !== null,
    hiddenAt: r.hiddenAt?.toISOString() ?? null,
    hiddenReason: r.hiddenReason,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Reviews for staff: read them all, hide a comment that breaks the rules (the score stays). */
export class AdminReviewsService {
  constructor(private readonly deps: AppDeps) {}

  async list(list: RaList<(typeof REVIEW_SORT_FIELDS)[number], ReviewFilter>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    const { rows, total } = await listPage(db, list, {
      rows: db
        .select({ review: reviews, vendorName: vendors.shopName, authorEmail: users.email })
        .from(reviews)
        .leftJoin(vendors, eq(vendors.id, reviews.vendorId))
        .leftJoin(users, eq(users.id, reviews.customerId))
        .$dynamic(),
      count: db.select({ total: count() }).from(reviews).$dynamic(),
      where: [
        f.hidden !== undefined && (f.hidden ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt)),
        f.rating !== undefined && eq(reviews.rating, f.rating),
        f.vendorId !== undefined && eq(reviews.vendorId, f.vendorId),
        f.q &&
          or(
            containsText(reviews.comment, f.q),
            containsText(reviews.reply, f.q),
            containsText(reviews.serviceName, f.q),
          ),
        idsIn(reviews.id, f.id),
      ],
      sort: REVIEW_SORT,
      tieBreaker: reviews.id,
    });
    return { rows: rows.map((r) => toAdminReviewDto(r.review, r.vendorName, r.authorEmail)), total };
  }

  async get(id: string) {
    const [row] = await this.deps.db
      .select({ review: reviews, vendorName: vendors.shopName, authorEmail: users.email })
      .from(reviews)
      .leftJoin(vendors, eq(vendors.id, reviews.vendorId))
      .leftJoin(users, eq(users.id, reviews.customerId))
      .where(eq(reviews.id, id));
    if (!row) throw AppError.notFound('Review not found');
    return toAdminReviewDto(row.review, row.vendorName, row.authorEmail);
  }

  /** Hides the comment (and keeps the score), with its audit row, in one transaction. */
  hide(actor: AccessClaims, id: string, reason: string) {
    return this.setHidden(actor, id, reason, true);
  }

  /** Shows a hidden comment again (staff changed their mind, or the author fixed it), audited. */
  show(actor: AccessClaims, id: string, reason: string) {
    return this.setHidden(actor, id, reason, false);
  }

  private async setHidden(actor: AccessClaims, id: string, reason: string, hide: boolean) {
    const now = this.deps.now();
    const found = await this.deps.db.transaction(
      async (tx) => {
        const [current] = await tx.select().from(reviews).where(eq(reviews.id, id));
        if (!current || (current.hiddenAt !== null) === hide) return current ?? null;
        await tx
          .update(reviews)
          .set(hide ? { hiddenAt: now, hiddenReason: reason } : { hiddenAt: null, hiddenReason: null })
          .where(eq(reviews.id, id));
        await recordAudit(
          tx,
          actor,
          {
            action: hide ? 'review.hide' : 'review.show',
            entityType: 'review',
            entityId: id,
            before: { hidden: !hide },
            after: { hidden: hide },
            reason,
          },
          now,
        );
        return current;
      },
      { behavior: 'immediate' },
    );
    if (!found) throw AppError.notFound('Review not found');
    if ((found.hiddenAt !== null) === hide) {
      throw hide
        ? AppError.conflict('The review is already hidden', 'review_already_hidden')
        : AppError.conflict('The review is already shown', 'review_already_shown');
    }
    return this.get(id);
  }
}
