import { randomBytes } from 'node:crypto';
import { count, eq, inArray, or } from 'drizzle-orm';
import type { Database } from './client';
import { courierServices, partners, refreshTokens, type UserRole, users, vendors } from './schema';
import { seedDemoReviews } from './seed-reviews';

export const DEMO_PASSWORD = 'consign-demo-1';

/** What seeding needs of the app's dependencies (context.ts's AppDeps has it). */
type SeedDeps = {
  db: Database;
  hasher: { hash(password: string): Promise<string> };
  logger: { info(message: string): void };
  now: () => Date;
};

export const DEMO_ACCOUNTS = [
  { email: 'admin@consign.example', role: 'admin', name: 'Consign Staff' },
  { email: 'customer@consign.example', role: 'customer', name: 'Casey Customer' },
  { email: 'vendor@consign.example', role: 'vendor', name: 'Swift Couriers' },
  { email: 'vendor2@consign.example', role: 'vendor', name: 'Parcel Partners' },
  { email: 'pending@consign.example', role: 'vendor', name: 'Pending Parcels' },
  // Belongs to the demo partner shop below: its partner area at /partner.
  { email: 'partner@consign.example', role: 'partner', name: 'Pat Partner' },
] as const satisfies readonly { email: string; role: UserRole; name: string }[];

/**
 * The demo partner shop: its key works from any port of 127.0.0.1 and localhost, so the example
 * page in docs/examples and the widget's dev page work out of the box. Printed at start.
 */
export const DEMO_PARTNER = {
  name: 'Demo Partner Shop',
  mode: 'test',
  publishableKey: 'pk_test_demo_partner_shop',
  allowedOrigins: ['http://127.0.0.1:*', 'http://localhost:*'],
} as const;

/** Adds the demo partner to a demo database that predates it; answers its id. */
async function ensureDemoPartner(db: Pick<Database, 'insert' | 'select'>): Promise<string> {
  await db
    .insert(partners)
    .values({ ...DEMO_PARTNER, allowedOrigins: [...DEMO_PARTNER.allowedOrigins] })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.publishableKey, DEMO_PARTNER.publishableKey));
  return row!.id;
}

const DEMO_PARTNER_USER = DEMO_ACCOUNTS.find((a) => a.role === 'partner')!;

/** Adds the demo partner's user to a demo database that predates it. */
async function ensureDemoPartnerUser(deps: Pick<SeedDeps, 'db' | 'hasher'>, partnerId: string) {
  const existing = await deps.db.query.users.findFirst({
    columns: { id: true },
    where: eq(users.email, DEMO_PARTNER_USER.email),
  });
  if (existing) return;
  await deps.db
    .insert(users)
    .values({
      ...DEMO_PARTNER_USER,
      partnerId,
      passwordHash: await deps.hasher.hash(DEMO_PASSWORD),
      emailVerified: true,
    })
    .onConflictDoNothing();
}

const pounds = (p: number) => Math.round(p * 100);
const tiers = (rows: [number, number][]) => rows.map(([maxKg, price]) => ({ maxKg, price: pounds(price) }));

/**
 * Demo data for a new database only: an existing database (any user in it) is never touched.
 * Returns the demo accounts when they are present, so start-up can print them.
 */
