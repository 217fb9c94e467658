/**
 * The `test` every spec imports: Playwright's, with the product each worker tests. Every worker
 * starts its own built server on a fresh database (consign-server.ts) and keeps it for all the
 * specs it runs, so two workers test side by side without sharing data; `baseURL`, `page` and
 * `request` point at it, and `consign` is its address for what needs it spelt out. With
 * E2E_BASE_URL set, every worker tests that product instead (one already running).
 */
import { type Browser, test as base } from '@playwright/test';
import { type ConsignServer, startConsignServer } from './consign-server';
import { ContextPool } from './context-pool';

const pools = new WeakMap<Browser, ContextPool>();

type WorkerFixtures = { consignServer: ConsignServer | null; consign: string; contextPool: ContextPool };

export const test = base.extend<
  { serverLogOnFailure: undefined; contextsTakenBack: undefined },
  WorkerFixtures
>({
  // Every context a test opens (its `page`'s, and each person's through `browser.newContext`)
  // comes from the worker's pool of warm contexts, clean, and goes back when the test ends.
  browser: [
    async ({ browser, consign }, use) => {
      const pool = new ContextPool(browser, consign);
      const pooled: Browser = Object.create(browser);
      pooled.newContext = (options) => pool.take(options);
      pools.set(pooled, pool);
      await use(pooled);
      await pool.close();
    },
    { scope: 'worker' },
  ],
  contextPool: [async ({ browser }, use) => use(pools.get(browser) as ContextPool), { scope: 'worker' }],
  context: async ({ browser }, use) => use(await browser.newContext()),
  contextsTakenBack: [
    // A context is lent only to tests whose `test.use` context options match the ones it was made with.
    // Named twice: Playwright reads a fixture's dependencies from this parameter list and refuses a rest.
    async (
      {
        contextPool,
        viewport,
        locale,
        colorScheme,
        reducedMotion,
        timezoneId,
        userAgent,
        isMobile,
        hasTouch,
      },
      use,
    ) => {
      contextPool.scope = JSON.stringify({
        viewport,
        locale,
        colorScheme,
        reducedMotion,
        timezoneId,
        userAgent,
        isMobile,
        hasTouch,
      });
      await use(undefined);
      await contextPool.takeBack();
    },
    { auto: true },
  ],
  consignServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from this pattern.
    async ({}, use) => {
      if (process.env.E2E_BASE_URL) return use(null);
      const server = await startConsignServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  consign: [
    async ({ consignServer }, use) => use(consignServer?.url ?? (process.env.E2E_BASE_URL as string)),
    { scope: 'worker' },
  ],
  baseURL: async ({ consign }, use) => use(consign),
  // A failed test's report carries what the server wrote while it ran.
  serverLogOnFailure: [
    async ({ consignServer }, use, testInfo) => {
      const mark = consignServer?.logMark() ?? 0;
      await use(undefined);
      const log = consignServer?.logSince(mark).trim();
      if (log && testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach('server log', { body: log, contentType: 'text/plain' });
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
