import { type AnyColumn, and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { courierServices, users, vendors } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccessClaims } from '../../lib/jwt';
import type { RaList } from '../../lib/ra-list';
import { containsText } from '../../lib/sql';
import { bumpCatalogVersion } from '../couriers/catalog';
import { toCourierDto } from '../couriers/couriers.service';
// Stand-in until the vendor onboarding work lands: then import it from '../vendors/vendors.service'.
import { getVendorReviewData, toVendorDto, type VendorRow } from '../vendors/vendors.service';
import { vendorActivatedEmail, vendorSuspendedEmail } from './admin.emails';
import type { VENDOR_SORT_FIELDS, VendorListFilterSchema } from './admin.schemas';
import { recordAudit } from './audit';

type VendorSortField = (typeof VENDOR_SORT_FIELDS)[number];
type VendorFilter = z.infer<typeof VendorListFilterSchema>;
type Owner = { email: string; name: string | null };

/** Text sorts ignore case, as people expect in a list ('alpha' beside 'Alpha', not after 'Zulu'). */
const nocase = (column: AnyColumn) => sql`${column} COLLATE NOCASE`;

const SORT_COLUMNS = {
  createdAt: vendors.createdAt,
  updatedAt: vendors.updatedAt,
  shopName: nocase(vendors.shopName),
  // Review order, so sorting by status ascending lists the vendors waiting for activation first.
  status: sql`CASE ${vendors.status} WHEN 'pending' THEN 0 WHEN 'active' THEN 1 ELSE 2 END`,
  city: nocase(vendors.city),
  country: vendors.country,
  ownerEmail: users.email,
  id: vendors.id,
} satisfies Record<VendorSortField, unknown>;

function toAdminVendorDto(vendor: VendorRow, owner: Owner) {
  return { ...toVendorDto(vendor), ownerId: vendor.ownerId, ownerEmail: owner.email, ownerName: owner.name };
}

export class AdminService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  async listVendors(list: RaList<VendorSortField, VendorFilter>) {
    const conditions: SQL[] = [];
    const filter = list.filter ?? {};
    if (filter.status) conditions.push(eq(vendors.status, filter.status));
    if (filter.id !== undefined) {
      const ids = Array.isArray(filter.id) ? filter.id : [filter.id];
      conditions.push(inArray(vendors.id, ids));
    }
    if (filter.q) {
      conditions.push(
        or(
          containsText(vendors.shopName, filter.q),
          containsText(vendors.city, filter.q),
          containsText(users.email, filter.q),
        )!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const sort = list.sort ?? { field: 'createdAt', order: 'desc' };
    const column = SORT_COLUMNS[sort.field];
    const direction = sort.order === 'desc' ? desc : asc;
    // The id breaks ties, so pages neither repeat nor skip rows that sort equal.
    const [rows, totals] = await this.db.batch([
      this.db
        .select({ vendor: vendors, email: users.email, name: users.name })
        .from(vendors)
        .innerJoin(users, eq(users.id, vendors.ownerId))
        .where(where)
        .orderBy(direction(column), direction(vendors.id))
        .limit(list.limit)
        .offset(list.offset),
      this.db
        .select({ total: count() })
        .from(vendors)
        .innerJoin(users, eq(users.id, vendors.ownerId))
        .where(where),
    ]);
    return {
      rows: rows.map((r) => toAdminVendorDto(r.vendor, r)),
      total: totals[0]?.total ?? 0,
    };
  }

  private async findVendor(id: string) {
    const [row] = await this.db
      .select({ vendor: vendors, email: users.email, name: users.name })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.ownerId))
      .where(eq(vendors.id, id));
    if (!row) throw AppError.notFound('Vendor not found');
    return row;
  }

  /** One vendor with what staff judge it by: onboarding answers, documents and its services. */
  async getVendor(id: string) {
    const row = await this.findVendor(id);
    const [review, services] = await Promise.all([
      getVendorReviewData(this.db, id),
      this.db
        .select()
        .from(courierServices)
        .where(eq(courierServices.vendorId, id))
        .orderBy(asc(courierServices.createdAt)),
    ]);
    return {
      ...toAdminVendorDto(row.vendor, row),
      onboarding: review.onboarding,
      documents: review.documents,
      services: services.map(toCourierDto),
    };
  }

  /**
   * Only active vendors are quoted, so the status change, its audit row and the catalogue version
   * move together. The vendor is emailed afterwards: a mail failure must not undo the change.
   */
  async setVendorStatus(actor: AccessClaims, id: string, status: 'active' | 'suspended', reason: string) {
    const now = this.deps.now();
    const before = await this.db.transaction(
      async (tx) => {
        const [current] = await tx.select().from(vendors).where(eq(vendors.id, id));
        if (!current) return null;
        if (current.status === status) return current;
        await tx.update(vendors).set({ status }).where(eq(vendors.id, id));
        await recordAudit(
          tx,
          actor,
          {
            action: status === 'active' ? 'vendor.activate' : 'vendor.suspend',
            entityType: 'vendor',
            entityId: id,
            before: { status: current.status },
            after: { status },
            reason,
          },
          now,
        );
        await bumpCatalogVersion(tx);
        return current;
      },
      { behavior: 'immediate' },
    );
    if (!before) throw AppError.notFound('Vendor not found');
    if (before.status === status) {
      throw AppError.conflict(`The vendor is already ${status}`, 'vendor_status_unchanged');
    }
    this.deps.catalog.invalidate();
    this.deps.logger.info({ vendorId: id, status }, 'vendor status changed');
    const detail = await this.getVendor(id);
    await this.deps.mailer.send(
      status === 'active'
        ? vendorActivatedEmail(detail.ownerEmail, detail.shopName, `${this.deps.config.publicUrl}/dashboard`)
        : vendorSuspendedEmail(detail.ownerEmail, detail.shopName, reason),
    );
    return detail;
  }
}
