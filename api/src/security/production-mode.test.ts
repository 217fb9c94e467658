/**
 * The production rules, each against the built server started with NODE_ENV=production, as
 * docs/deployment.md describes.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PARTNER, DEMO_PASSWORD } from '../db/seed';
import { PRODUCTION_COMPANY } from '../test/harness';
import { buildServer, get, refusedStart, startServer } from './built-server';

let entry: string;
let remove: () => void;
beforeAll(async () => {
  ({ entry, remove } = await buildServer());
}, 120_000);
afterAll(() => remove?.());

const REAL = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:9',
  PAYPAL_CLIENT_ID: 'live-client',
  PAYPAL_CLIENT_SECRET: 'live-secret',
  // Never reached: nothing in these tests pays.
  PAYPAL_API_BASE: 'http://127.0.0.1:9',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-0000',
  ...PRODUCTION_COMPANY,
};
const OPT_INS = {
  NODE_ENV: 'production',
  ...PRODUCTION_COMPANY,
  ALLOW_OUTBOX_MAIL: '1',
  ALLOW_TEST_PAYMENTS: '1',
  ALLOW_GENERATED_SECRET: '1',
};

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});
/** What the start-up log's `providers` line says about mail. */
const mailLog = (stdout: string) => {
  const line = stdout.split('\n').find((l) => l.includes('"msg":"providers"'));
  return line ? (JSON.parse(line) as { mail?: string }).mail : undefined;
};
const demoLogin = (base: string) =>
  get(base, '/api/v1/auth/login', json({ email: DEMO_ACCOUNTS[1].email, password: DEMO_PASSWORD }));

