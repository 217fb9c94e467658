import { count, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import { adjustments, orders, users } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import { containsText } from '../../../lib/sql';
import { type AdjustmentRow, toAdjustmentDto } from '../../adjustments';
import type { ADJUSTMENT_SORT_FIELDS, AdminAdjustmentListQuerySchema } from './admin-adjustments.schemas';

type AdjustmentFilter = NonNullable<z.infer<typeof AdminAdjustmentListQuerySchema>['filter']>;

const ADJUSTMENT_SORT = {
  createdAt: adjustments.createdAt,
  disputedAt: adjustments.disputedAt,
  difference: adjustments.difference,
  status: adjustments.status,
  id: adjustments.id,
} satisfies Record<(typeof ADJUSTMENT_SORT_FIELDS)[number], unknown>;

type AdjustmentWithParties = {
  adjustment: AdjustmentRow;
  courierName: string | null;
  customerName: string | null;
  customerEmail: string | null;
};

function toAdminAdjustmentDto({
  adjustment,
  courierName,
  customerName,
  customerEmail,
}: AdjustmentWithParties) {
  return {
    ...toAdjustmentDto(adjustment),
    customerId: adjustment.customerId,
    customerName: customerName ?? customerEmail ?? 'Deleted account',
    customerEmail,
    vendorId: adjustment.vendorId,
    courierName: courierName ?? 'Courier',
  };
}

/**
 * Adjustments for staff: the disputed ones to decide (oldest first unless asked otherwise) and
 * every other, read only; deciding is features/adjustments (POST /admin/adjustments/{id}/decision).
 */
export class AdminAdjustmentsService {
  constructor(private readonly deps: AppDeps) {}

  private withParties() {
    return this.deps.db
      .select({
        adjustment: adjustments,
        courierName: orders.vendorName,
        customerName: users.name,
        customerEmail: users.email,
      })
      .from(adjustments)
      .leftJoin(orders, eq(orders.id, adjustments.orderId))
      .leftJoin(users, eq(users.id, adjustments.customerId));
  }

  async list(list: RaList<(typeof ADJUSTMENT_SORT_FIELDS)[number], AdjustmentFilter>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    // A reference is '#' and the id's last 8 characters (orders/order-store.ts orderReference).
    const text = f.q?.replace(/^#/, '').trim().toLowerCase();
    const { rows, total } = await listPage(db, list, {
      rows: this.withParties().$dynamic(),
      count: db.select({ total: count() }).from(adjustments).$dynamic(),
      where: [
        f.status !== undefined && eq(adjustments.status, f.status),
        f.vendorId !== undefined && eq(adjustments.vendorId, f.vendorId),
        f.orderId !== undefined && eq(adjustments.orderId, f.orderId),
        idsIn(adjustments.id, f.id),
        text && or(containsText(adjustments.orderId, text), containsText(adjustments.id, text)),
      ],
      sort: ADJUSTMENT_SORT,
      tieBreaker: adjustments.id,
      // The queue's order: the adjustment waiting longest first.
      defaultSort: { field: 'createdAt', order: 'asc' },
    });
    return { rows: rows.map(toAdminAdjustmentDto), total };
  }

  async get(id: string) {
    const [row] = await this.withParties().where(eq(adjustments.id, id));
    if (!row) throw AppError.notFound('Adjustment not found');
    return toAdminAdjustmentDto(row);
  }
}
