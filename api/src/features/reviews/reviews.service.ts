/**
 * Reviews of delivered orders: the customer writes one per order (and may change it for
 * REVIEW_EDIT_WINDOW_DAYS), the courier replies once, staff hide the text (features/admin/reviews).
 * Each write moves the service's rating totals in its own transaction (couriers/scores.ts), so
 * the next quote shows it without counting anything.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { orders, reviews, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { moveRating, scoreBoardFor } from '../couriers';
import { vendorOf } from '../vendors';
import { REVIEW_EDIT_WINDOW_DAYS } from './reviews.schemas';

export type ReviewRow = typeof reviews.$inferSelect;

const DAY_MS = 86_400_000;

export function toReviewDto(r: ReviewRow) {
  return {
    id: r.id,
    orderId: r.orderId,
    courierService: { id: r.courierServiceId, name: r.serviceName },
    rating: r.rating,
    comment: r.comment,
    authorName: r.authorName,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    editableUntil: r.editableUntil.toISOString(),
    reply: r.reply && r.repliedAt ? { text: r.reply, at: r.repliedAt.toISOString() } : null,
    hidden: r.hiddenAt !== null,
  };
}

/** As the public profile shows it: a hidden comment is withheld, the score is not. */
export function toPublicReviewDto(r: ReviewRow) {
  const hidden = r.hiddenAt !== null;
  return {
    id: r.id,
    rating: r.rating,
    comment: hidden ? null : r.comment,
    hidden,
    authorName: r.authorName,
    serviceName: r.serviceName,
    createdAt: r.createdAt.toISOString(),
    reply: r.reply && r.repliedAt ? { text: r.reply, at: r.repliedAt.toISOString() } : null,
  };
}

/** What the public sees of the author: the first word of their name, else "A customer". */
export function authorNameOf(name: string | null): string {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first.slice(0, 40) : 'A customer';
}

export type ReviewInput = { rating: number; comment?: string | null | undefined };

export class ReviewsService {
  constructor(private readonly deps: AppDeps) {}

  /** The caller's order's review state; 404 when the order is not the caller's. */
  async forOrder(customerId: string, orderId: string) {
    const order = await this.deps.db.query.orders.findFirst({
      where: and(eq(orders.id, orderId), eq(orders.customerId, customerId)),
      columns: { id: true, status: true },
    });
    if (!order) throw AppError.notFound('Order not found');
    const review = await this.deps.db.query.reviews.findFirst({ where: eq(reviews.orderId, orderId) });
    const now = this.deps.now();
    return {
      orderId,
      canReview: order.status === 'delivered' && (!review || review.editableUntil > now),
      review: review ? toReviewDto(review) : null,
    };
  }

  /**
   * Writes the caller's review of a delivered order, or changes it while it may be changed. One
   * immediate transaction holds the review and the rating totals, so a score counts exactly once.
   */
  async write(customerId: string, orderId: string, input: ReviewInput) {
    const now = this.deps.now();
    const comment = input.comment?.trim() ? input.comment.trim() : null;
    const result = await this.deps.db.transaction(
      async (tx) => {
        const order = await tx.query.orders.findFirst({
          where: and(eq(orders.id, orderId), eq(orders.customerId, customerId)),
        });
        if (!order) throw AppError.notFound('Order not found');
        if (order.status !== 'delivered') {
          throw AppError.conflict('You can review an order once it is delivered', 'order_not_delivered');
        }
        const service = { courierServiceId: order.courierServiceId, vendorId: order.vendorId };
        const existing = await tx.query.reviews.findFirst({ where: eq(reviews.orderId, orderId) });
        if (existing) {
          if (existing.editableUntil <= now) {
            throw AppError.conflict(
              `A review can be changed for ${REVIEW_EDIT_WINDOW_DAYS} days after it is written`,
              'review_locked',
            );
          }
          const [updated] = await tx
            .update(reviews)
            .set({ rating: input.rating, comment, updatedAt: now })
            .where(eq(reviews.id, existing.id))
            .returning();
          if (input.rating !== existing.rating)
            await moveRating(tx, service, input.rating - existing.rating, 0);
          return { created: false, review: updated! };
        }
        const author = await tx.query.users.findFirst({
          where: eq(users.id, customerId),
          columns: { name: true },
        });
        const [created] = await tx
          .insert(reviews)
          .values({
            orderId,
            customerId,
            ...service,
            serviceName: order.serviceName,
            rating: input.rating,
            comment,
            authorName: authorNameOf(author?.name ?? null),
            editableUntil: new Date(now.getTime() + REVIEW_EDIT_WINDOW_DAYS * DAY_MS),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await moveRating(tx, service, input.rating, 1);
        return { created: true, review: created! };
      },
      { behavior: 'immediate' },
    );
    scoreBoardFor(this.deps.db).invalidate();
    return { created: result.created, review: toReviewDto(result.review) };
  }

  /** The calling courier's reviews, newest first. */
  async listForVendor(ownerId: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    const rows = await this.deps.db
      .select()
      .from(reviews)
      .where(eq(reviews.vendorId, vendor.id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(100);
    return { items: rows.map(toReviewDto) };
  }

  /** The courier's one reply to a review of its own; 409 when it has replied already. */
  async reply(ownerId: string, reviewId: string, text: string) {
    const vendor = await vendorOf(this.deps, ownerId);
    const now = this.deps.now();
    const [updated] = await this.deps.db
      .update(reviews)
      .set({ reply: text, repliedAt: now, updatedAt: now })
      .where(and(eq(reviews.id, reviewId), eq(reviews.vendorId, vendor.id), isNull(reviews.reply)))
      .returning();
    if (updated) return toReviewDto(updated);
    const existing = await this.deps.db.query.reviews.findFirst({
      where: and(eq(reviews.id, reviewId), eq(reviews.vendorId, vendor.id)),
      columns: { id: true },
    });
    if (!existing) throw AppError.notFound('Review not found');
    throw AppError.conflict('You have already replied to this review', 'reply_exists');
  }
}