describe('production mode (built server)', () => {
  it('refuses to start with one clear message per unsafe default, naming the variable to set', async () => {
    const { code, stderr } = await refusedStart(entry, { NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/SMTP_URL: required in production.*ALLOW_OUTBOX_MAIL=1/);
    expect(stderr).toMatch(/PAYPAL_CLIENT_ID: required in production.*TEST MODE.*ALLOW_TEST_PAYMENTS=1/);
    expect(stderr).toMatch(/JWT_SECRET: required in production.*ALLOW_GENERATED_SECRET=1/);

    const onlySecret = await refusedStart(entry, { ...REAL, JWT_SECRET: '' });
    expect(onlySecret.code).toBe(1);
    expect(onlySecret.stderr).toContain('JWT_SECRET: required in production');
    expect(onlySecret.stderr).not.toContain('SMTP_URL');
  }, 120_000);

  it('with real providers: no demo accounts, no dev mailbox (API, page or /meta), no test payment page', async () => {
    const s = await startServer(entry, REAL);
    try {
      expect(s.stderr()).not.toContain('UNSAFE IN PRODUCTION');
      expect(mailLog(s.stdout())).toBe('SMTP');
      expect((await demoLogin(s.base)).status).toBe(401);
      expect((await get(s.base, '/api/v1/dev/mailbox')).status).toBe(404);
      const page = await get(s.base, '/dev/mailbox');
      expect(page.status).toBe(404);
      expect(String(page.body)).not.toContain('<div id="root">');
      expect((await get(s.base, '/orders')).status).toBe(200);
      const meta = await get(s.base, '/api/v1/meta/auth');
      expect(meta.body).toMatchObject({
        devMailbox: false,
        mailTransport: 'smtp',
        paymentsProvider: 'paypal',
      });
      const testPage = await get(s.base, '/api/v1/test-payments/anything/approve');
      expect(testPage.status).toBe(404);
      expect(testPage.body.detail).toMatch(/Test payments are off/);
    } finally {
      await s.stop();
    }
  }, 120_000);

  it('accepts each unsafe default only when opted into, warns loudly, and still hides the mailbox', async () => {
    const s = await startServer(entry, OPT_INS);
    try {
      const warnings = s.stderr();
      expect(warnings).toContain('WARNING: UNSAFE IN PRODUCTION: ALLOW_OUTBOX_MAIL=1');
      expect(warnings).toContain('WARNING: UNSAFE IN PRODUCTION: ALLOW_TEST_PAYMENTS=1');
      expect(warnings).toContain('WARNING: UNSAFE IN PRODUCTION: ALLOW_GENERATED_SECRET=1');
      expect(s.stdout()).toMatch(/"level":40[^\n]*UNSAFE IN PRODUCTION/);
      // Issue 44, finding 11: the log says what production does with mail, not the dev mailbox.
      expect(mailLog(s.stdout())).toBe(
        'not sent: kept in the outbox table only (ALLOW_OUTBOX_MAIL=1), which nothing serves over HTTP',
      );
      // The outbox is the transport, and still nobody can read it over HTTP.
      expect((await get(s.base, '/api/v1/dev/mailbox')).status).toBe(404);
      const meta = await get(s.base, '/api/v1/meta/auth');
      expect(meta.body).toMatchObject({
        devMailbox: false,
        mailTransport: 'outbox',
        paymentsProvider: 'test',
      });
      expect((await demoLogin(s.base)).status).toBe(401);
      // Test payments were allowed, so their page exists (this id is simply unknown).
      const testPage = await get(s.base, '/api/v1/test-payments/anything/approve');
      expect(testPage.status).toBe(404);
      expect(testPage.body.detail).toBe('Test payment not found');
    } finally {
      await s.stop();
    }
  }, 120_000);

  it('creates the demo accounts only with SEED_DEMO=1, and says so', async () => {
    const s = await startServer(entry, { ...REAL, SEED_DEMO: '1' });
    try {
      expect(s.stderr()).toContain('WARNING: UNSAFE IN PRODUCTION: SEED_DEMO=1');
      expect((await demoLogin(s.base)).status).toBe(200);
    } finally {
      await s.stop();
    }
  }, 120_000);

  it('refuses to start on a database a trial run seeded, naming the demo data, until demo:remove clears it', async () => {
    // The README start command once, then production on the same data folder.
    const data = mkdtempSync(join(tmpdir(), 'consign-trial-'));
    try {
      const trial = await startServer(entry, { DATA_DIR: data });
      expect((await demoLogin(trial.base)).status).toBe(200);
      await trial.stop();

      const refused = await refusedStart(entry, { ...REAL, DATA_DIR: data });
      expect(refused.code).toBe(1);
      for (const account of DEMO_ACCOUNTS) expect(refused.stderr).toContain(account.email);
      expect(refused.stderr).toContain(DEMO_PARTNER.publishableKey);
      expect(refused.stderr).toMatch(/demo:remove.*SEED_DEMO=1/s);

      // The documented command, with the production configuration.
      const removal = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo-remove.ts'], {
        cwd: fileURLToPath(new URL('../../', import.meta.url)),
        env: { PATH: process.env.PATH ?? '', ...REAL, PUBLIC_URL: 'https://consign.example', DATA_DIR: data },
        encoding: 'utf8',
      });
      expect(removal.status, removal.stderr).toBe(0);
      expect(removal.stdout).toContain('admin@consign.example (admin)');

      const s = await startServer(entry, { ...REAL, DATA_DIR: data });
      try {
        expect((await demoLogin(s.base)).status).toBe(401);
        const keyed = await get(s.base, '/api/v1/meta', {
          headers: { 'X-Publishable-Key': DEMO_PARTNER.publishableKey, Origin: 'http://127.0.0.1:5173' },
        });
        expect(keyed.status).toBe(401);
      } finally {
        await s.stop();
      }
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  }, 240_000);

  it('refuses an http PUBLIC_URL unless ALLOW_INSECURE_PUBLIC_URL=1, and warns then', async () => {
    const refused = await refusedStart(entry, { ...REAL, PUBLIC_URL: 'http://consign.example' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/PUBLIC_URL: must start with https:\/\/.*ALLOW_INSECURE_PUBLIC_URL=1/);
    const s = await startServer(entry, {
      ...REAL,
      PUBLIC_URL: 'http://consign.example',
      ALLOW_INSECURE_PUBLIC_URL: '1',
    });
    try {
      expect(s.stderr()).toContain('WARNING: UNSAFE IN PRODUCTION: ALLOW_INSECURE_PUBLIC_URL=1');
    } finally {
      await s.stop();
    }
  }, 120_000);

  it('stays friendly without NODE_ENV: demo data, and the mailbox for this machine', async () => {
    const s = await startServer(entry, {});
    try {
      expect(s.stderr()).not.toContain('UNSAFE');
      expect(mailLog(s.stdout())).toBe('outbox (read it at /dev/mailbox on this machine)');
      expect((await get(s.base, '/api/v1/dev/mailbox')).status).toBe(200);
      expect((await get(s.base, '/api/v1/meta/auth')).body.devMailbox).toBe(true);
      expect((await demoLogin(s.base)).status).toBe(200);
    } finally {
      await s.stop();
    }
  }, 120_000);
});
