/**
 * The public profile's address, /couriers/{slug}: made from the courier's name when staff
 * activate it (the `courier-slug` subscriber) and, for couriers activated before slugs existed
 * (migration 0016), once at start-up. Kept when the shop is renamed, so links keep working.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { users, vendors } from '../../db/schema';
import { vendorNameOf } from '../couriers';

/** "Swift Couriers Ltd." -> "swift-couriers-ltd"; accents dropped; never empty. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'courier';
}

/**
 * Gives the vendor a slug from its name when it has none: the name's, else with -2, -3, ...
 * Run inside an immediate transaction, so two callers cannot pick the same free slug.
 */
export async function assignSlug(tx: Tx, vendorId: string): Promise<string | null> {
  const [row] = await tx
    .select({ slug: vendors.slug, shopName: vendors.shopName, ownerName: users.name })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.ownerId))
    .where(eq(vendors.id, vendorId));
  if (!row) return null;
  if (row.slug) return row.slug;
  const base = slugify(vendorNameOf(row.shopName, row.ownerName));
  const taken = new Set(
    (
      await tx
        .select({ slug: vendors.slug })
        .from(vendors)
        .where(sql`${vendors.slug} = ${base} or ${vendors.slug} like ${`${base}-%`}`)
    ).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  await tx.update(vendors).set({ slug }).where(eq(vendors.id, vendorId));
  return slug;
}

/**
 * Gives every active courier without a slug one, by the same rule as on activation, the longest
 * on Consign first (so it keeps the plain name). A SQL migration cannot: the rule needs slugify.
 * Called at every start (createDeps); once done it finds nobody. Each courier is its own
 * immediate transaction and assignSlug keeps a slug it finds, so two processes starting together
 * neither clash nor give one courier two slugs. Returns how many couriers it gave a slug.
 */
export async function backfillCourierSlugs(db: Database): Promise<number> {
  const missing = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.status, 'active'), isNull(vendors.slug)))
    .orderBy(asc(vendors.createdAt), asc(vendors.id));
  let given = 0;
  for (const { id } of missing) {
    const changed = await db.transaction(
      async (tx) => {
        const [before] = await tx.select({ slug: vendors.slug }).from(vendors).where(eq(vendors.id, id));
        if (!before || before.slug) return false;
        return (await assignSlug(tx, id)) !== null;
      },
      { behavior: 'immediate' },
    );
    if (changed) given += 1;
  }
  return given;
}
