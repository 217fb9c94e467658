import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createDeps } from '../../deps';
import { createLogger } from '../../lib/logger';
import { PasswordHasher } from '../../lib/password';
import { createTestApp, latestCode, signUpVerified, TEST_SCRYPT, type TestApp } from '../../test/harness';
import { CODE_MAX_ATTEMPTS, LIMITS } from './auth.service';

/** Counts the password checks that actually run, the expensive part the limits protect. */
class CountingHasher extends PasswordHasher {
  verifications = 0;
  override verify(password: string, stored: string) {
    this.verifications++;
    return super.verify(password, stored);
  }
}

let t: TestApp;
let hasher: CountingHasher;
beforeEach(async () => {
  hasher = new CountingHasher(4, TEST_SCRYPT);
  t = await createTestApp({}, { hasher });
  // Fixed windows: start at the top of one so a burst never straddles two.
  t.deps.now = () => new Date('2030-01-07T09:00:00Z');
});
afterEach(() => t.close());

const post = async (app: { request: TestApp['app']['request'] }, path: string, body: unknown) =>
  (
    await app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).status;
const login = (app: { request: TestApp['app']['request'] }, email: string, password: string) =>
  post(app, '/api/v1/auth/login', { email, password });

describe('attempt limits under concurrency', () => {
  it('gives a burst of 200 parallel wrong passwords for one account at most 5 checks', async () => {
    await signUpVerified(t, 'burst@example.com', 'customer', 'right-password');
    hasher.verifications = 0;
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => login(t.app, 'burst@example.com', `wrong-${i}`)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.loginFailuresPerAccountAddress.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - LIMITS.loginFailuresPerAccountAddress.max);
    expect(hasher.verifications).toBe(LIMITS.loginFailuresPerAccountAddress.max);
  });

  it('holds the same limit across two API processes on one database', async () => {
    await signUpVerified(t, 'two@example.com', 'customer', 'right-password');
    // A second process: its own connection to the same database file, its own app.
    const otherHasher = new CountingHasher(4, TEST_SCRYPT);
    const other = await createDeps(t.deps.config, createLogger('silent'), { hasher: otherHasher });
    other.now = t.deps.now;
    const otherApp = createApp(other);
    try {
      hasher.verifications = 0;
      const statuses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          login(i % 2 ? otherApp : t.app, 'two@example.com', `wrong-${i}`),
        ),
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.loginFailuresPerAccountAddress.max);
      expect(hasher.verifications + otherHasher.verifications).toBe(
        LIMITS.loginFailuresPerAccountAddress.max,
      );
    } finally {
      other.db.$client.close();
    }
  });

  it('gives 50 parallel wrong codes for one email at most 5 tries; the right code is then refused', async () => {
    const { registration } = (
      await t.post('/api/v1/auth/signup', { email: 'codes@example.com', password: 'password-123' })
    ).body;
    const code = await latestCode(t, 'codes@example.com');
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(t.app, '/api/v1/auth/verify-email', {
          email: 'codes@example.com',
          code: wrong(i),
          registration,
        }),
      ),
    );
    expect(statuses.every((s) => s === 400)).toBe(true);
    const codes = await t.deps.db.query.pendingRegistrations.findMany();
    expect(codes).toHaveLength(1);
    expect(codes[0]!.codeAttempts).toBe(CODE_MAX_ATTEMPTS);
    expect(
      (await t.post('/api/v1/auth/verify-email', { email: 'codes@example.com', code, registration })).status,
    ).toBe(400);
  });

  it('takes SIGNUP_LIMIT_PER_HOUR sign-ups an hour from one address (20 by default), and 0 turns it off', async () => {
    const signups = async (app: TestApp, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++)
        out.push(
          (await app.post('/api/v1/auth/signup', { email: `s${i}@example.com`, password: 'password-123' }))
            .status,
        );
      return out;
    };
    expect(await signups(t, 21)).toEqual([...Array(20).fill(201), 429]);
    const low = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '2' });
    const off = await createTestApp({ SIGNUP_LIMIT_PER_HOUR: '0' });
    try {
      expect(await signups(low, 3)).toEqual([201, 201, 429]);
      expect(await signups(off, 25)).toEqual(Array(25).fill(201));
    } finally {
      low.close();
      off.close();
    }
  });
});
