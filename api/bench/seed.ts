/**
 * Seeds the benchmark database: 8 active vendors with 200 active courier services between them,
 * of which exactly 50 fit the benchmark request (BENCH_REQUEST: one 2 kg parcel, domestic,
 * England to Scotland). The other 150 are what a real catalogue holds that such a request must
 * skip: international and same-day services, domestic services on other routes, and domestic
 * services whose tiers or limits are too small. Deterministic, so runs compare.
 *
 * Also a customer, a staff account and the first vendor's owner with BENCH_PASSWORD (hashed at the production
 * cost, so sign-in is measured as it really costs), and 100,000 paid orders of that vendor (or as many as asked),
 * written straight into the table, for the vendor order list.
 *
 *   node --import tsx bench/seed.ts <data dir> [orders, default 100,000]
 */
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { courierServices, users, vendors } from '../src/db/schema';
import { PLACED_ORDER_STATUSES } from '../src/domain/statuses';
import { bumpCatalogVersion } from '../src/features/couriers';
import { orderSearchText } from '../src/features/orders';
import { PasswordHasher } from '../src/lib/password';
import { seededRandom } from '../src/test/seeded-random';

export const BENCH_REQUEST = {
  serviceType: 'domestic',
  from: 'England',
  to: 'Scotland',
  parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
} as const;

export const FITTING_SERVICES = 50;
export const BENCH_PASSWORD = 'bench-password-1';
export const BENCH_CUSTOMER = 'bench-customer@consign.example';
export const BENCH_VENDOR = 'bench-vendor-1@consign.example';
/** Staff, for the admin console's order list. */
export const BENCH_ADMIN = 'bench-admin@consign.example';
/** The default; `bench:smoke` seeds fewer (the second argument). */
export const VENDOR_ORDERS = 100_000;
/** The vendor list scenario: one status and a search term (a recipient's surname). */
export const VENDOR_LIST_QUERY = { status: 'pending', q: 'Patel' } as const;
const RECIPIENTS = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Wright',
];
/** Every status a paid order can have, as a vendor's list holds them. */
const ORDER_STATUSES = PLACED_ORDER_STATUSES;
export const TOTAL_SERVICES = 200;
const VENDORS = 8;

type NewService = typeof courierServices.$inferInsert;

function services(vendorIds: string[]): NewService[] {
  const random = seededRandom(20260311);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const price = (min: number, max: number) => Math.round(min + random() * (max - min));
  const tiers = (maxKgs: number[], base: number) =>
    maxKgs.map((maxKg, i) => ({ maxKg, price: base + i * price(150, 400) }));
  const out: NewService[] = [];
  const add = (service: Omit<NewService, 'vendorId'>) =>
    out.push({ vendorId: vendorIds[out.length % vendorIds.length]!, ...service });

  for (let i = 0; i < FITTING_SERVICES; i++) {
    add({
      name: `Fits ${i + 1} ${pick(['Express', 'Standard', 'Economy', 'Saver', 'Next Day'])}`,
      serviceType: 'domestic',
      fromLocation: pick(['Any', 'England']),
      toLocation: pick(['Any', 'Scotland']),
      weightTiers: tiers([1, 2, 5, 10, 20, 30], price(399, 899)),
      maxLengthCm: pick([null, 100, 120]),
      maxWidthCm: pick([null, 70, 80]),
      maxHeightCm: pick([null, 60, 80]),
      maxWeightKg: pick([null, 20, 30]),
      transitDays: pick([1, 2, 3, 4]),
    });
  }
  for (let i = 0; i < 25; i++) {
    add({
      name: `Other route ${i + 1}`,
      serviceType: 'domestic',
      fromLocation: pick(['Wales', 'Scotland', 'Northern Ireland']),
      toLocation: pick(['England', 'Wales', 'Northern Ireland']),
      weightTiers: tiers([2, 5, 10], price(399, 899)),
      transitDays: pick([1, 2, 3]),
    });
  }
  for (let i = 0; i < 25; i++) {
    const tooLight = i % 2 === 0;
    add({
      name: `Small parcels ${i + 1}`,
      serviceType: 'domestic',
      fromLocation: 'Any',
      toLocation: 'Any',
      weightTiers: tooLight ? tiers([0.5, 1], price(249, 399)) : tiers([2, 5], price(299, 499)),
      maxLengthCm: tooLight ? null : 25,
      transitDays: pick([2, 3]),
    });
  }
  for (let i = 0; i < 60; i++) {
    add({
      name: `Worldwide ${i + 1}`,
      serviceType: 'international',
      fromLocation: 'GB',
      toLocation: i % 3 === 0 ? 'Any' : [pick(['FR', 'DE', 'ES', 'IT']), pick(['US', 'CA', 'AU', 'AL'])],
      weightTiers: tiers([1, 5, 10, 20], price(1999, 3999)),
      transitDays: pick([3, 4, 5, 7]),
    });
  }
  for (let i = 0; i < 40; i++) {
    add({
      name: `Same day ${i + 1}`,
      serviceType: 'same_day',
      fromLocation: 'Any',
      toLocation: 'Any',
      weightTiers: tiers([5, 10, 20], 0),
      transitDays: 0,
      sameDay: { baseFee: price(1000, 2000), perMile: price(80, 150), minimumFee: price(1500, 2500) },
    });
  }
  if (out.length !== TOTAL_SERVICES) throw new Error(`seeded ${out.length} services, not ${TOTAL_SERVICES}`);
  return out;
}

