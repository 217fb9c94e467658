/** Where things are on screen, for the browser tests that check layout (what covers what). */
import { expect, type Locator, type Page } from '@playwright/test';
import { axe } from './a11y';

type Box = { x: number; y: number; width: number; height: number };

export function overlaps(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

/** The toasts on screen do not cover `targets`, and stack in one column of one width. */
export async function expectToastsClear(page: Page, targets: Locator) {
  const toasts = page.locator('.Toastify__toast');
  await expect(toasts.first()).toBeVisible();
  // Hovering pauses the toast's timer, so it is still there to be measured on a slow machine.
  await toasts.first().hover();
  const toastBoxes = await Promise.all((await toasts.all()).map(box));
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const t = await box(target);
    for (const toast of toastBoxes) expect(overlaps(t, toast)).toBe(false);
  }
  for (const toast of toastBoxes) {
    expect(toast.x).toBeCloseTo(toastBoxes[0]!.x, 0);
    expect(toast.width).toBeCloseTo(toastBoxes[0]!.width, 0);
  }
}

type LookOptions = {
  /** The widths to look at, widest first; the page is left at 1280 px after. */
  widths?: number[];
  /** The widths axe checks (each distinct screen once per width is enough: axe costs seconds). */
  axeAt?: number[];
  /** Look at this part only: scrolled into view, a viewport screenshot instead of the full page. */
  show?: Locator;
  /** Awaited at each width before measuring, for what must have settled first. */
  ready?: () => Promise<unknown>;
};

/**
 * Looks at the page at each width: no sideways scroll (naming what sticks out when something
 * does), axe, and a screenshot in `test-results/<spec>-<name>-<width>.png` to look at by eye.
 */
export async function look(page: Page, spec: string, name: string, options: LookOptions = {}) {
  const { widths = [1280, 390], axeAt = widths, show, ready } = options;
  // The pointer is parked off the page: a hover tooltip left open by the last click is not layout.
  await page.mouse.move(0, 0);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await ready?.();
    await show?.scrollIntoViewIfNeeded();
    const { overflow, wide } = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      wide: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ').slice(0, 2).join('.')}`),
    }));
    expect(overflow, `${name}: no sideways scroll at ${width}px (${wide.join(', ')})`).toBeLessThanOrEqual(0);
    if (axeAt.includes(width)) await axe(page, name, `${width}px`);
    await page.screenshot({ path: `test-results/${spec}-${name}-${width}.png`, fullPage: !show });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
