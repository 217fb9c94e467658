/**
 * Attempt limits hold across two API processes on one database: the built server, started
 * twice on one data folder, gets a burst of parallel wrong passwords for one account split
 * between the two, and at most the stated number are checked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed';
import { LIMITS } from '../features/auth';
import { buildServer, get, type Started, startServer } from './built-server';

let entry: string;
let remove: () => void;
let dataDir: string;
const servers: Started[] = [];
beforeAll(async () => {
  ({ entry, remove } = await buildServer());
  dataDir = mkdtempSync(join(tmpdir(), 'consign-two-'));
  // One after the other: the first applies the migrations and seeds the demo accounts.
  const env = { DATA_DIR: dataDir, JWT_SECRET: 'a-shared-secret-for-both-processes-000000' };
  servers.push(await startServer(entry, env));
  servers.push(await startServer(entry, env));
}, 180_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(dataDir, { recursive: true, force: true });
  remove?.();
});

describe('attempt limits across two API processes', () => {
  it('checks at most 5 of 200 parallel wrong passwords for one account', async () => {
    const email = DEMO_ACCOUNTS[1].email;
    const windowMs = LIMITS.loginFailuresPerAccount.windowSeconds * 1000;
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        get(servers[i % 2]!.base, '/api/v1/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password: `wrong-password-${i}` }),
        }).then((r) => r.status),
      ),
    );
    // Windows are fixed: a burst that straddles the boundary of two (rarely) meets two budgets.
    const windows = Math.floor(Date.now() / windowMs) - Math.floor(started / windowMs) + 1;
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(
      LIMITS.loginFailuresPerAccount.max * windows,
    );
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  }, 120_000);
});