export async function seedDemoData(deps: SeedDeps): Promise<{ email: string; role: UserRole }[] | null> {
  const { db, hasher, logger } = deps;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (n > 0) {
    const demo = await db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, DEMO_ACCOUNTS[0].email),
    });
    if (!demo) return null;
    await ensureDemoPartnerUser(deps, await ensureDemoPartner(db));
    return [...DEMO_ACCOUNTS];
  }
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  await db.transaction(
    async (tx) => {
      const ids: Record<string, string> = {};
      const partnerId = await ensureDemoPartner(tx);
      for (const account of DEMO_ACCOUNTS) {
        const [row] = await tx
          .insert(users)
          .values({
            ...account,
            passwordHash,
            emailVerified: true,
            partnerId: account.role === 'partner' ? partnerId : null,
          })
          .returning({ id: users.id });
        ids[account.email] = row!.id;
      }
      const [swift] = await tx
        .insert(vendors)
        .values({
          ownerId: ids['vendor@consign.example']!,
          status: 'active',
          shopName: 'Swift Couriers Ltd',
          slug: 'swift-couriers-ltd',
          addressLine1: '12 Wharf Road',
          city: 'London',
          state: 'Greater London',
          postalCode: 'N1 7GR',
          country: 'GB',
          description: 'Same-day and next-day parcel collection across the UK.',
          website: 'https://swift.example',
          vatNumber: 'GB123456789',
        })
        .returning({ id: vendors.id });
      const [partners] = await tx
        .insert(vendors)
        .values({
          ownerId: ids['vendor2@consign.example']!,
          status: 'active',
          shopName: 'Parcel Partners',
          slug: 'parcel-partners',
          addressLine1: '4 Dock Street',
          city: 'Leeds',
          state: 'West Yorkshire',
          postalCode: 'LS10 1JF',
          country: 'GB',
          description: 'Discount UPS and worldwide shipping from the UK.',
          website: 'https://parcelpartners.example',
        })
        .returning({ id: vendors.id });
      const [pending] = await tx
        .insert(vendors)
        .values({
          ownerId: ids['pending@consign.example']!,
          status: 'pending',
          shopName: 'Pending Parcels',
          city: 'Cardiff',
          country: 'GB',
          description: 'Awaiting activation by staff.',
        })
        .returning({ id: vendors.id });
      const services = await tx
        .insert(courierServices)
        .values([
          // Not quoted until staff activate its vendor (the admin console's demo): international
          // only, so activating it leaves the domestic demo quotes as they were.
          {
            vendorId: pending!.id,
            name: 'Pending Parcels Europe',
            serviceType: 'international',
            fromLocation: 'GB',
            toLocation: ['FR', 'DE', 'IE'],
            weightTiers: tiers([
              [5, 12.5],
              [10, 18.5],
            ]),
            maxWeightKg: 10,
            transitDays: 3,
          },
          {
            vendorId: swift!.id,
            name: 'City Sprint',
            serviceType: 'same_day',
            fromLocation: 'Any',
            toLocation: 'Any',
            weightTiers: tiers([
              [5, 0],
              [10, 5],
              [20, 10],
            ]),
            maxLengthCm: 120,
            maxWidthCm: 80,
            maxHeightCm: 80,
            maxWeightKg: 20,
            transitDays: 0,
            sameDay: { baseFee: pounds(15), perMile: pounds(1.2), minimumFee: pounds(20) },
          },
          {
            vendorId: swift!.id,
            name: 'UPS Standard',
            serviceType: 'domestic',
            fromLocation: 'Any',
            toLocation: 'Any',
            weightTiers: tiers([
              [1, 6.49],
              [2, 7.49],
              [5, 9.99],
              [10, 13.99],
              [20, 19.99],
            ]),
            maxLengthCm: 100,
            maxWidthCm: 70,
            maxHeightCm: 60,
            maxWeightKg: 20,
            transitDays: 2,
          },
          {
            vendorId: swift!.id,
            name: 'DPD Next Day',
            serviceType: 'domestic',
            fromLocation: 'Any',
            toLocation: 'Any',
            weightTiers: tiers([
              [2, 8.95],
              [5, 10.95],
              [10, 14.5],
              [30, 24.5],
            ]),
            maxLengthCm: 120,
            maxWidthCm: 80,
            maxHeightCm: 80,
            maxWeightKg: 30,
            transitDays: 1,
          },
          {
            vendorId: partners!.id,
            name: 'UPS Promotion',
            serviceType: 'domestic',
            fromLocation: 'England',
            toLocation: 'Any',
            weightTiers: tiers([
              [1, 4.99],
              [5, 7.99],
              [10, 11.99],
              [20, 17.49],
            ]),
            maxLengthCm: 80,
            maxWidthCm: 60,
            maxHeightCm: 60,
            maxWeightKg: 20,
            transitDays: 3,
          },
          {
            vendorId: partners!.id,
            name: 'UPS Worldwide Saver',
            serviceType: 'international',
            fromLocation: 'GB',
            toLocation: 'Any',
            weightTiers: tiers([
              [1, 24.99],
              [5, 39.99],
              [10, 59.99],
              [20, 89.99],
            ]),
            maxLengthCm: 120,
            maxWidthCm: 80,
            maxHeightCm: 80,
            maxWeightKg: 20,
            transitDays: 4,
          },
        ])
        .returning({
          id: courierServices.id,
          name: courierServices.name,
          vendorId: courierServices.vendorId,
          serviceType: courierServices.serviceType,
        });
      // Delivered orders with reviews, so the demo's quotes and profiles show measured scores.
      await seedDemoReviews(tx, services, deps.now());
    },
    { behavior: 'immediate' },
  );
  logger.info('seeded demo data');
  return [...DEMO_ACCOUNTS];
}

