/**
 * The one Chromium the browser tests (portal/playwright.config.ts) and the bench's Lighthouse runs
 * (api/bench/run.mjs) drive: Debian's, or CHROMIUM_PATH (scripts/ensure-chromium.sh installs it),
 * started headless without a GPU, without QUIC and without the background traffic (component
 * updates, sync, first-run pages) that a test machine must not make.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
