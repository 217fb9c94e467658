/**
 * `pnpm --filter @consign/api finance:check`, run as the operator would, against a database the
 * real routes wrote: it passes on balanced books and fails, naming the difference, when an entry
 * is made up.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ledgerEntries } from '../src/db/schema';
import { paidOrder, signUpAdmin } from '../src/features/admin/admin.fixtures';
import { createTestApp, type TestApp } from '../src/test/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  const now = new Date('2026-01-13T10:00:00Z');
  t.deps.now = () => now;
});
afterEach(() => t.close());

function financeCheck(dataDir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/finance-check.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        JWT_SECRET: 'x'.repeat(40),
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out }));
  });
}

it('passes on the books the routes wrote and fails on a made-up entry', async () => {
  const admin = t.bearer((await signUpAdmin(t)).accessToken);
  const { id, f } = await paidOrder(t, '2026-01-13');
  expect(
    (await t.post(`/api/v1/admin/orders/${id}/refund`, { reason: 'Late', amount: 200 }, admin)).status,
  ).toBe(200);

  const good = await financeCheck(t.dir);
  expect(good.out).toContain('The books balance.');
  expect(good.out).toMatch(/ok\s+platform\s+GBP\s+entries\s+1\.00\s+= captured 1\.20 - refunded 0\.20/);
  expect(good.code).toBe(0);

  await t.deps.db.insert(ledgerEntries).values({
    account: 'courier',
    vendorId: f.vendor.vendorId,
    kind: 'adjustment',
    amount: 999,
    currency: 'GBP',
    ref: 'made-up',
    at: new Date(),
  });
  const bad = await financeCheck(t.dir);
  expect(bad.code).toBe(1);
  expect(bad.out).toMatch(new RegExp(`DIFFERS\\s+courier ${f.vendor.vendorId}`));
  expect(bad.out).toContain('The books do not balance');
}, 60_000);