/** 100,000 paid orders of one vendor over the past year, 500 rows per statement. */
async function seedOrders(
  db: Awaited<ReturnType<typeof openDatabase>>,
  vendorId: string,
  customerId: string,
  total: number,
) {
  const random = seededRandom(20260312);
  const columns = [
    'id',
    'customer_id',
    'vendor_id',
    'courier_service_id',
    'status',
    'service_type',
    'service_name',
    'vendor_name',
    'collection_address',
    'delivery_address',
    'collection_date',
    'contents',
    'content_value',
    'parcels',
    'chargeable_weight_kg',
    'estimated_delivery',
    'currency',
    'net',
    'vat',
    'total',
    'tracking_number',
    'search_text',
    'paid_at',
    'created_at',
    'updated_at',
  ];
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const head = `insert into orders (${columns.join(', ')}) values `;
  const now = Date.now();
  const collection = JSON.stringify({
    name: 'Sam Sender',
    line1: '1 High Street',
    town: 'London',
    postcode: 'SW1A 1AA',
    country: 'GB',
  });
  const parcels = JSON.stringify([{ length: 30, width: 20, height: 15, weight: 2 }]);
  const statements = [];
  for (let start = 0; start < total; start += 500) {
    const args: (string | number | null)[] = [];
    const rows = Math.min(500, total - start);
    for (let i = 0; i < rows; i++) {
      const n = start + i;
      const created = now - Math.floor(random() * 365 * 86_400_000);
      const surname = RECIPIENTS[Math.floor(random() * RECIPIENTS.length)]!;
      const id = `bench-order-${String(n).padStart(6, '0')}`;
      const serviceName = `Bench Express ${n % 7}`;
      const recipient = `Robin ${surname}`;
      const delivery = JSON.stringify({
        name: recipient,
        line1: '2 Royal Mile',
        town: 'Edinburgh',
        postcode: 'EH1 1AA',
        country: 'GB',
      });
      const status = ORDER_STATUSES[Math.floor(random() * ORDER_STATUSES.length)]!;
      const day = new Date(created).toISOString().slice(0, 10);
      args.push(
        id,
        customerId,
        vendorId,
        'bench-service',
        status,
        'domestic',
        serviceName,
        'Bench Couriers 1',
        collection,
        delivery,
        day,
        'Books',
        2500,
        parcels,
        2,
        day,
        'GBP',
        1000,
        200,
        1200,
        `CSBENCH${String(n).padStart(8, '0')}`,
        // Written by insertOrder in the product; the vendor list's search reads only this.
        orderSearchText(id, { deliveryAddress: { name: recipient }, serviceName }),
        created,
        created,
        created,
      );
    }
    statements.push({ sql: head + Array(rows).fill(tuple).join(', '), args });
  }
  await db.$client.batch(statements, 'write');
}

async function main() {
  const dataDir = process.argv[2];
  const orderCount = Number(process.argv[3] ?? VENDOR_ORDERS);
  if (!dataDir || !(Number.isInteger(orderCount) && orderCount > 0))
    throw new Error('usage: node --import tsx bench/seed.ts <data dir> [orders]');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = await openDatabase(config.database);
  try {
    await runMigrations(db);
    await db.transaction(
      async (tx) => {
        const vendorIds: string[] = [];
        const passwordHash = await new PasswordHasher(1).hash(BENCH_PASSWORD);
        for (let i = 1; i <= VENDORS; i++) {
          const [user] = await tx
            .insert(users)
            .values({
              email: `bench-vendor-${i}@consign.example`,
              role: 'vendor',
              emailVerified: true,
              ...(i === 1 ? { passwordHash } : {}),
            })
            .returning({ id: users.id });
          const [vendor] = await tx
            .insert(vendors)
            .values({ ownerId: user!.id, status: 'active', shopName: `Bench Couriers ${i}`, country: 'GB' })
            .returning({ id: vendors.id });
          vendorIds.push(vendor!.id);
        }
        await tx.insert(courierServices).values(services(vendorIds));
        await bumpCatalogVersion(tx);
        await tx.insert(users).values([
          { email: BENCH_CUSTOMER, role: 'customer', emailVerified: true, passwordHash },
          { email: BENCH_ADMIN, role: 'admin', emailVerified: true, passwordHash },
        ]);
      },
      { behavior: 'immediate' },
    );
    const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_CUSTOMER));
    const [vendor] = await db
      .select({ id: vendors.id })
      .from(vendors)
      .innerJoin(users, eq(users.id, vendors.ownerId))
      .where(eq(users.email, BENCH_VENDOR));
    await seedOrders(db, vendor!.id, customer!.id, orderCount);
  } finally {
    db.$client.close();
  }
  console.log(
    JSON.stringify({
      vendors: VENDORS,
      services: TOTAL_SERVICES,
      fitting: FITTING_SERVICES,
      request: BENCH_REQUEST,
      vendorOrders: orderCount,
      vendorListQuery: VENDOR_LIST_QUERY,
      password: BENCH_PASSWORD,
      customer: BENCH_CUSTOMER,
      vendor: BENCH_VENDOR,
      admin: BENCH_ADMIN,
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
