import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogVersion, courierServices } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { signUpAdmin, signUpVendor } from '../admin/admin.fixtures';
import { bumpCatalogVersion, CourierCatalog, VERSION_CHECK_INTERVAL_MS } from './catalog';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const tiers = [{ maxKg: 5, price: 999 }];

/** An active vendor with one active and one inactive service. */
async function activeVendorWithServices(email: string, shopName: string) {
  const admin = await signUpAdmin(t, `admin-${email}`);
  const vendor = await signUpVendor(t, email);
  await t.patch('/api/v1/vendors/me', { shopName }, vendor.auth);
  await t.post(
    `/api/v1/admin/vendors/${vendor.vendorId}/activate`,
    { reason: 'Checks passed' },
    t.bearer(admin.accessToken),
  );
  const active = await t.post(
    '/api/v1/couriers',
    {
      name: `${shopName} Next Day`,
      serviceType: 'same_day',
      weightTiers: [
        { maxKg: 10, price: 500 },
        { maxKg: 2, price: 1 },
      ],
      sameDay: { baseFee: 1500, perMile: 137.5, minimumFee: 2000 },
      maxLengthCm: 80,
    },
    vendor.auth,
  );
  await t.post(
    '/api/v1/couriers',
    { name: `${shopName} Off`, serviceType: 'domestic', weightTiers: tiers, status: 'inactive' },
    vendor.auth,
  );
  return { ...vendor, admin, serviceId: active.body.id as string };
}

describe('CourierCatalog', () => {
  it('holds the active services of active vendors, joined with the vendor, in the engine shape', async () => {
    const swift = await activeVendorWithServices('swift@example.com', 'Swift');
    // A pending vendor's active service is not quotable.
    const pending = await signUpVendor(t, 'pending@example.com');
    await t.post(
      '/api/v1/couriers',
      { name: 'Pending', serviceType: 'domestic', weightTiers: tiers },
      pending.auth,
    );

    const quotable = await t.deps.catalog.quotable();
    expect(quotable).toEqual([
      {
        id: swift.serviceId,
        vendorId: swift.vendorId,
        vendorName: 'Swift',
        name: 'Swift Next Day',
        logoUrl: null,
        serviceType: 'same_day',
        currency: 'GBP',
        fromLocation: 'Any',
        toLocation: 'Any',
        weightTiers: [
          { maxKg: 2, price: 1 },
          { maxKg: 10, price: 500 },
        ],
        maxLengthCm: 80,
        maxWidthCm: null,
        maxHeightCm: null,
        maxWeightKg: null,
        volumetricDivisor: 5000,
        transitDays: 0,
        sameDay: { baseFee: 1500, perMile: 137.5, minimumFee: 2000 },
        handover: 'collection',
        labelMode: 'printed',
      },
    ]);
  });

  it('keeps the loaded list in memory and hands out frozen objects', async () => {
    await activeVendorWithServices('swift@example.com', 'Swift');
    const first = await t.deps.catalog.quotable();
    // A write that bypasses the services (no version bump, no invalidate) is not seen: no re-read.
    await t.deps.db.update(courierServices).set({ name: 'Changed behind its back' });
    const second = await t.deps.catalog.quotable();
    expect(second).toBe(first);
    expect(second[0]!.name).toBe('Swift Next Day');
    expect(Object.isFrozen(second)).toBe(true);
    expect(Object.isFrozen(second[0])).toBe(true);
    expect(Object.isFrozen(second[0]!.weightTiers[0])).toBe(true);
    expect(() => {
      (second[0] as { name: string }).name = 'mutated';
    }).toThrow(TypeError);
    t.deps.catalog.invalidate();
    expect((await t.deps.catalog.quotable())[0]!.name).toBe('Changed behind its back');
  });

  it('sees changes made by another process within a second, through the version row', async () => {
    const swift = await activeVendorWithServices('swift@example.com', 'Swift');
    let now = 0;
    // A second catalogue on the same database stands for another API process.
    const other = new CourierCatalog(t.deps.db, () => now);
    expect(await other.quotable()).toHaveLength(1);

    // This process suspends the vendor: its own catalogue sees it at once...
    const suspended = await t.post(
      `/api/v1/admin/vendors/${swift.vendorId}/suspend`,
      { reason: 'Complaints' },
      t.bearer(swift.admin.accessToken),
    );
    expect(suspended.status).toBe(200);
    expect(await t.deps.catalog.quotable()).toEqual([]);
    // ...the other one only after its check interval, without being told.
    now = VERSION_CHECK_INTERVAL_MS - 1;
    expect(await other.quotable()).toHaveLength(1);
    now = VERSION_CHECK_INTERVAL_MS;
    expect(await other.quotable()).toEqual([]);
  });

  it('does not reload when the version has not moved', async () => {
    await activeVendorWithServices('swift@example.com', 'Swift');
    let now = 0;
    const catalog = new CourierCatalog(t.deps.db, () => now);
    const first = await catalog.quotable();
    now = 10 * VERSION_CHECK_INTERVAL_MS;
    expect(await catalog.quotable()).toBe(first);
    await bumpCatalogVersion(t.deps.db);
    now = 11 * VERSION_CHECK_INTERVAL_MS;
    const reloaded = await catalog.quotable();
    expect(reloaded).not.toBe(first);
    expect(reloaded).toEqual(first);
  });

  it('neither hands out nor keeps a load that started before invalidate()', async () => {
    await activeVendorWithServices('swift@example.com', 'Swift');
    const catalog = new CourierCatalog(t.deps.db);
    // Both calls start while the first load is still in flight (the database has not answered yet).
    const before = catalog.quotable();
    catalog.invalidate();
    const after = catalog.quotable();
    const [old, fresh] = await Promise.all([before, after]);
    expect(fresh).not.toBe(old);
    expect(fresh).toEqual(old);
    // The snapshot kept is the fresh load's, not the one invalidated mid-flight.
    expect(await catalog.quotable()).toBe(fresh);
  });

  it('counts versions in one row, bumped once per write', async () => {
    const read = async () =>
      (await t.deps.db.select().from(catalogVersion)).map((r) => ({ id: r.id, version: r.version }));
    expect(await read()).toEqual([]);
    const { auth } = await signUpVendor(t, 'v@example.com');
    const created = await t.post(
      '/api/v1/couriers',
      { name: 'A', serviceType: 'domestic', weightTiers: tiers },
      auth,
    );
    expect(await read()).toEqual([{ id: 1, version: 1 }]);
    await t.patch(`/api/v1/couriers/${created.body.id}`, { name: 'B' }, auth);
    await t.del(`/api/v1/couriers/${created.body.id}`, auth);
    expect(await read()).toEqual([{ id: 1, version: 3 }]);
    // A refused change writes nothing, so the version stays.
    await t.post('/api/v1/couriers', { name: 'A', serviceType: 'domestic', weightTiers: [] }, auth);
    expect(await read()).toEqual([{ id: 1, version: 3 }]);
  });
});
