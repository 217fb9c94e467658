/**
 * Scale-out (docs/deployment.md): two API processes on one database agree, because no state
 * lives in a process. Real processes (src/main.ts), real HTTP, one database file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from './db/client';
import {
  courierServices,
  orders,
  outboxDeliveries,
  partners,
  users,
  vendors,
  webhookEndpoints,
} from './db/schema';
import { LIMITS } from './features/auth';
import { bumpCatalogVersion } from './features/couriers';
import { bookableDay } from './features/orders/orders.testing';
import { publish } from './lib/outbox';
import { registerFeatureHooks } from './registrations';

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
// Start-up compiles the app with tsx in each process; a busy CI machine can take a while.
const START_TIMEOUT_MS = 90_000;

type Api = { base: string; child: ChildProcess; output: () => string };

let dir: string;
let a: Api;
let b: Api;
let db: Database;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startApi(): Promise<Api> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      STATIC_ROOT: join(dir, 'no-static'),
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      GOOGLE_MAPS_API_KEY: '',
      DATABASE_URL: '',
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`API not ready within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
}

async function call(
  api: Api,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${api.base}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(
  async () => {
    dir = mkdtempSync(join(tmpdir(), 'consign-scale-out-'));
    // One after the other: the first applies the migrations (docs/deployment.md, "Migrations").
    a = await startApi();
    b = await startApi();
    db = await openDatabase({ url: `file:${join(dir, 'consign.db')}` });
  },
  2 * START_TIMEOUT_MS + 10_000,
);

afterAll(() => {
  db?.$client.close();
  for (const api of [a, b]) api?.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

async function signUp(email: string, password: string) {
  const signup = await call(a, 'POST', '/api/v1/auth/signup', { email, password, role: 'customer' });
  expect(signup.status).toBe(201);
  // Mailed by process A, read from process B's mailbox: the outbox is a table. The mail is sent
  // after the answer (so that answers take the same time for every email), hence the wait.
  const code = await vi.waitFor(
    async () => {
      const mailbox = await call(b, 'GET', `/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
      const found = mailbox.body.items
        .find((m: { subject: string }) => /verification code/.test(m.subject))
        ?.text.match(/\b(\d{6})\b/)?.[1];
      expect(found).toBeTruthy();
      return found as string;
    },
    { timeout: 30_000, interval: 50 },
  );
  const verified = await call(b, 'POST', '/api/v1/auth/verify-email', {
    email,
    code,
    registration: signup.body.registration,
  });
  expect(verified.status).toBe(200);
  return verified.body as { accessToken: string; refreshToken: string };
}

// A bound, not a wait: each test signs up through a mailbox it waits up to 30 s for, and spends
// real scrypt in two processes; on a busy two-core machine that outlasts the 20 s default.
describe('two API processes on one database', { timeout: 90_000 }, () => {
  it('share sessions: a session made on one works on the other, and refreshes there', async () => {
    const session = await signUp('two-processes@example.com', 'correct-horse-1');
    const login = await call(a, 'POST', '/api/v1/auth/login', {
      email: 'two-processes@example.com',
      password: 'correct-horse-1',
    });
    expect(login.status).toBe(200);
    const me = await call(b, 'GET', '/api/v1/users/me', undefined, bearer(login.body.accessToken));
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('two-processes@example.com');
    const refreshed = await call(b, 'POST', '/api/v1/auth/refresh', {
      refreshToken: login.body.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    // Rotated on B: A accepts the successor (the row is shared, not held by B).
    const again = await call(a, 'POST', '/api/v1/auth/refresh', {
      refreshToken: refreshed.body.refreshToken,
    });
    expect(again.status).toBe(200);
    expect(again.body.refreshToken).not.toBe(refreshed.body.refreshToken);
    expect(session.accessToken).toBeTruthy();
  });

  it('count a rate limit across both', async () => {
    // The limit counts in fixed windows of the clock: tries that straddle the turn of one are
    // counted in two windows, so such a round is tried again, on a new account (the first's count
    // in the new window has begun).
    const windowMs = LIMITS.loginFailuresPerAccountAddress.windowSeconds * 1000;
    const windowOf = (time: number) => Math.floor(time / windowMs);
    for (let round = 1; ; round++) {
      const email = `limited-${round}@example.com`;
      await signUp(email, 'correct-horse-1');
      const wrong = { email, password: 'wrong-password-1' };
      const started = Date.now();
      // Five failed sign-ins per account per window, wherever they land.
      const statuses = [];
      for (const api of [a, b, a, b, a])
        statuses.push((await call(api, 'POST', '/api/v1/auth/login', wrong)).status);
      const sixth = (await call(b, 'POST', '/api/v1/auth/login', wrong)).status;
      if (windowOf(Date.now()) !== windowOf(started)) continue;
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      expect(sixth).toBe(429);
      break;
    }
    // Sign-ups hash passwords and wait up to 30 s for their mail: on a busy machine that outlasts
    // the default 20 s.
  }, 90_000);

  it('book on one a quote made on the other, once per Idempotency-Key even when both get it at once', async () => {
    const session = await signUp('booker@example.com', 'correct-horse-1');
    // A vendor and service written straight into the database, as another process would.
    const [owner] = await db
      .insert(users)
      .values({ email: 'scale-vendor@example.com', role: 'vendor', emailVerified: true })
      .returning();
    const [vendor] = await db
      .insert(vendors)
      .values({ ownerId: owner!.id, status: 'active', shopName: 'Twin Couriers', country: 'GB' })
      .returning();
    const [service] = await db
      .insert(courierServices)
      .values({
        vendorId: vendor!.id,
        name: 'Twin Express',
        serviceType: 'domestic',
        fromLocation: 'Any',
        toLocation: 'Any',
        weightTiers: [{ maxKg: 30, price: 1000 }],
        transitDays: 1,
      })
      .returning();
    await bumpCatalogVersion(db);

    const request = {
      serviceType: 'domestic',
      from: 'England',
      to: 'Scotland',
      parcels: [{ length: 30, width: 20, height: 10, weight: 2 }],
    };
    // Each process re-reads the catalogue version about once a second.
    let option: { id: string; courierService: { id: string }; price: { total: number } } | undefined;
    const deadline = Date.now() + 30_000;
    while (!option && Date.now() < deadline) {
      const quote = await call(a, 'POST', '/api/v1/quotes', request, bearer(session.accessToken));
      expect(quote.status).toBe(201);
      option = quote.body.options.find(
        (o: { courierService: { id: string } }) => o.courierService.id === service!.id,
      );
      if (!option) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(option?.price.total).toBe(1200);

    const collectionDate = bookableDay();
    const address = (name: string, postcode: string, town: string, county: string) => ({
      name,
      email: 'someone@example.com',
      phone: '+44 20 7946 0000',
      line1: '1 High Street',
      town,
      county,
      postcode,
      country: 'GB',
    });
    const body = {
      quoteOptionId: option!.id,
      collectionAddress: address('Sam Sender', 'SW1A 1AA', 'London', 'Greater London'),
      deliveryAddress: address('Robin Recipient', 'EH1 1AA', 'Edinburgh', 'Midlothian'),
      collectionDate,
      contents: 'Books',
      contentValue: 2500,
      coverAmount: 0,
    };
    const booked = await call(b, 'POST', '/api/v1/orders', body, bearer(session.accessToken));
    expect(booked.status).toBe(201);
    expect(booked.body.price.total).toBe(1200);

    const headers = { ...bearer(session.accessToken), 'idempotency-key': 'twin-order-1' };
    const both = await Promise.all([a, b].map((api) => call(api, 'POST', '/api/v1/orders', body, headers)));
    // One creates it; the other replays it (201, same order) or meets it in flight (409).
    expect(both.map((r) => r.status).sort()).toSatisfy(
      (s: number[]) => (s[0] === 201 && s[1] === 201) || (s[0] === 201 && s[1] === 409),
    );
    const ids = new Set(both.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const all = await db.select({ id: orders.id, quoteOptionId: orders.quoteOptionId }).from(orders);
    // The plain booking and exactly one idempotent one.
    expect(all.filter((o) => o.quoteOptionId === option!.id)).toHaveLength(2);
  });

  it('send each partner webhook event once, whichever process sweeps the outbox', async () => {
    const received: string[] = [];
    const receiver = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(String(req.headers['consign-event-id']));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const [partner] = await db
        .insert(partners)
        .values({ name: 'Twin Shop', mode: 'test', publishableKey: 'pk_test_twin_shop', allowedOrigins: [] })
        .returning();
      const [endpoint] = await db
        .insert(webhookEndpoints)
        .values({
          partnerId: partner!.id,
          url: `http://127.0.0.1:${port}/hooks`,
          events: ['*'],
          secret: 'whsec_twin',
        })
        .returning();
      // Published as a change in any process would: the events and their deliveries in one commit.
      registerFeatureHooks();
      const ids = await db.transaction(async (tx) => {
        const out: string[] = [];
        for (let i = 0; i < 20; i++) {
          out.push((await publish(tx, 'webhook.ping', { endpointId: endpoint!.id }, new Date())).id);
        }
        return out;
      });
      // Both processes sweep every 2 seconds; wait until every delivery is recorded as made.
      await vi.waitFor(
        async () => {
          const open = await db
            .select({ id: outboxDeliveries.eventId })
            .from(outboxDeliveries)
            .where(and(inArray(outboxDeliveries.eventId, ids), ne(outboxDeliveries.status, 'delivered')));
          expect(open).toEqual([]);
        },
        { timeout: 60_000, interval: 200 },
      );
      expect(received.sort()).toEqual([...ids].sort());
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