const DEMO_EMAILS: string[] = DEMO_ACCOUNTS.map((a) => a.email);

/**
 * What of the demo data (published password, published partner key) this database still holds:
 * one line per account, and the partner. Production refuses to start on any of it unless
 * SEED_DEMO=1 says it is wanted (main.ts).
 */
export async function demoLeftovers(db: Database): Promise<string[]> {
  const accounts = await db.query.users.findMany({
    columns: { email: true, role: true },
    where: inArray(users.email, DEMO_EMAILS),
  });
  const partner = await db.query.partners.findFirst({
    columns: { id: true },
    where: or(
      eq(partners.publishableKey, DEMO_PARTNER.publishableKey),
      eq(partners.previousKey, DEMO_PARTNER.publishableKey),
    ),
  });
  return [
    ...accounts.map((a) => `${a.email} (${a.role})`),
    ...(partner ? [`the demo partner (key ${DEMO_PARTNER.publishableKey})`] : []),
  ];
}

/**
 * Takes a trial database to production: the demo accounts are retired rather than deleted, so
 * orders placed with them keep their history, but they lose their address, password and
 * sessions and are disabled; their courier services stop being quoted; the demo partner's key
 * stops working. Idempotent. Answers what was removed.
 */
export async function removeDemoData(db: Database): Promise<string[]> {
  const removed = await demoLeftovers(db);
  await db.transaction(
    async (tx) => {
      const accounts = await tx.query.users.findMany({
        columns: { id: true },
        where: inArray(users.email, DEMO_EMAILS),
      });
      for (const { id } of accounts) {
        await tx
          .update(users)
          .set({
            email: `removed-demo-${id}@consign.invalid`,
            name: 'Removed demo account',
            passwordHash: null,
            googleSub: null,
            disabled: true,
          })
          .where(eq(users.id, id));
        await tx.delete(refreshTokens).where(eq(refreshTokens.userId, id));
        const owned = await tx.query.vendors.findMany({
          columns: { id: true },
          where: eq(vendors.ownerId, id),
        });
        for (const vendor of owned) {
          await tx.update(vendors).set({ status: 'suspended' }).where(eq(vendors.id, vendor.id));
          await tx
            .update(courierServices)
            .set({ status: 'inactive' })
            .where(eq(courierServices.vendorId, vendor.id));
        }
      }
      await tx
        .update(partners)
        .set({
          status: 'disabled',
          publishableKey: `pk_test_removed_${randomBytes(12).toString('hex')}`,
          previousKey: null,
          previousKeyExpiresAt: null,
          allowedOrigins: [],
        })
        .where(
          or(
            eq(partners.publishableKey, DEMO_PARTNER.publishableKey),
            eq(partners.previousKey, DEMO_PARTNER.publishableKey),
          ),
        );
    },
    { behavior: 'immediate' },
  );
  return removed;
}

/** The start-up refusal, naming what is there and the two ways out. */
export function demoLeftoversMessage(leftovers: string[]): string {
  return [
    'This database holds demo data with published passwords and keys; production will not start on it:',
    ...leftovers.map((l) => `  - ${l}`),
    'Create your own admin (pnpm --filter @consign/api admin:create --email you@example.com), then remove the demo data',
    'with `pnpm --filter @consign/api demo:remove` (see docs/deployment.md), or set SEED_DEMO=1 to keep it on purpose.',
  ].join('\n');
}
