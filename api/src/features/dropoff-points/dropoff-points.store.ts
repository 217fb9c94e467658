/**
 * Reading points with the services they take, and the wire shape of a point: what the vendor,
 * staff, search, booking and order pages share.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { dropoffPointServices, dropoffPoints } from '../../db/schema';

export type PointRow = typeof dropoffPoints.$inferSelect;
export type PointWithServices = PointRow & { serviceIds: string[] };
type DbOrTx = Database | Tx;

/** The service ids of each point, in one read. */
export async function serviceIdsOf(db: DbOrTx, pointIds: readonly string[]): Promise<Map<string, string[]>> {
  const byPoint = new Map<string, string[]>(pointIds.map((id) => [id, []]));
  if (pointIds.length === 0) return byPoint;
  const links = await db
    .select()
    .from(dropoffPointServices)
    .where(inArray(dropoffPointServices.pointId, [...pointIds]));
  for (const link of links) byPoint.get(link.pointId)?.push(link.serviceId);
  for (const ids of byPoint.values()) ids.sort();
  return byPoint;
}

export async function withServices(db: DbOrTx, rows: readonly PointRow[]): Promise<PointWithServices[]> {
  const ids = await serviceIdsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, serviceIds: ids.get(row.id) ?? [] }));
}

export async function readPoint(db: DbOrTx, id: string): Promise<PointWithServices | null> {
  const row = await db.query.dropoffPoints.findFirst({ where: eq(dropoffPoints.id, id) });
  if (!row) return null;
  const [point] = await withServices(db, [row]);
  return point ?? null;
}

export const addressOf = (p: PointRow) => ({
  line1: p.line1,
  line2: p.line2,
  town: p.town,
  postcode: p.postcode,
});

export function toPointDto(p: PointWithServices) {
  return {
    id: p.id,
    vendorId: p.vendorId,
    code: p.code,
    name: p.name,
    address: addressOf(p),
    openingHours: p.hours,
    closedDates: p.closedDates.map((d) => ({ date: d.date, reason: d.reason ?? null })),
    maxWeightKg: p.maxWeightKg,
    serviceIds: p.serviceIds,
    status: p.status,
    suspendedReason: p.suspendedReason,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export type DropOffPointDto = ReturnType<typeof toPointDto>;
