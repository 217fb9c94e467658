import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, vendors } from '../../db/schema';

/** Who hears a courier's mail: the account that owns it. */
export type VendorOwner = { vendorId: string; email: string; shopName: string | null };

/** The owners of several couriers (a courier without an owner account is left out). */
export function vendorOwners(db: Database, vendorIds: readonly string[]): Promise<VendorOwner[]> {
  if (vendorIds.length === 0) return Promise.resolve([]);
  return db
    .select({ vendorId: vendors.id, email: users.email, shopName: vendors.shopName })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.ownerId))
    .where(inArray(vendors.id, [...vendorIds]));
}

/** One courier's owner, or null when the courier is gone. */
export async function vendorOwner(db: Database, vendorId: string): Promise<VendorOwner | null> {
  const [owner] = await vendorOwners(db, [vendorId]);
  return owner ?? null;
}
