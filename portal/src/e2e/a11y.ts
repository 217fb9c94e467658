/**
 * The machine accessibility check of the browser suite: axe-core on a page at desktop and phone
 * widths, failing on any serious or critical violation, with a full-page phone screenshot written
 * to portal/e2e-screenshots/ (git-ignored) for a person to look at.
 */
import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

const SCREENSHOTS = new URL('../../e2e-screenshots/', import.meta.url);

/** One line per offending node, so a failure says what and where. */
function listViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.impact} ${v.id}: ${v.help} at ${n.target.join(' ')}\n  ${n.failureSummary ?? ''}`,
      ),
    )
    .join('\n');
}

/**
 * Fails on any serious or critical axe violation on the page as it is now. Legacy mode runs axe
 * in the page itself (same-origin frames included; `crossSiteFrames` for a partner's page) instead of
 * finishing each scan in a new blank page: about half the time per scan (docs/performance.md).
 */
export async function axe(page: Page, name: string, width: string, { crossSiteFrames = false } = {}) {
  // A partner's page holds Consign's checkout in a frame from another site: only axe's default
  // mode reaches into it.
  // Only violations are read: axe then details one node per passing rule instead of every node
  // (a selector and an HTML snippet each), a quarter less time per scan (docs/performance.md).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (crossSiteFrames ? builder : builder.setLegacyMode()).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${name} at ${width}:\n${listViolations(serious)}`).toEqual([]);
}

/**
 * Runs axe on the page as it is at desktop width, then at phone width (with the screenshot),
 * and leaves the page at phone width. `ready` is awaited at each width before the check.
 */
export async function checkAccessibility(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.setViewportSize(DESKTOP);
  await ready();
  await axe(page, name, 'desktop');
  await page.setViewportSize(PHONE);
  await ready();
  await axe(page, name, 'phone');
  await mkdir(SCREENSHOTS, { recursive: true });
  // From the top, so the sticky header is drawn where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: new URL(`${name}-phone.png`, SCREENSHOTS).pathname, fullPage: true });
}

/** Collects page errors and console errors; `expectNone()` fails the test if any occurred. */
export function watchForErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(`console error: ${message.text()} (${message.location().url})`);
  });
  return {
    expectNone: () => expect(errors).toEqual([]),
    clear: () => {
      errors.length = 0;
    },
  };
}
