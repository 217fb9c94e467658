import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../context';
import { vendors } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { bumpCatalogVersion } from '../couriers/catalog';
import type { UpdateVendorBodySchema } from './vendors.schemas';

export type VendorRow = typeof vendors.$inferSelect;

export function toVendorDto(v: VendorRow) {
  return {
    id: v.id,
    status: v.status,
    shopName: v.shopName,
    addressLine1: v.addressLine1,
    city: v.city,
    state: v.state,
    postalCode: v.postalCode,
    country: v.country,
    description: v.description,
    website: v.website,
    logoUrl: v.logoUrl,
    vatNumber: v.vatNumber,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

/**
 * The vendor business owned by a vendor account. Verification creates it, but an account can
 * reach vendor role without passing there (an unverified Google sign-up), so it is created
 * here too, pending, rather than leaving the vendor without a business record.
 */
export async function vendorOf(deps: AppDeps, ownerId: string): Promise<VendorRow> {
  const existing = await deps.db.query.vendors.findFirst({ where: eq(vendors.ownerId, ownerId) });
  if (existing) return existing;
  await deps.db.insert(vendors).values({ ownerId }).onConflictDoNothing();
  const created = await deps.db.query.vendors.findFirst({ where: eq(vendors.ownerId, ownerId) });
  if (!created) throw AppError.notFound('Vendor not found');
  return created;
}

export class VendorsService {
  constructor(private readonly deps: AppDeps) {}

  async mine(ownerId: string) {
    return toVendorDto(await vendorOf(this.deps, ownerId));
  }

  async updateMine(ownerId: string, patch: z.infer<typeof UpdateVendorBodySchema>) {
    const vendor = await vendorOf(this.deps, ownerId);
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length === 0) return toVendorDto(vendor);
    const updated = await this.deps.db.transaction(
      async (tx) => {
        const [row] = await tx.update(vendors).set(changes).where(eq(vendors.id, vendor.id)).returning();
        // Quotes show the shop name, so the cached catalogue must see the change.
        if ('shopName' in changes) await bumpCatalogVersion(tx);
        return row!;
      },
      { behavior: 'immediate' },
    );
    if ('shopName' in changes) this.deps.catalog.invalidate();
    return toVendorDto(updated);
  }
}
