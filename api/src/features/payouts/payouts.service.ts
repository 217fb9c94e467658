/** What the payout routes read: a courier's payouts, and batches with their items for staff. */
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { payoutBatches, payoutItems, vendors } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isoTime } from '../../lib/iso-time';
import { idsIn, listPage, type RaList } from '../../lib/ra-list';
import type { PayoutBatchRow, PayoutItemRow } from './payouts.run';
import type { PAYOUT_SORT_FIELDS, PayoutListQuerySchema } from './payouts.schemas';

type PayoutFilter = NonNullable<z.infer<typeof PayoutListQuerySchema>['filter']>;

const iso = (d: Date | null) => (d ? isoTime(d) : null);

export function toVendorPayout(item: PayoutItemRow) {
  return {
    id: item.id,
    amount: item.amount,
    currency: item.currency,
    status: item.status,
    receiver: item.receiver,
    reason: item.failureReason,
    createdAt: isoTime(item.createdAt),
    settledAt: iso(item.settledAt),
  };
}

/** A courier's payout items, newest first. */
export async function vendorPayouts(deps: AppDeps, vendorId: string, limit = 50) {
  const rows = await deps.db
    .select()
    .from(payoutItems)
    .where(eq(payoutItems.vendorId, vendorId))
    .orderBy(desc(payoutItems.createdAt), desc(payoutItems.id))
    .limit(limit);
  return rows.map(toVendorPayout);
}

function toBatch(batch: PayoutBatchRow, items: PayoutItemRow[]) {
  const totals = new Map<PayoutItemRow['currency'], number>();
  for (const item of items) totals.set(item.currency, (totals.get(item.currency) ?? 0) + item.amount);
  return {
    id: batch.id,
    status: batch.status,
    provider: batch.provider,
    providerBatchId: batch.providerBatchId,
    trigger: batch.trigger,
    itemCount: batch.itemCount,
    totals: [...totals].map(([currency, amount]) => ({ currency, amount })),
    paid: items.filter((i) => i.status === 'paid').length,
    returned: items.filter((i) => i.status === 'returned').length,
    failureReason: batch.failureReason,
    createdAt: isoTime(batch.createdAt),
    sentAt: iso(batch.sentAt),
    closedAt: iso(batch.closedAt),
  };
}

async function itemsOf(deps: AppDeps, batchIds: string[]) {
  if (batchIds.length === 0) return [];
  return deps.db
    .select({ item: payoutItems, vendorName: vendors.shopName })
    .from(payoutItems)
    .leftJoin(vendors, eq(vendors.id, payoutItems.vendorId))
    .where(inArray(payoutItems.batchId, batchIds))
    .orderBy(payoutItems.createdAt, payoutItems.id);
}

export async function listBatches(
  deps: AppDeps,
  list: RaList<(typeof PAYOUT_SORT_FIELDS)[number], PayoutFilter>,
) {
  const f = list.filter ?? {};
  const { rows, total } = await listPage(deps.db, list, {
    rows: deps.db.select().from(payoutBatches).$dynamic(),
    count: deps.db.select({ total: count() }).from(payoutBatches).$dynamic(),
    where: [
      f.status && eq(payoutBatches.status, f.status),
      f.vendorId &&
        sql`exists (select 1 from ${payoutItems} where ${payoutItems.batchId} = ${payoutBatches.id} and ${payoutItems.vendorId} = ${f.vendorId})`,
      idsIn(payoutBatches.id, f.id),
    ],
    sort: { createdAt: payoutBatches.createdAt, status: payoutBatches.status, id: payoutBatches.id },
    tieBreaker: payoutBatches.id,
  });
  const items = await itemsOf(
    deps,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((batch) =>
      toBatch(
        batch,
        items.filter((i) => i.item.batchId === batch.id).map((i) => i.item),
      ),
    ),
    total,
  };
}

export async function batchDetail(deps: AppDeps, id: string) {
  const batch = await deps.db.query.payoutBatches.findFirst({ where: eq(payoutBatches.id, id) });
  if (!batch) throw AppError.notFound('Payout not found');
  const items = await itemsOf(deps, [batch.id]);
  return {
    ...toBatch(
      batch,
      items.map((i) => i.item),
    ),
    items: items.map(({ item, vendorName }) => ({
      ...toVendorPayout(item),
      vendorId: item.vendorId,
      vendorName,
      providerStatus: item.providerStatus,
      providerItemId: item.providerItemId,
      transactionId: item.transactionId,
    })),
  };
}
