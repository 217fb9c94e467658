/**
 * Issue 44, finding 1: text that is not valid Unicode, already stored, must never take the
 * process down. The local libSQL driver aborts the whole process (a Rust panic: exit by SIGABRT,
 * which no JavaScript can catch) when it reads TEXT that is not UTF-8, and SQLite's `->>` turns
 * a lone surrogate escaped in JSON (`"Robin \ud800"`) into exactly such bytes.
 *
 * So this runs the built server as its own process on a database the test fills, writes the bad
 * values straight through SQL (as a booking on an older version stored them, or a hand edit
 * would), then reads every GET operation of the contract as every role, drives a webhook
 * delivery, and checks that the process still answers /healthz. Then it stops the server, writes
 * bytes that are not UTF-8 into plain and JSON columns, asks for the repair as the migration
 * does, starts it again on the same file and reads everything once more.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, partners, users } from '../db/schema';
import { paidOrder, signUpAdmin } from '../features/admin/admin.fixtures';
import { address, bookableDay, deliveryAddress } from '../features/orders/orders.testing';
import { createTestApp, signUpVerified, type TestApp } from '../test/harness';
import { buildServer, get, type Started, startServer } from './built-server';
import { OPERATIONS } from './contract';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-keys';
const BAD = 'Robin \ud800';

let t: TestApp;
let built: Awaited<ReturnType<typeof buildServer>>;
let server: Started | undefined;
let receiver: Server;
let received = 0;
let tokens: Record<string, string>;
let ids: Record<string, string>;

beforeAll(async () => {
  built = await buildServer();
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.end('ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');

  // The data, made in this process on the file the server will open (same JWT secret, so the
  // sessions made here work there).
  t = await createTestApp({ JWT_SECRET });
  const collection = bookableDay();
  const admin = await signUpAdmin(t, 'admin@stored-text.test');
  const paid = await paidOrder(t, collection);
  const vendorToken = paid.f.vendor.owner.accessToken as string;
  const job = await t.post(
    '/api/v1/jobs',
    {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
      collectionAddress: address(),
      deliveryAddress: deliveryAddress(),
      collectionDate: collection,
      contents: 'Books',
      contentValue: 2500,
      askingPrice: { amount: 2400, currency: 'GBP' },
    },
    paid.f.auth,
  );
  if (job.status !== 201) throw new Error(`job failed: ${JSON.stringify(job.body)}`);
  // The customer's saved address book, so the profile's JSON holds a name too.
  await t.patch('/api/v1/users/me', { address: address() }, paid.f.auth);

  // A partner the order came through, with an endpoint on this test's receiver.
  const [partner] = await t.deps.db
    .insert(partners)
    .values({ name: 'Shop', mode: 'test', publishableKey: 'pk_test_stored_text', allowedOrigins: [] })
    .returning();
  await t.deps.db.update(orders).set({ partnerId: partner!.id }).where(eq(orders.id, paid.id));
  const partnerUser = await signUpVerified(t, 'partner@stored-text.test');
  await t.deps.db
    .update(users)
    .set({ role: 'partner', partnerId: partner!.id })
    .where(eq(users.id, partnerUser.user.id));
  const partnerLogin = await t.post('/api/v1/auth/login', {
    email: 'partner@stored-text.test',
    password: 'correct-horse-1',
  });
  const port = (receiver.address() as AddressInfo).port;
  const endpoint = await t.post(
    '/api/v1/partner/webhook-endpoints',
    { url: `http://127.0.0.1:${port}/hooks`, events: ['*'] },
    t.bearer(partnerLogin.body.accessToken),
  );
  if (endpoint.status !== 201) throw new Error(`endpoint failed: ${JSON.stringify(endpoint.body)}`);
  const order = await t.deps.db.query.orders.findFirst({ where: eq(orders.id, paid.id) });

  tokens = {
    admin: admin.accessToken,
    vendor: vendorToken,
    customer: paid.f.customer.accessToken,
    partner: partnerLogin.body.accessToken,
  };
  ids = {
    'orders.id': paid.id,
    'jobs.id': job.body.id,
    'tracking.code': order!.trackingCode!,
    'vendors.id': paid.f.vendor.vendorId,
    'users.id': paid.f.customer.user.id,
    'orders.reference': paid.id.slice(-8),
    'webhook-endpoints.id': endpoint.body.id,
    'couriers.id': paid.f.vendor.service.id,
  };
}, 240_000);

afterAll(async () => {
  await server?.stop({ keep: true });
  receiver?.close();
  t?.close();
  built?.remove();
});

const env = () => ({ JWT_SECRET, DATA_DIR: t.dir, SEED_DEMO: '0' });

/** Every GET operation of the contract whose path we can fill, as every role: what each answered. */
async function readEverything(base: string): Promise<string[]> {
  const failures: string[] = [];
  const reads = OPERATIONS.filter((op) => op.method === 'GET');
  for (const op of reads) {
    const path = op.path.replace(/\{([^}]+)\}/g, (_m, p: string) => {
      const parts = op.path.split('/');
      const key = `${parts[parts.indexOf(`{${p}}`) - 1]}.${p}`;
      return ids[key] ?? '00000000-0000-7000-8000-000000000000';
    });
    for (const [role, token] of [['anonymous', ''], ...Object.entries(tokens)] as const) {
      const res = await fetch(`${base}${path}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      }).catch((err: Error) => ({ status: 0, text: async () => err.message }));
      await res.text();
      if (res.status === 0 || res.status >= 500) failures.push(`${role} GET ${path}: ${res.status}`);
    }
  }
  return failures;
}

/** Appends a lone surrogate to every `name` and `line1` in every JSON column of these rows, through SQL. */
async function poisonJson(file: string) {
  const db = createClient({ url: `file:${file}` });
  try {
    const targets: [string, string[]][] = [
      ['orders', ['delivery_address', 'collection_address']],
      ['jobs', ['delivery_address', 'collection_address']],
      ['users', ['address']],
    ];
    for (const [table, columns] of targets) {
      for (const column of columns) {
        const rows = await db.execute(
          `SELECT rowid AS r, ${column} AS v FROM ${table} WHERE ${column} IS NOT NULL`,
        );
        for (const row of rows.rows) {
          const value = JSON.parse(String(row.v)) as Record<string, unknown>;
          if (typeof value !== 'object' || value === null) continue;
          if (typeof value.name === 'string') value.name = BAD;
          if (typeof value.line1 === 'string') value.line1 = `${value.line1} \udc00`;
          // JSON.stringify writes each lone surrogate as an escape: "Robin \ud800".
          await db.execute({
            sql: `UPDATE ${table} SET ${column} = ? WHERE rowid = ?`,
            args: [JSON.stringify(value), Number(row.r)],
          });
        }
      }
    }
  } finally {
    db.close();
  }
}

describe('stored text that is not valid Unicode', () => {
  it('never takes the server process down: every read, a webhook, then /healthz', async () => {
    server = await startServer(built.entry, env());
    const before = await get(server.base, '/api/v1/admin/orders', {
      headers: { Authorization: `Bearer ${tokens.admin}` },
    });
    expect(before.status).toBe(200);

    await poisonJson(`${t.dir}/consign.db`);

    // The admin order list read the name with `->> '$.name'`: here the process died.
    const list = await get(server.base, '/api/v1/admin/orders', {
      headers: { Authorization: `Bearer ${tokens.admin}` },
    });
    expect(list.status).toBe(200);
    expect(list.body.map((o: { recipientName: string }) => o.recipientName)).toContain('Robin \uFFFD');
    const vendorList = await get(server.base, '/api/v1/vendor/orders', {
      headers: { Authorization: `Bearer ${tokens.vendor}` },
    });
    expect(vendorList.status).toBe(200);

    expect(await readEverything(server.base)).toEqual([]);

    // The courier moves the order: the recipient's mail and the partner's webhook read it.
    const moved = await fetch(`${server.base}/api/v1/vendor/orders/${ids['orders.id']}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${tokens.vendor}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'confirmed' }),
    });
    expect(moved.status, await moved.text()).toBe(200);
    await expect.poll(() => received, { timeout: 30_000, interval: 200 }).toBeGreaterThan(0);

    expect(server.alive()).toBe(true);
    expect((await get(server.base, '/healthz')).status).toBe(200);
  }, 240_000);

  it('repairs bytes that are not UTF-8 at the next start, and every read works again', async () => {
    await server!.stop({ keep: true });
    const db = createClient({ url: `file:${t.dir}/consign.db` });
    try {
      const surrogate = "CAST(x'eda080' AS TEXT)";
      const orderId = ids['orders.id'];
      await db.execute({
        sql: `UPDATE orders SET service_name = 'Next Day ' || ${surrogate},
                search_text = search_text || ${surrogate},
                delivery_address = json_set(delivery_address, '$.name', 'Robin ' || ${surrogate})
              WHERE id = ?`,
        args: [orderId!],
      });
      await db.execute({
        sql: `UPDATE users SET name = 'Casey ' || CAST(x'ff' AS TEXT) WHERE id = ?`,
        args: [ids['users.id']!],
      });
      await db.execute({
        sql: `UPDATE jobs SET contents = 'Books ' || ${surrogate} WHERE id = ?`,
        args: [ids['jobs.id']!],
      });
      // What migration 0019 does on an upgrade: ask for the repair.
      await db.execute('CREATE TABLE `__repair_text_pending` (`asked_at` integer)');
    } finally {
      db.close();
    }

    server = await startServer(built.entry, env(), server);
    const admin = { headers: { Authorization: `Bearer ${tokens.admin}` } };
    const order = await get(server.base, `/api/v1/admin/orders/${ids['orders.id']}`, admin);
    expect(order.status).toBe(200);
    expect(order.body.serviceName).toBe('Next Day \uFFFD\uFFFD\uFFFD');
    expect(order.body.deliveryAddress.name).toBe('Robin \uFFFD\uFFFD\uFFFD');
    expect(await readEverything(server.base)).toEqual([]);
    expect(server.alive()).toBe(true);
    expect((await get(server.base, '/healthz')).status).toBe(200);

    // Asked once: the request is gone.
    const check = createClient({ url: `file:${t.dir}/consign.db` });
    const marker = await check.execute("SELECT name FROM sqlite_master WHERE name = '__repair_text_pending'");
    check.close();
    expect(marker.rows).toEqual([]);
  }, 240_000);
});
