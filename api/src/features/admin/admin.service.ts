import { type AnyColumn, and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { users, vendors } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RaList } from '../../lib/ra-list';
import { containsText } from '../../lib/sql';
import { bumpCatalogVersion } from '../couriers/catalog';
import { toVendorDto, type VendorRow } from '../vendors/vendors.service';
import type { VENDOR_SORT_FIELDS, VendorListFilterSchema } from './admin.schemas';

type VendorSortField = (typeof VENDOR_SORT_FIELDS)[number];
type VendorFilter = z.infer<typeof VendorListFilterSchema>;
type Owner = { email: string; name: string | null };

/** Text sorts ignore case, as people expect in a list ('alpha' beside 'Alpha', not after 'Zulu'). */
const nocase = (column: AnyColumn) => sql`${column} COLLATE NOCASE`;

const SORT_COLUMNS = {
  createdAt: vendors.createdAt,
  updatedAt: vendors.updatedAt,
  shopName: nocase(vendors.shopName),
  status: vendors.status,
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

  async getVendor(id: string) {
    const [row] = await this.db
      .select({ vendor: vendors, email: users.email, name: users.name })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.ownerId))
      .where(eq(vendors.id, id));
    if (!row) throw AppError.notFound('Vendor not found');
    return toAdminVendorDto(row.vendor, row);
  }

  /** Only active vendors are quoted, so the status change and the catalogue version move together. */
  async setVendorStatus(id: string, status: 'active' | 'suspended') {
    const changed = await this.db.transaction(
      async (tx) => {
        const [row] = await tx
          .update(vendors)
          .set({ status })
          .where(eq(vendors.id, id))
          .returning({ id: vendors.id });
        if (!row) return false;
        await bumpCatalogVersion(tx);
        return true;
      },
      { behavior: 'immediate' },
    );
    if (!changed) throw AppError.notFound('Vendor not found');
    this.deps.catalog.invalidate();
    this.deps.logger.info({ vendorId: id, status }, 'vendor status changed');
    return this.getVendor(id);
  }
}
