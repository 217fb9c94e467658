import { type AnyColumn, asc, count, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../../context';
import type { Tx } from '../../../db/client';
import { courierServices, users, vendorOnboarding, vendors } from '../../../db/schema';
import { recordAudit } from '../../../lib/audit';
import { AppError } from '../../../lib/errors';
import type { AccessClaims } from '../../../lib/jwt';
import { publish } from '../../../lib/outbox';
import { idsIn, listPage, type RaList } from '../../../lib/ra-list';
import { containsText } from '../../../lib/sql';
import { toCourierDto } from '../../couriers';
import type { OnboardingAnswers } from '../../vendors';
import { getVendorReviewData, toVendorDto, UpdateVendorBodySchema, type VendorRow } from '../../vendors';
import { VENDOR_EVENTS, type VendorStatusData } from './admin-vendors.notify';
import type { VENDOR_SORT_FIELDS, VendorListFilterSchema } from './admin-vendors.schemas';

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

/**
 * The VAT number the vendor gave in onboarding, normalised by the profile's own rule, or null when
 * it gave none or one the profile would refuse. Activation carries it to the profile (which
 * staff and customers read), so it does not show "Not specified" after being stated.
 */
async function onboardingVatNumber(tx: Tx, vendorId: string): Promise<string | null> {
  const row = await tx.query.vendorOnboarding.findFirst({ where: eq(vendorOnboarding.vendorId, vendorId) });
  const stated = (row?.answers as OnboardingAnswers | undefined)?.company?.vatNumber;
  if (!stated) return null;
  const parsed = UpdateVendorBodySchema.shape.vatNumber.safeParse(stated);
  return parsed.success ? (parsed.data ?? null) : null;
}

function toAdminVendorDto(vendor: VendorRow, owner: Owner) {
  return { ...toVendorDto(vendor), ownerId: vendor.ownerId, ownerEmail: owner.email, ownerName: owner.name };
}

export class AdminService {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  async listVendors(list: RaList<VendorSortField, VendorFilter>) {
    const f = list.filter ?? {};
    const { rows, total } = await listPage(this.db, list, {
      rows: this.db
        .select({ vendor: vendors, email: users.email, name: users.name })
        .from(vendors)
        .innerJoin(users, eq(users.id, vendors.ownerId))
        .$dynamic(),
      count: this.db
        .select({ total: count() })
        .from(vendors)
        .innerJoin(users, eq(users.id, vendors.ownerId))
        .$dynamic(),
      where: [
        f.status && eq(vendors.status, f.status),
        idsIn(vendors.id, f.id),
        f.q &&
          or(
            containsText(vendors.shopName, f.q),
            containsText(vendors.city, f.q),
            containsText(users.email, f.q),
          ),
      ],
      sort: SORT_COLUMNS,
      tieBreaker: vendors.id,
      cache: { list: 'admin vendors', tables: ['vendors', 'users'] },
    });
    return { rows: rows.map((r) => toAdminVendorDto(r.vendor, r)), total };
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
   * move together, with the outbox event that emails the vendor afterwards (a mail failure neither
   * undoes the change nor fails the request).
   */
  async setVendorStatus(actor: AccessClaims, id: string, status: 'active' | 'suspended', reason: string) {
    const now = this.deps.now();
    const before = await this.deps.catalog.write(async (tx) => {
      const [current] = await tx.select().from(vendors).where(eq(vendors.id, id));
      if (!current) return null;
      if (current.status === status) return current;
      const vatNumber =
        status === 'active' && current.vatNumber === null ? await onboardingVatNumber(tx, id) : null;
      await tx
        .update(vendors)
        .set(vatNumber ? { status, vatNumber } : { status })
        .where(eq(vendors.id, id));
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
      const event: VendorStatusData = { vendorId: id, reason };
      await publish(tx, status === 'active' ? VENDOR_EVENTS.activated : VENDOR_EVENTS.suspended, event, now);
      return current;
    });
    if (!before) throw AppError.notFound('Vendor not found');
    if (before.status === status) {
      throw AppError.conflict(`The vendor is already ${status}`, 'vendor_status_unchanged');
    }
    this.deps.logger.info({ vendorId: id, status }, 'vendor status changed');
    const detail = await this.getVendor(id);
    return detail;
  }
}
