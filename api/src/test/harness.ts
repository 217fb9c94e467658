import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { AppDeps } from '../context';
import { createDeps } from '../deps';
import { createLogger } from '../lib/logger';
import { drainOutbox } from '../lib/outbox';
import { PasswordHasher, type ScryptCost } from '../lib/password';

/**
 * The suite's scrypt cost: N=2^10, a millisecond or so a hash. The suite hashes thousands of
 * passwords, and at N=2^14 scrypt was a quarter of its CPU (docs/performance.md); what is tested is
 * the same at any cost, and password.test.ts covers the production cost.
 */
export const TEST_SCRYPT: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/**
 * A fresh app on a fresh database file in a temporary folder, as docs/architecture.md §8 asks:
 * tests call app.request() in-process against real SQLite.
 */
export async function createTestApp(env: Record<string, string> = {}, overrides: Partial<AppDeps> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'consign-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-keys',
    LOG_LEVEL: 'silent',
    // Production requires an https PUBLIC_URL.
    PUBLIC_URL: env.NODE_ENV === 'production' ? 'https://consign.example' : 'http://localhost:3000',
    STATIC_ROOT: join(dir, 'no-static'),
    // Production requires the seller printed on receipts.
    ...(env.NODE_ENV === 'production' ? PRODUCTION_COMPANY : {}),
    ...env,
  });
  const file = config.database.isLocalFile ? config.database.url.slice('file:'.length) : null;
  if (!overrides.db && file && !existsSync(file)) {
    // A copy of the database global-setup.ts migrated: what createDeps would make of a new file,
    // without applying every migration again. createDeps still checks it (a no-op here).
    mkdirSync(dirname(file), { recursive: true });
    copyFileSync(inject('templateDatabase'), file);
  }
  const deps = await createDeps(config, overrides.logger ?? createLogger('silent'), {
    hasher: new PasswordHasher(config.passwordHashConcurrency, TEST_SCRYPT, config.passwordHashQueue),
    ...overrides,
  });
  const app = createApp(deps);
  const close = () => {
    deps.db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { app, deps, dir, close, ...requestHelpers(app, deps) };
}

/** A seller for production-mode test apps (receipts need one in production). */
export const PRODUCTION_COMPANY = {
  COMPANY_LEGAL_NAME: 'Consign Test Ltd',
  COMPANY_ADDRESS: '2 Test Street, Leeds, LS1 4AP',
  COMPANY_VAT_NUMBER: 'GB123456789',
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

function requestHelpers(app: ReturnType<typeof createApp>, deps: AppDeps) {
  // One drain at a time, as the sweep runs in a server: a test firing many requests at once
  // would otherwise have every one of them race the others for the same deliveries.
  let draining: Promise<unknown> = Promise.resolve();
  const drain = () => {
    draining = draining.then(() => drainOutbox(deps));
    // A test may close the database on purpose (readiness); a delivery failure is the outbox's
    // to retry, and its own tests call drainOutbox directly.
    draining = draining.catch(() => undefined);
    return draining;
  };
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    // What a change made outside a request (a sweep, a direct service call) published is
    // delivered before the next request, as the outbox sweep would have done by then.
    await drain();
    // A path arrives on PUBLIC_URL, as it does in a running server (the links the API builds
    // follow the request's origin outside production: lib/origin).
    const res = await app.request(new URL(path, deps.config.publicUrl).href, {
      method,
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    // Mail is sent after answering (background tasks, then the outbox's subscribers, which the
    // sweep delivers in a running server); let it land so a test reads it as a person would later.
    await deps.background.idle();
    await drain();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, headers: res.headers, body: json };
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  return {
    call,
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('POST', path, body ?? {}, headers),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('PATCH', path, body, headers),
    del: (path: string, headers?: Record<string, string>) => call('DELETE', path, undefined, headers),
    bearer,
  };
}

/** Reads the newest 6-digit code mailed to an address from the outbox. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const res = await t.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = res.body.items.find((m: { subject: string }) => /verification code/.test(m.subject));
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Signs up and verifies a new account; returns its session. */
export async function signUpVerified(
  t: TestApp,
  email: string,
  role: 'customer' | 'vendor' = 'customer',
  password = 'correct-horse-1',
) {
  const signup = await t.post('/api/v1/auth/signup', { email, password, role });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const verified = await t.post('/api/v1/auth/verify-email', {
    email,
    code: await latestCode(t, email),
    registration: signup.body.registration,
  });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return verified.body as { accessToken: string; refreshToken: string; user: { id: string; role: string } };
}
