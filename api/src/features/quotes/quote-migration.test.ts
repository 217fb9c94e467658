/**
 * The data migration of issue 12: quotes stored as one row per option (before) read back
 * exactly as before from the compact record (after), orders keep pointing at what they booked,
 * and every quote has its log line.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../context';
import { type Database, openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { QuotesService } from './quotes.service';

const MIGRATIONS = fileURLToPath(new URL('../../db/migrations', import.meta.url));
/** The last migration with one row per option. */
const BEFORE_COMPACT = '0005_fancy_the_renegades';

let dir: string;
let db: Database | undefined;

afterEach(() => {
  db?.$client.close();
  db = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function databaseBeforeCompactQuotes(): Promise<Database> {
  dir = mkdtempSync(join(tmpdir(), 'consign-migration-'));
  const older = join(dir, 'migrations');
  cpSync(MIGRATIONS, older, { recursive: true });
  const journalFile = join(older, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === BEFORE_COMPACT);
  expect(last).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  const opened = await openDatabase({ url: `file:${join(dir, 'consign.db')}` });
  await migrate(opened, { migrationsFolder: older });
  return opened;
}

const limits = { maxLengthCm: 100, maxWidthCm: null, maxHeightCm: null, maxWeightKg: 30 };
const snapshot = (name: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    courierService: { name, logoUrl: null },
    vendor: { name: 'Acme Couriers' },
    billedBy: 'actual',
    transitDays: 2,
    limits: { ...limits, volumetricDivisor: 5000 },
    badges: [],
    breakdown: { parcels: [], distanceFee: null },
    ...extra,
  });

describe('migrating quotes to one compact record each', () => {
  it('keeps every option as shown, rewrites booked option ids, marks booked quotes and logs every quote', async () => {
    db = await databaseBeforeCompactQuotes();
    const created = Date.parse('2026-03-10T09:00:00Z');
    const expires = created + 30 * 60_000;
    const request = {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 15, weight: 2 }],
    };
    const sameDay = {
      serviceType: 'same_day',
      fromPostcode: 'SW1A 1AA',
      toPostcode: 'EC1A 1BB',
      parcels: [{ length: 10, width: 10, height: 10, weight: 1 }],
    };
    // The order's customer and vendor are beside the point here.
    await db.$client.execute('PRAGMA foreign_keys = OFF');
    await db.$client.batch(
      [
        {
          sql: 'insert into quotes (id, request, service_type, user_id, partner_id, option_count, created_at, expires_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
          args: ['q-old', JSON.stringify(request), 'domestic', 'u-1', null, 2, created, expires],
        },
        {
          sql: 'insert into quotes (id, request, service_type, user_id, partner_id, option_count, created_at, expires_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
          args: ['q-sameday', JSON.stringify(sameDay), 'same_day', null, 'p-1', 1, created, expires],
        },
        {
          sql: 'insert into quote_options values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          args: [
            'o-b',
            'q-old',
            1,
            's-2',
            'v-1',
            'domestic',
            'GBP',
            1500,
            300,
            1800,
            2.5,
            '2026-03-12',
            snapshot('Express', { billedBy: 'volumetric', transitDays: 1 }),
          ],
        },
        {
          sql: 'insert into quote_options values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          // Stored before options carried the divisor: the read-back shows the default, 5000.
          args: [
            'o-a',
            'q-old',
            0,
            's-1',
            'v-1',
            'domestic',
            'GBP',
            1000,
            200,
            1200,
            2,
            '2026-03-12',
            JSON.stringify({ ...JSON.parse(snapshot('Saver')), limits }),
          ],
        },
        {
          sql: 'insert into quote_options values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          args: [
            'o-s',
            'q-sameday',
            0,
            's-3',
            'v-1',
            'same_day',
            'GBP',
            2500,
            500,
            3000,
            1,
            '2026-03-10',
            snapshot('Same Day', { distance: { miles: 3.2, source: 'estimate' } }),
          ],
        },
        {
          sql: `insert into orders (id, customer_id, vendor_id, courier_service_id, quote_option_id, service_type, service_name,
                  vendor_name, collection_address, delivery_address, collection_date, contents, content_value, parcels,
                  chargeable_weight_kg, currency, net, vat, total, created_at, updated_at)
                values ('order-1', 'u-1', 'v-1', 's-2', 'o-b', 'domestic', 'Express', 'Acme Couriers', '{}', '{}',
                  '2026-03-11', 'Books', 1000, '[]', 2.5, 'GBP', 1500, 300, 1800, ?, ?)`,
          args: [created + 60_000, created + 60_000],
        },
      ],
      'write',
    );

    await db.$client.execute('PRAGMA foreign_keys = ON');
    await runMigrations(db);

    const service = new QuotesService({ db, now: () => new Date(expires + 1) } as unknown as AppDeps);
    const old = (await service.get('q-old')).dto();
    expect(old).toMatchObject({ id: 'q-old', expired: true, request });
    expect(old.options).toEqual([
      {
        id: 'q-old.0',
        courierService: { id: 's-1', name: 'Saver', logoUrl: null },
        vendor: { id: 'v-1', name: 'Acme Couriers' },
        serviceType: 'domestic',
        // Facts stored before services said how parcels start read as the defaults.
        handover: 'both',
        labelMode: 'printed',
        price: { net: 1000, vat: 200, total: 1200, currency: 'GBP' },
        chargeableWeightKg: 2,
        billedBy: 'actual',
        estimatedDelivery: '2026-03-12',
        transitDays: 2,
        limits: { ...limits, volumetricDivisor: 5000 },
        badges: ['cheapest', 'fastest'],
        // Scores are read as of now (none yet), not stored with the quote.
        rating: { average: null, count: 0 },
        onTime: { share: null, delivered: 0 },
        record: {
          orders: 0,
          adjustments: 0,
          adjustmentRate: null,
          claims: 0,
          claimsPerHundred: null,
          claimsDecided: 0,
          claimsAccepted: null,
        },
      },
      {
        id: 'q-old.1',
        courierService: { id: 's-2', name: 'Express', logoUrl: null },
        vendor: { id: 'v-1', name: 'Acme Couriers' },
        serviceType: 'domestic',
        handover: 'both',
        labelMode: 'printed',
        price: { net: 1500, vat: 300, total: 1800, currency: 'GBP' },
        chargeableWeightKg: 2.5,
        billedBy: 'volumetric',
        estimatedDelivery: '2026-03-12',
        transitDays: 1,
        limits: { ...limits, volumetricDivisor: 5000 },
        badges: ['fastest'],
        rating: { average: null, count: 0 },
        onTime: { share: null, delivered: 0 },
        record: {
          orders: 0,
          adjustments: 0,
          adjustmentRate: null,
          claims: 0,
          claimsPerHundred: null,
          claimsDecided: 0,
          claimsAccepted: null,
        },
      },
    ]);
    const same = (await service.get('q-sameday')).dto();
    expect(same.options).toMatchObject([
      { id: 'q-sameday.0', price: { total: 3000 }, distance: { miles: 3.2, source: 'estimate' } },
    ]);

    const rows = await db.$client.execute(
      "select q.id, q.booked_at, o.quote_option_id from quotes q left join orders o on o.quote_option_id like q.id || '.%' order by q.id",
    );
    expect(rows.rows.map((r) => ({ ...r }))).toEqual([
      { id: 'q-old', booked_at: created + 60_000, quote_option_id: 'q-old.1' },
      { id: 'q-sameday', booked_at: null, quote_option_id: null },
    ]);
    // The booking still resolves to the option it was made from.
    expect((await service.findOption('q-old.1'))?.option.price.total).toBe(1800);

    const log = await db.$client.execute(
      'select id, "from", "to", parcels, option_count, cheapest_total, currency, user_id, partner_id from quote_log order by id',
    );
    expect(log.rows.map((r) => ({ ...r }))).toEqual([
      {
        id: 'q-old',
        from: 'England',
        to: 'Scotland',
        parcels: JSON.stringify(request.parcels),
        option_count: 2,
        cheapest_total: 1200,
        currency: 'GBP',
        user_id: 'u-1',
        partner_id: null,
      },
      {
        id: 'q-sameday',
        from: 'SW1A 1AA',
        to: 'EC1A 1BB',
        parcels: JSON.stringify(sameDay.parcels),
        option_count: 1,
        cheapest_total: 3000,
        currency: 'GBP',
        user_id: null,
        partner_id: 'p-1',
      },
    ]);
    const tables = await db.$client.execute(
      "select name from sqlite_master where name like '%quote_options%' or name like '__migrating%'",
    );
    expect(tables.rows).toEqual([]);
  });
});
