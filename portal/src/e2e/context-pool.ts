/**
 * Browser contexts kept warm between the tests of a worker. A context's first page starts a
 * renderer process, most of what a page costs here; a context whose renderer is kept alive by a
 * page left open on the server (the keeper) opens the next test's pages for far less
 * (docs/performance.md, "Sixth round"). Each test still starts clean: when it ends, its pages are
 * closed and the context's cookies, permissions, storage and HTTP cache are cleared; a context
 * that went to any other origin (a partner page, the widget's frames) is closed, never lent again.
 * E2E_FRESH_CONTEXTS=1 gives every context new instead, to rule the pool out when a test fails.
 */
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from '@playwright/test';

type Warm = {
  key: string;
  context: BrowserContext;
  keeper: Page;
  cdp: CDPSession;
  /** The test went to another origin, or closed the context: it is not lent again. */
  spoilt: boolean;
};

const LOCAL = /^(data|blob|about):/;

export class ContextPool {
  private readonly idle = new Map<string, Warm[]>();
  private readonly lent: Warm[] = [];
  /** The test's own context options (`test.use`), which Playwright adds to every new context. */
  scope = '';

  constructor(
    private readonly browser: Browser,
    private readonly origin: string,
  ) {}

  /** A clean context with these options: a warm one when one is idle, else a new one. */
  async take(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    if (process.env.E2E_FRESH_CONTEXTS === '1') return this.browser.newContext(options);
    const key = this.scope + JSON.stringify(options);
    const warm = this.idle.get(key)?.pop() ?? (await this.open(key, options));
    this.lent.push(warm);
    return warm.context;
  }

  /** Takes back every context lent to the test that ended, each cleaned or closed. */
  async takeBack() {
    for (const warm of this.lent.splice(0)) {
      try {
        if (warm.spoilt || warm.keeper.isClosed()) throw new Error('not reusable');
        await this.clean(warm);
        this.idle.set(warm.key, [...(this.idle.get(warm.key) ?? []), warm]);
      } catch {
        await warm.context.close().catch(() => {});
      }
    }
  }

  async close() {
    for (const list of this.idle.values())
      for (const warm of list) await warm.context.close().catch(() => {});
    this.idle.clear();
  }

  private async open(key: string, options: BrowserContextOptions): Promise<Warm> {
    const context = await this.browser.newContext(options);
    const keeper = await context.newPage();
    await keeper.goto(`${this.origin}/healthz`);
    const warm: Warm = { key, context, keeper, cdp: await context.newCDPSession(keeper), spoilt: false };
    context.on('request', (request) => {
      const url = request.url();
      if (!LOCAL.test(url) && !url.startsWith(`${this.origin}/`)) warm.spoilt = true;
    });
    // A test ends a person's session by closing their context: their pages close, and the context
    // is not lent again (Playwright's own fixture closes the test's context the same way).
    const close = context.close.bind(context);
    context.close = async () => {
      warm.spoilt = true;
      await close();
    };
    return warm;
  }

  private async clean(warm: Warm) {
    for (const page of warm.context.pages()) if (page !== warm.keeper) await page.close();
    await warm.context.clearCookies();
    await warm.context.clearPermissions();
    await warm.keeper.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await warm.cdp.send('Network.clearBrowserCache');
  }
}
