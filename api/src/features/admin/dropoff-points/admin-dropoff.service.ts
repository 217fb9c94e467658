import { count, eq, inArray, or } from 'drizzle-orm';
import type { AppDeps } from '../../../context';
import { type DropoffPointStatus, dropoffPoints, users, vendors } from '../../../db/schema';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { AccessClaims } from '../../../lib/jwt';
import { idsIn, listPage } from '../../../lib/ra-list';
import { containsText } from '../../../lib/sql';
import { vendorNameOf } from '../../couriers';
import { changePointTellingOrders, toPointDto, withServices } from '../../dropoff-points';
import type { ListOf } from '../admin.resource';
import type { AdminDropOffListQuerySchema, DROPOFF_SORT_FIELDS } from './admin-dropoff.schemas';

type PointRow = typeof dropoffPoints.$inferSelect;

const SORT = {
  createdAt: dropoffPoints.createdAt,
  name: dropoffPoints.name,
  status: dropoffPoints.status,
  postcode: dropoffPoints.postcode,
  id: dropoffPoints.id,
} satisfies Record<(typeof DROPOFF_SORT_FIELDS)[number], unknown>;

/** Staff's view of every courier's drop-off points: read, suspend and reinstate. */
export class AdminDropOffService {
  constructor(private readonly deps: AppDeps) {}

  async #dtos(rows: PointRow[]) {
    const { db } = this.deps;
    const vendorIds = [...new Set(rows.map((r) => r.vendorId))];
    const names = vendorIds.length
      ? await db
          .select({ id: vendors.id, shopName: vendors.shopName, ownerName: users.name })
          .from(vendors)
          .innerJoin(users, eq(users.id, vendors.ownerId))
          .where(inArray(vendors.id, vendorIds))
      : [];
    const byVendor = new Map(names.map((n) => [n.id, vendorNameOf(n.shopName, n.ownerName)]));
    return (await withServices(db, rows)).map((p) => ({
      ...toPointDto(p),
      vendorName: byVendor.get(p.vendorId) ?? 'Courier',
    }));
  }

  async list(list: ListOf<typeof AdminDropOffListQuerySchema>) {
    const { db } = this.deps;
    const f = list.filter ?? {};
    const { rows, total } = await listPage(db, list, {
      rows: db.select().from(dropoffPoints).$dynamic(),
      count: db.select({ total: count() }).from(dropoffPoints).$dynamic(),
      where: [
        f.q &&
          or(
            containsText(dropoffPoints.name, f.q),
            containsText(dropoffPoints.code, f.q),
            containsText(dropoffPoints.postcode, f.q),
          ),
        f.status && eq(dropoffPoints.status, f.status),
        f.vendorId && eq(dropoffPoints.vendorId, f.vendorId),
        idsIn(dropoffPoints.id, f.id),
      ],
      sort: SORT,
      tieBreaker: dropoffPoints.id,
    });
    return { rows: await this.#dtos(rows), total };
  }

  async get(id: string) {
    const row = await this.deps.db.query.dropoffPoints.findFirst({ where: eq(dropoffPoints.id, id) });
    if (!row) throw AppError.notFound('Drop-off point not found');
    const [dto] = await this.#dtos([row]);
    return dto as NonNullable<typeof dto>;
  }

  /**
   * Suspends (nobody is offered the point; customers booked there are asked to choose another) or
   * reinstates a point. Status, audit row and the customers' events commit together.
   */
  async setStatus(
    actor: AccessClaims,
    id: string,
    to: Extract<DropoffPointStatus, 'active' | 'suspended'>,
    reason: string,
  ) {
    const now = this.deps.now();
    const from = await this.deps.db.transaction(
      async (tx) => {
        const [current] = await tx.select().from(dropoffPoints).where(eq(dropoffPoints.id, id));
        if (!current) throw AppError.notFound('Drop-off point not found');
        const allowed = to === 'suspended' ? current.status === 'active' : current.status === 'suspended';
        if (!allowed) return current.status;
        await changePointTellingOrders(tx, id, now, async () => {
          await tx
            .update(dropoffPoints)
            .set({ status: to, suspendedReason: to === 'suspended' ? reason : null, updatedAt: now })
            .where(eq(dropoffPoints.id, id));
        });
        await recordAudit(
          tx,
          actor,
          {
            action: to === 'suspended' ? 'dropoff_point.suspend' : 'dropoff_point.reinstate',
            entityType: 'dropoff_point',
            entityId: id,
            before: { status: current.status },
            after: { status: to },
            reason,
          },
          now,
        );
        return null;
      },
      { behavior: 'immediate' },
    );
    if (from !== null) {
      throw AppError.conflict(
        to === 'suspended'
          ? `Only an active point can be suspended; this one is ${from}`
          : `Only a suspended point can be reinstated; this one is ${from}`,
        'dropoff_point_status_unchanged',
      );
    }
    return this.get(id);
  }
}
