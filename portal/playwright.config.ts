import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

/** Where the JSON report goes when asked for (scripts/test.sh reads the slowest specs from it). */
const jsonReport = process.env.E2E_JSON_REPORT;

export default defineConfig({
  testDir: 'src/e2e',
  // Each worker tests its own server on its own database (src/e2e/fixtures.ts), and every test
  // makes its own data: any test may run on either worker, so neither waits idle at the end while
  // the other finishes a long spec. Two: this project's machine has two cores.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Bounds, not waits: a page on a busy two-core machine (a build or another test run beside it)
  // can take several seconds to settle, and a test fails only on behaviour.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    // A trace records every action's DOM and screencast for every test, to keep the few that
    // fail (its cost: docs/performance.md). E2E_TRACE=1 keeps a failed test's trace.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
});
