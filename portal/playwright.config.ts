import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

export default defineConfig({
  testDir: 'src/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Bounds, not waits: a page on a busy two-core machine (a build or another test run beside it)
  // can take several seconds to settle, and a test fails only on behaviour.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
});
