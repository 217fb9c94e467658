/** Where things are on screen, for the browser tests that check layout (what covers what). */
import { expect, type Locator, type Page } from '@playwright/test';

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
