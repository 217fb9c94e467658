import { and, asc, eq, sql } from 'drizzle-orm';
import type { Catalog } from '../../context';
import type { Database, Tx } from '../../db/client';
import { catalogVersion, courierServices, users, vendors } from '../../db/schema';
import type { QuotableService } from '../../domain/courier-services';

export type { QuotableService };

type CourierServiceRow = typeof courierServices.$inferSelect;

/** What customers see as the courier: the shop's name, else its owner's. */
export const vendorNameOf = (shopName: string | null, ownerName: string | null) =>
  shopName ?? ownerName ?? 'Courier';

/**
 * A stored courier service as the quote engine reads it: frozen (the catalogue shares one copy
 * between concurrent quotes), weight tiers sorted by maxKg.
 */
export function quotableService(s: CourierServiceRow, vendorName: string): QuotableService {
  return Object.freeze<QuotableService>({
    id: s.id,
    vendorId: s.vendorId,
    vendorName,
    name: s.name,
    logoUrl: s.logoUrl,
    serviceType: s.serviceType,
    currency: s.currency,
    fromLocation: s.fromLocation,
    toLocation: Array.isArray(s.toLocation) ? Object.freeze([...s.toLocation]) : s.toLocation,
    weightTiers: Object.freeze(
      [...s.weightTiers].sort((a, b) => a.maxKg - b.maxKg).map((t) => Object.freeze({ ...t })),
    ),
    maxLengthCm: s.maxLengthCm,
    maxWidthCm: s.maxWidthCm,
    maxHeightCm: s.maxHeightCm,
    maxWeightKg: s.maxWeightKg,
    volumetricDivisor: s.volumetricDivisor,
    transitDays: s.transitDays,
    sameDay: s.sameDay ? Object.freeze({ ...s.sameDay }) : null,
    handover: s.handover,
    labelMode: s.labelMode,
  });
}

/**
 * How often a process asks the database whether another process changed the catalogue.
 * Checking on every quote would put a database round trip on the hottest request; checking
 * once a second costs one primary-key read per second per process, and a change made by
 * another API process shows in quotes within a second, which is well inside what a price
 * list tolerates (a quote keeps its prices for 30 minutes anyway). Changes made in this
 * process are seen at once through `invalidate()`.
 */
export const VERSION_CHECK_INTERVAL_MS = 1000;

const CATALOG_ROW_ID = 1;

/**
 * Records that the catalogue changed. Call it inside the transaction that makes the change,
 * so the new version is visible exactly when the change is.
 */
export async function bumpCatalogVersion(tx: Database | Tx): Promise<void> {
  await tx
    .insert(catalogVersion)
    .values({ id: CATALOG_ROW_ID, version: 1 })
    .onConflictDoUpdate({ target: catalogVersion.id, set: { version: sql`${catalogVersion.version} + 1` } });
}

type Snapshot = { services: readonly QuotableService[]; version: number; checkedAt: number };

/**
 * The active courier services of active vendors, kept in memory: quotes read this instead of
 * the courier tables. Loaded on first use; dropped by `invalidate()` after every write in this
 * process; re-validated against the `catalog_version` row for writes made by other processes.
 */
export class CourierCatalog implements Catalog {
  #snapshot: Snapshot | null = null;
  #loading: Promise<readonly QuotableService[]> | null = null;
  /** Bumped by invalidate(), so a load that started before a change is not kept. */
  #generation = 0;

  constructor(
    private readonly db: Database,
    /** Monotonic milliseconds; injected so tests can step past the check interval. */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Every service that may be quoted now. The objects are frozen and shared: do not mutate. */
  async quotable(): Promise<readonly QuotableService[]> {
    const snapshot = this.#snapshot;
    if (!snapshot) return this.#load();
    const now = this.clock();
    if (now - snapshot.checkedAt < VERSION_CHECK_INTERVAL_MS) return snapshot.services;
    // Claim this second's check so concurrent callers keep using the snapshot meanwhile.
    snapshot.checkedAt = now;
    const generation = this.#generation;
    const version = await this.#readVersion(this.db);
    if (version === snapshot.version) return snapshot.services;
    if (this.#generation === generation && this.#snapshot === snapshot) this.#snapshot = null;
    return this.#load();
  }

  /**
   * Changes what may be quoted: runs `change` in one immediate transaction that also records the
   * new catalogue version (so other processes see it exactly when the change commits), then
   * forgets this process's snapshot. The one way features write courier services or anything
   * quotes show of a vendor.
   */
  async write<T>(change: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(
      async (tx) => {
        const value = await change(tx);
        await bumpCatalogVersion(tx);
        return value;
      },
      { behavior: 'immediate' },
    );
    this.invalidate();
    return result;
  }

  /** Forgets the snapshot; the next quotable() reloads. */
  invalidate(): void {
    this.#generation++;
    this.#snapshot = null;
    this.#loading = null;
  }

  #load(): Promise<readonly QuotableService[]> {
    if (this.#loading) return this.#loading;
    const generation = this.#generation;
    const loading = this.#fetch().then(
      (loaded) => {
        if (this.#generation === generation) {
          this.#snapshot = { ...loaded, checkedAt: this.clock() };
        }
        if (this.#loading === loading) this.#loading = null;
        return loaded.services;
      },
      (err: unknown) => {
        if (this.#loading === loading) this.#loading = null;
        throw err;
      },
    );
    this.#loading = loading;
    return loading;
  }

  async #readVersion(db: Database): Promise<number> {
    const [row] = await db
      .select({ version: catalogVersion.version })
      .from(catalogVersion)
      .where(eq(catalogVersion.id, CATALOG_ROW_ID));
    return row?.version ?? 0;
  }

  async #fetch(): Promise<{ services: readonly QuotableService[]; version: number }> {
    // The version is read first: a change committed between the two reads leaves us with newer
    // rows under an older version, which only causes one extra reload at the next check.
    const [versionRows, rows] = await this.db.batch([
      this.db
        .select({ version: catalogVersion.version })
        .from(catalogVersion)
        .where(eq(catalogVersion.id, CATALOG_ROW_ID)),
      this.db
        .select({
          service: courierServices,
          shopName: vendors.shopName,
          ownerName: users.name,
        })
        .from(courierServices)
        .innerJoin(vendors, eq(vendors.id, courierServices.vendorId))
        .innerJoin(users, eq(users.id, vendors.ownerId))
        .where(and(eq(courierServices.status, 'active'), eq(vendors.status, 'active')))
        .orderBy(asc(courierServices.id)),
    ]);
    const services = Object.freeze(
      rows.map(({ service, shopName, ownerName }) =>
        quotableService(service, vendorNameOf(shopName, ownerName)),
      ),
    );
    return { services, version: versionRows[0]?.version ?? 0 };
  }
}
